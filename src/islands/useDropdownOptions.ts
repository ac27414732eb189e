import { useEffect, useMemo, useState } from 'preact/compat';
import { dropdown } from '../lib/api/public.ts';
import type { DropdownPath } from '../lib/contract/index.ts';
import type { ComboOption } from './Combobox.tsx';

/** A dropdown's options for a Combobox, loaded once when the form mounts (SPEC §8: a failure is an empty list). */
export function useDropdownOptions(path: DropdownPath): { options: ComboOption[]; loading: boolean } {
  const [loaded, setLoaded] = useState<Awaited<ReturnType<typeof dropdown>> | null>(null);
  useEffect(() => {
    void dropdown(path).then(setLoaded);
  }, [path]);
  const options = useMemo(() => (loaded ?? []).map((o) => ({ value: String(o.value), label: o.label })), [loaded]);
  return { options, loading: loaded === null };
}
