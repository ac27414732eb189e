/** Access tokens across instances: a clock a few seconds behind the issuer's still accepts a fresh token; a forged age does not pass. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tokenSigner } from '../../server/auth/tokens.ts';

const signer = tokenSigner('unit-secret-'.padEnd(40, 'x'));

describe('access tokens', () => {
  afterEach(() => vi.useRealTimers());

  it('accepts a token issued by a clock three seconds ahead (another instance, or NTP stepping this one back)', async () => {
    const now = Date.now();
    vi.useFakeTimers({ now: now + 3_000, toFake: ['Date'] });
    const token = await signer.sign({ sub: 7, role: 'admin' });
    vi.setSystemTime(now);
    expect(await signer.verify(token)).toEqual({ sub: 7, role: 'admin' });
  });

  it('refuses a token issued a minute in the future, and one past its lifetime', async () => {
    const now = Date.now();
    vi.useFakeTimers({ now: now + 60_000, toFake: ['Date'] });
    const future = await signer.sign({ sub: 7, role: 'admin' });
    vi.setSystemTime(now - 16 * 60_000);
    const old = await signer.sign({ sub: 7, role: 'admin' });
    vi.setSystemTime(now);
    expect(await signer.verify(future)).toBeNull();
    expect(await signer.verify(old)).toBeNull();
  });
});
