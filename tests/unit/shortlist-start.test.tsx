// @vitest-environment happy-dom
/** @jsxImportSource preact */
/**
 * A phone's first Intl formatter loads the browser's locale data: ~100 ms of Lighthouse's 4x slower
 * CPU in one task, most of /shortlist/'s Total Blocking Time when the island made one to learn
 * today's date. A shortlist with nothing saved shows no date, so it makes none.
 */
import { act, cleanup, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import Shortlist from '../../src/islands/Shortlist.tsx';
import { dayOnDevice } from '../../src/lib/format.ts';
import { $shortlist } from '../../src/lib/stores/shortlist.ts';

const KINDS = ['DateTimeFormat', 'NumberFormat', 'PluralRules', 'RelativeTimeFormat'] as const;
const LOCALE_METHODS = [
  [Date.prototype, 'toLocaleDateString'],
  [Date.prototype, 'toLocaleString'],
  [Date.prototype, 'toLocaleTimeString'],
  [Number.prototype, 'toLocaleString'],
] as const;
const real = Object.fromEntries(KINDS.map((kind) => [kind, Intl[kind]]));
const realMethods = LOCALE_METHODS.map(([proto, name]) => proto[name as keyof typeof proto]);
let made: string[] = [];

beforeEach(() => {
  made = [];
  localStorage.clear();
  $shortlist.set([]);
  for (const kind of KINDS) {
    const counting = new Proxy(real[kind]!, {
      construct(target, args: unknown[]) {
        made.push(kind);
        return Reflect.construct(target, args) as object;
      },
    });
    Object.defineProperty(Intl, kind, { value: counting, configurable: true, writable: true });
  }
  LOCALE_METHODS.forEach(([proto, name], i) => {
    const method = realMethods[i] as (...args: unknown[]) => string;
    Object.defineProperty(proto, name, {
      value: function (this: unknown, ...args: unknown[]) {
        made.push(name);
        return method.apply(this, args);
      },
      configurable: true,
      writable: true,
    });
  });
});
afterEach(() => {
  cleanup();
  for (const kind of KINDS) Object.defineProperty(Intl, kind, { value: real[kind], configurable: true, writable: true });
  LOCALE_METHODS.forEach(([proto, name], i) =>
    Object.defineProperty(proto, name, { value: realMethods[i], configurable: true, writable: true }),
  );
});

describe('the shortlist page starts without Intl', () => {
  it('with nothing saved, it says so and makes no locale formatter', async () => {
    render(<Shortlist kinds={[]} />);
    await act(async () => {
      for (let i = 0; i < 10; i++) await Promise.resolve();
    });
    expect(screen.getByText(/nothing saved|no saved|save/i)).toBeTruthy();
    expect(made).toEqual([]);
  });

  it("reads today's date on the device from the Date itself", () => {
    expect(dayOnDevice(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
    expect(dayOnDevice(new Date(2026, 11, 31, 0, 1))).toBe('2026-12-31');
    expect(made).toEqual([]);
  });
});
