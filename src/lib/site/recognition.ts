/**
 * What a student is told about a university's recognition when choosing it (the apply form): its
 * entry in the official register of its country, or a warning when none is on record. The same
 * facts the university's page shows (src/components/Recognition.astro).
 */
import { detail, type Row } from '../api/public.ts';
import { formatDate } from '../format.ts';

export interface RecognitionNote {
  /** a warning: nothing on record, or not found in the register */
  warn: boolean;
  text: string;
}

/** The note for a university row and its country's row (either may lack the register). */
export function recognitionNote(university: Row, country: Row | null): RecognitionNote {
  const name = String(university.name ?? 'This university');
  const register = typeof country?.register_name === 'string' && country.register_name ? country.register_name : '';
  const checked = formatDate(university.register_checked_on);
  const status = register ? university.register_status : '';
  if (status === 'listed')
    return {
      warn: false,
      text: `Recognised: ${register} ${String(university.register_code ?? '')}`.trim() + (checked ? `, checked ${checked}.` : '.'),
    };
  const ask = 'Ask the consultancy for proof that it may teach international students before you pay anything.';
  if (status === 'not_found')
    return { warn: true, text: `${name} was not found in ${register}${checked ? ` when we checked on ${checked}` : ''}. ${ask}` };
  return { warn: true, text: `We have no record of ${name} in ${register || "its country's official register"} yet. ${ask}` };
}

/** Looks the university and its country up through the API; null when the university cannot be read. */
export async function recognitionOf(universityId: number | string): Promise<RecognitionNote | null> {
  const university = await detail('university', universityId).catch(() => null);
  if (!university) return null;
  const country =
    typeof university.destination_id === 'number' ? await detail('destination', university.destination_id).catch(() => null) : null;
  return recognitionNote(university, country);
}
