import { map } from 'nanostores';
import { dropdown, type Option } from '../api/admin.ts';

/**
 * Labels of referenced rows (`ref:id` → label), filled from every dropdown answer and from nested
 * objects in loaded records, so a chip or a list cell can name an id it did not search for.
 */
export const $labels = map<Record<string, string>>({});

export const labelKey = (ref: string, id: number | string) => `${ref}:${id}`;

export function rememberLabels(ref: string, pairs: Iterable<[number, string]>) {
  const next: Record<string, string> = {};
  for (const [id, label] of pairs) if ($labels.get()[labelKey(ref, id)] !== label) next[labelKey(ref, id)] = label;
  if (Object.keys(next).length) $labels.set({ ...$labels.get(), ...next });
}

export function labelFor(ref: string, id: number | string): string {
  return $labels.get()[labelKey(ref, id)] ?? `#${id}`;
}

/** Options for a picker (never raises, SPEC §8), remembered for their labels. */
export async function loadOptions(ref: string, search: string): Promise<Option[]> {
  const options = await dropdown(ref, search);
  rememberLabels(
    ref,
    options.map((o) => [o.id, o.label] as [number, string]),
  );
  return options;
}
