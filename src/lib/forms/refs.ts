import { optionsById } from '../api/admin.ts';
import { $labels, labelKey, rememberLabels } from '../stores/adminRefs.ts';

/** ids being looked up, so several pickers of one resource ask once */
const pending = new Set<string>();

/**
 * Names chosen ids that neither a loaded record nor a dropdown page has named, now that pickers
 * load only a small page, and only when opened. Never raises: an id not found stays '#id'.
 */
export async function nameChosen(ref: string, ids: number[]): Promise<void> {
  const missing = ids.filter((id) => Number.isInteger(id) && !(labelKey(ref, id) in $labels.get()) && !pending.has(labelKey(ref, id)));
  if (missing.length === 0) return;
  for (const id of missing) pending.add(labelKey(ref, id));
  try {
    const options = await optionsById(ref, missing);
    rememberLabels(
      ref,
      options.map((o) => [o.id, o.label] as [number, string]),
    );
  } finally {
    for (const id of missing) pending.delete(labelKey(ref, id));
  }
}
