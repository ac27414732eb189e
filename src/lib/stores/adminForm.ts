import { map, type MapStore } from 'nanostores';
import type { FieldMeta } from '../contract/fields.ts';
import { ApiError } from '../api/client.ts';
import type { FormValues } from '../forms/prepare.ts';
import { splitFieldErrors } from '../forms/schema.ts';
import { setDirty } from './admin.ts';
import { flash, updateFlash } from './adminFlash.ts';
import { followToLive, LIVE_TEXT } from './siteLive.ts';

/**
 * One form screen's state: the record being edited, saving, and the server's refusal (a message,
 * plus per-field errors shown beside their fields); a success is flashed (adminFlash.ts), with its
 * way to the public site. The form component owns only the inputs.
 */
export interface FormState {
  loading: boolean;
  record: Record<string, unknown> | null;
  saving: boolean;
  error: string | null;
  fieldErrors: Record<string, string>;
}

export interface FormStore {
  $state: MapStore<FormState>;
  open(): Promise<void>;
  submit(values: FormValues): Promise<Record<string, unknown> | null>;
}

export interface FormSource {
  fields: Record<string, FieldMeta>;
  /** absent for a create form */
  load?: () => Promise<Record<string, unknown>>;
  save: (values: FormValues) => Promise<Record<string, unknown>>;
  savedMessage?: string;
  /** what it saves shows on the public site: follow the rebuild until it is live */
  followsSite?: boolean;
}

export function createFormStore(source: FormSource): FormStore {
  const $state = map<FormState>({ loading: !!source.load, record: null, saving: false, error: null, fieldErrors: {} });
  let saves = 0;
  return {
    $state,
    async open() {
      if (!source.load) {
        $state.set({ ...$state.get(), loading: false, record: null });
        return;
      }
      $state.setKey('loading', true);
      $state.setKey('error', null);
      try {
        $state.setKey('record', await source.load());
      } catch (e) {
        $state.setKey('error', e instanceof Error ? e.message : String(e));
      } finally {
        $state.setKey('loading', false);
      }
    },
    async submit(values) {
      $state.set({ ...$state.get(), saving: true, error: null, fieldErrors: {} });
      const save = ++saves;
      try {
        const saved = await source.save(values);
        setDirty(false);
        $state.set({ ...$state.get(), saving: false, record: saved ?? $state.get().record });
        const message = source.savedMessage ?? 'Saved.';
        const shown = flash(message);
        if (source.followsSite)
          void followToLive(
            (phase) => updateFlash(shown, `${message} ${LIVE_TEXT[phase]}`),
            () => save === saves,
          );
        return saved ?? {};
      } catch (e) {
        const { byField, other } = splitFieldErrors(source.fields, e instanceof ApiError ? e.fields : undefined);
        const message = e instanceof Error ? e.message : String(e);
        $state.set({ ...$state.get(), saving: false, error: [message, ...other].join(' '), fieldErrors: byField });
        return null;
      }
    },
  };
}
