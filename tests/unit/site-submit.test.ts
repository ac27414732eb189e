import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/lib/api/client.ts';
import { createSubmission, failure, said } from '../../src/lib/stores/submit.ts';

describe("the islands' form submission", () => {
  it('is busy while the action runs, then keeps its result', async () => {
    let finish!: (v: string) => void;
    const s = createSubmission(() => new Promise<string>((r) => (finish = r)), 'Failed to send');
    const sent = s.submit();
    expect(s.$submission.get()).toEqual({ status: 'busy', failure: null, result: null });
    // a second submit while the first runs sends nothing
    expect(await s.submit()).toBeNull();
    finish('Sent.');
    expect(await sent).toBe('Sent.');
    expect(s.$submission.get()).toEqual({ status: 'done', failure: null, result: 'Sent.' });
    s.reset();
    expect(s.$submission.get().status).toBe('idle');
  });

  it("fails with SPEC §8's text, the server's words and the fields it refused, and may be sent again", async () => {
    const s = createSubmission(async () => {
      throw new ApiError('Some values are not valid.', 400, { email: ['Enter a valid email.'] });
    }, 'Sign-up failed');
    expect(await s.submit()).toBeNull();
    expect(s.$submission.get()).toEqual({
      status: 'idle',
      failure: { text: 'Sign-up failed', detail: 'Some values are not valid.', fields: { email: ['Enter a valid email.'] } },
      result: null,
    });
  });

  it('says a failure in one line: the server’s words, else the fallback', () => {
    expect(said(failure('Failed to post reply', new ApiError('Too many replies.', 429)))).toBe('Too many replies.');
    expect(said(failure('Failed to post reply', new Error('')))).toBe('Failed to post reply');
    expect(failure('Failed', new TypeError('offline')).fields).toBeUndefined();
  });
});
