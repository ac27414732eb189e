import { setDirty } from '../stores/admin.ts';

/** Forms on screen holding unsaved changes, by a key of each form. */
const dirtyForms = new Set<string>();

/**
 * One form's unsaved-changes state. The console's one warning flag stays on while any form holds
 * changes, so on a screen of several forms (Settings) saving or undoing one keeps the other's warning.
 */
export function markDirty(form: string, dirty: boolean) {
  if (dirty) dirtyForms.add(form);
  else dirtyForms.delete(form);
  setDirty(dirtyForms.size > 0);
}
