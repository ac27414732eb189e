import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';
import type { z } from 'zod';

/**
 * Refuses passwords that are common or trivially guessable (8 spaces, 12345678, "password", the
 * account's own email or name), with zxcvbn-ts: maintained lists of leaked passwords, names and
 * words, and the patterns crackers try first (repeats, sequences, keyboard rows, dates, l33t).
 * Score 2 of 4 ("somewhat guessable", about 10^8 guesses) is the bar: with sign-in throttled,
 * that is out of reach online, while a student can still pick something memorable.
 */
export const MIN_PASSWORD_SCORE = 2;

let zxcvbn: ZxcvbnFactory | undefined;
// the dictionaries take a moment to load: only when a password is first set, not at start-up
const estimator = () =>
  (zxcvbn ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...en.dictionary },
    graphs: common.adjacencyGraphs,
    translations: en.translations,
  }));

/** Why this password is too easy to guess, in a sentence or two; null when it is strong enough. */
export function passwordWeakness(password: string, personal: (string | undefined | null)[] = []): string | null {
  const words = personal
    .filter((w): w is string => Boolean(w && w.trim()))
    .flatMap((w) => [w, ...w.split(/[@.\s_-]+/)])
    .filter((w) => w.length >= 3);
  const result = estimator().check(password, words);
  if (result.score >= MIN_PASSWORD_SCORE) return null;
  const why = result.feedback.warning ?? 'It is easy to guess.';
  return `Choose a password that is harder to guess. ${why} ${result.feedback.suggestions.join(' ')}`.trim();
}

/** A zod refinement for a body with a password and the account's own details (email, names). */
export function strongPassword(body: { password?: string; email?: string; first_name?: string; last_name?: string }, ctx: z.RefinementCtx) {
  if (!body.password) return;
  const weakness = passwordWeakness(body.password, [body.email, body.first_name, body.last_name]);
  if (weakness) ctx.addIssue({ code: 'custom', path: ['password'], message: weakness });
}
