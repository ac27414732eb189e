import crypto from 'node:crypto';

/** No 0/O, 1/I/L: a code read aloud over the phone or copied by hand survives. */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const GROUPS = 4;
const GROUP_LENGTH = 4;
// 16 characters of 31 symbols: about 79 random bits, far beyond guessing.
const LENGTH = GROUPS * GROUP_LENGTH;

const group = (raw: string) => raw.match(new RegExp(`.{${GROUP_LENGTH}}`, 'g'))!.join('-');

/** `length` random characters of the alphabet. */
export function randomCharacters(length: number): string {
  let raw = '';
  for (let i = 0; i < length; i++) raw += ALPHABET[crypto.randomInt(ALPHABET.length)];
  return raw;
}

/** A fresh code in its stored and shown form, like 7K3Q-M9XA-2HPF-R4TW. */
export const newTrackingCode = (): string => group(randomCharacters(LENGTH));

/** The follow-up code is as long as an application's tracking code (about 79 random bits), so an unsalted hash is enough. */
export const hashCode = (code: string) => crypto.createHash('sha256').update(code).digest('hex');

/** What a person typed, in the stored form: any case, dashes and spaces optional; null if it cannot be a code. */
export function normalizeTrackingCode(input: string): string | null {
  const raw = input.toUpperCase().replace(/[\s-]/g, '');
  if (raw.length !== LENGTH || [...raw].some((c) => !ALPHABET.includes(c))) return null;
  return group(raw);
}
