/**
 * Intl formatters are made when first used, never when a module loads: a phone's first formatter
 * loads the browser's locale and time zone data (50-90 ms, seen as one long task in every page's
 * start when the site's shared chunk made them at load).
 */
/// <reference types="vite/client" />
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const KINDS = ['DateTimeFormat', 'NumberFormat', 'PluralRules'] as const;
const real = { ...Object.fromEntries(KINDS.map((kind) => [kind, Intl[kind]])) } as Pick<typeof Intl, (typeof KINDS)[number]>;
let made: string[] = [];

beforeEach(() => {
  made = [];
  vi.resetModules();
  for (const kind of KINDS) {
    const counting = new Proxy(real[kind], {
      construct(target, args: unknown[]) {
        made.push(kind);
        return Reflect.construct(target, args) as object;
      },
    });
    Object.defineProperty(Intl, kind, { value: counting, configurable: true, writable: true });
  }
});
afterEach(() => {
  for (const kind of KINDS) Object.defineProperty(Intl, kind, { value: real[kind], configurable: true, writable: true });
});

describe('Intl formatters', () => {
  it('none is made by loading the code the site’s pages share', async () => {
    const modules = import.meta.glob(['../../src/lib/format.ts', '../../src/lib/shared/*.ts', '../../src/lib/site/*.ts']);
    expect(Object.keys(modules).length).toBeGreaterThan(20);
    for (const load of Object.values(modules)) await load();
    expect(made).toEqual([]);
  });

  it('each is made once, when first used', async () => {
    const { countOf, formatDate, formatMoney } = await import('../../src/lib/format.ts');
    expect(formatDate('2026-11-23')).toBe('23 Nov 2026');
    expect(formatDate('2026-11-24')).toBe('24 Nov 2026');
    expect(made).toEqual(['DateTimeFormat']);
    expect(countOf(3, 'day')).toBe('3 days');
    expect(formatMoney(29710, 'AUD')).toBe('AUD 29,710');
    expect(formatMoney(100, 'AUD')).toBe('AUD 100');
    expect(made.toSorted()).toEqual(['DateTimeFormat', 'NumberFormat', 'NumberFormat', 'PluralRules']);
  });
});
