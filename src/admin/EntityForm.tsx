import { zodResolver } from '@hookform/resolvers/zod';
import { useStore } from '@nanostores/react';
import { useEffect, useId, useMemo, type ReactNode } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { removalField, type FieldMeta } from '../lib/contract/fields.ts';
import { SECRET_FIELDS } from '../lib/forms/users.ts';
import { markDirty } from '../lib/forms/dirty.ts';
import type { FormValues, Mode } from '../lib/forms/prepare.ts';
import { formDefaults, formSchema, labelsOf } from '../lib/forms/schema.ts';
import type { FormStore } from '../lib/stores/adminForm.ts';
import { rememberLabels } from '../lib/stores/adminRefs.ts';
import { describedBy, FaqRows, Field, FilePicker, Gallery, RefPicker, RichText, TagRows } from './widgets.tsx';

/**
 * The one form screen: every field drawn from its metadata, validated with the contract's zod
 * schema, the server's per-field errors shown beside their fields, unsaved changes tracked.
 */
export interface EntityFormProps {
  title: string;
  fields: Record<string, FieldMeta>;
  mode: Mode;
  store: FormStore;
  submitLabel?: string;
  onSaved?: (row: Record<string, unknown>) => void;
  actions?: ReactNode;
  /** h1 for a screen of its own, h2 when several forms share a screen */
  heading?: 'h1' | 'h2';
}

export function EntityForm({ title, fields, mode, store, submitLabel, onSaved, actions, heading: Heading = 'h1' }: EntityFormProps) {
  const state = useStore(store.$state);
  const titleId = useId();
  const schema = useMemo(() => formSchema(fields, mode), [fields, mode]);
  const form = useForm<FormValues>({
    resolver: zodResolver(schema as never) as unknown as Resolver<FormValues>,
    defaultValues: formDefaults(fields, null),
    mode: 'onTouched',
  });
  const { register, control, handleSubmit, reset, formState, setError, setValue, watch } = form;

  useEffect(() => {
    void store.open();
  }, [store]);

  // a loaded (or saved) record becomes the new starting point; its nested names feed the pickers
  useEffect(() => {
    if (!state.record) return;
    const related = (state.record.related ?? {}) as Record<string, { id: number; label: string }[] | undefined>;
    for (const [name, meta] of Object.entries(fields)) {
      if (meta.ref && Array.isArray(related[name])) rememberLabels(meta.ref, related[name].map((x) => [x.id, x.label] as [number, string]));
      if (meta.kind === 'refs' && meta.ref) rememberLabels(meta.ref, labelsOf(state.record[name]));
      if (meta.kind === 'ref' && meta.ref) {
        const base = name.replace(/_id$/, '');
        const nested = state.record[base] as { id?: number; name?: string; title?: string } | undefined;
        const label = (state.record[`${base}_name`] as string | undefined) ?? nested?.name ?? nested?.title;
        const id = Number(state.record[name] ?? nested?.id);
        if (label && Number.isInteger(id)) rememberLabels(meta.ref, [[id, label]]);
      }
    }
    reset(formDefaults(fields, state.record));
  }, [state.record, fields, reset]);

  useEffect(() => {
    markDirty(titleId, formState.isDirty);
  }, [titleId, formState.isDirty]);
  useEffect(() => () => markDirty(titleId, false), [titleId]);

  useEffect(() => {
    // only the first one takes the focus: moving it on would re-validate (and clear) the others
    Object.entries(state.fieldErrors).forEach(([name, message], i) => setError(name, { type: 'server', message }, { shouldFocus: i === 0 }));
  }, [state.fieldErrors, setError]);

  const onValid = async (values: FormValues) => {
    const saved = await store.submit(values);
    if (saved) {
      reset(formDefaults(fields, Object.keys(saved).length ? saved : { ...state.record, ...values }));
      // the store's save cleared the screen's flag: back on if another form still holds changes
      markDirty(titleId, false);
      onSaved?.(saved);
    }
  };

  const defaults = formState.defaultValues ?? {};

  if (state.loading) return <p role="status">Loading…</p>;
  if (mode === 'update' && !state.record && state.error) return <p role="alert" className="field-error">{state.error}</p>;

  return (
    <form method="post" className="panel mb-6 grid max-w-3xl gap-4 p-5 [&>*]:min-w-0" onSubmit={handleSubmit(onValid)} noValidate aria-labelledby={titleId}>
      <Heading id={titleId}>{title}</Heading>
      {state.error && (
        <p role="alert" className="alert-error">
          {state.error}
        </p>
      )}
      {Object.entries(fields).map(([name, meta]) => {
        const id = `f-${name}`;
        const error = formState.errors[name]?.message as string | undefined;
        const common = { 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy(id, meta.help, error) };
        const required = meta.required && (mode === 'create' || meta.kind !== 'image');
        let input: ReactNode;
        switch (meta.kind) {
          case 'textarea':
            input = <textarea id={id} rows={4} {...common} {...register(name)} />;
            break;
          case 'number':
            input = <input id={id} type="number" inputMode={meta.decimals ? 'decimal' : 'numeric'} min={meta.min} max={meta.max} step={meta.decimals ? 10 ** -meta.decimals : 1} {...common} {...register(name)} />;
            break;
          case 'boolean':
            return (
              <div className="flex flex-wrap items-center gap-2" key={name}>
                <input id={id} type="checkbox" {...common} {...register(name)} />
                <label htmlFor={id} className="font-semibold">
                  {meta.label}
                </label>
                {error && <p className="field-error w-full" id={`${id}-error`} role="alert">{error}</p>}
              </div>
            );
          case 'date':
            input = <input id={id} type="date" {...common} {...register(name)} />;
            break;
          case 'datetime':
            input = <input id={id} type="datetime-local" {...common} {...register(name)} />;
            break;
          case 'select':
            input = (
              <select id={id} {...common} {...register(name)}>
                <option value="">{meta.required ? 'Choose…' : '—'}</option>
                {meta.options?.map((o) => (
                  <option key={o} value={o}>
                    {o.replace(/_/g, ' ')}
                  </option>
                ))}
              </select>
            );
            break;
          case 'ref':
          case 'refs':
            input = (
              <Controller
                control={control}
                name={name}
                render={({ field }) => <RefPicker id={id} refName={meta.ref!} multiple={meta.kind === 'refs'} value={field.value} onChange={field.onChange} label={meta.label} invalid={!!error} />}
              />
            );
            break;
          case 'tags':
            input = <Controller control={control} name={name} render={({ field }) => <TagRows id={id} value={field.value} onChange={field.onChange} label={meta.label} />} />;
            break;
          case 'faqs':
            input = <Controller control={control} name={name} render={({ field }) => <FaqRows id={id} value={field.value} onChange={field.onChange} />} />;
            break;
          case 'html':
            input = <Controller control={control} name={name} render={({ field }) => <RichText id={id} value={field.value} onChange={field.onChange} label={meta.label} />} />;
            break;
          case 'image':
          case 'file':
            input =
              meta.multiple ? (
                <Controller
                  control={control}
                  name={name}
                  render={({ field }) => (
                    <Gallery
                      id={id}
                      value={field.value}
                      onChange={field.onChange}
                      removed={(watch(removalField(name, meta)) as string[] | undefined) ?? []}
                      onRemovedChange={(v) => setValue(removalField(name, meta), v, { shouldDirty: true })}
                    />
                  )}
                />
              ) : (
                <Controller
                  control={control}
                  name={name}
                  render={({ field }) => (
                    <FilePicker
                      id={id}
                      value={field.value}
                      original={(defaults as FormValues)[name]}
                      onChange={field.onChange}
                      image={meta.kind === 'image'}
                      accept={meta.accept === 'pdf' ? 'application/pdf' : meta.accept === 'document' ? 'application/pdf,image/*' : undefined}
                      label={meta.label}
                    />
                  )}
                />
              );
            break;
          default: {
            const type = SECRET_FIELDS.has(name) ? 'password' : meta.kind === 'email' ? 'email' : meta.kind === 'url' ? 'url' : name === 'phone' ? 'tel' : 'text';
            input = (
              <input
                id={id}
                type={type}
                maxLength={meta.max}
                autoComplete={type === 'password' ? 'new-password' : type === 'email' ? 'email' : type === 'tel' ? 'tel' : undefined}
                inputMode={type === 'email' ? 'email' : type === 'url' ? 'url' : type === 'tel' ? 'tel' : undefined}
                {...common}
                {...register(name)}
              />
            );
          }
        }
        const grouped = meta.kind === 'tags' || meta.kind === 'faqs' || Boolean(meta.multiple);
        return (
          <Field key={name} id={id} label={meta.label} help={meta.help} error={error} required={required} as={grouped ? 'fieldset' : 'div'}>
            {input}
          </Field>
        );
      })}
      <div className="sticky bottom-0 -mx-5 -mb-5 flex flex-wrap items-center gap-3 rounded-b-lg border-t border-line bg-white/95 px-5 py-3 backdrop-blur">
        <button type="submit" className="btn-primary" disabled={state.saving}>
          {state.saving ? 'Saving…' : (submitLabel ?? (mode === 'create' ? 'Create' : 'Save changes'))}
        </button>
        {actions}
      </div>
    </form>
  );
}
