import { zodResolver } from '@hookform/resolvers/zod';
import { useStore } from '@nanostores/react';
import { useEffect, useId, useMemo, type ReactNode } from 'react';
import { Controller, useForm, type UseFormReturn } from 'react-hook-form';
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

/** Pickers show names, not ids: the names nested in a loaded record are remembered for them. */
function rememberRecordLabels(fields: Record<string, FieldMeta>, record: Record<string, unknown>) {
  const related = (record.related ?? {}) as Record<string, { id: number; label: string }[] | undefined>;
  for (const [name, meta] of Object.entries(fields)) {
    if (meta.ref && Array.isArray(related[name]))
      rememberLabels(
        meta.ref,
        related[name].map((x) => [x.id, x.label] as [number, string]),
      );
    if (meta.kind === 'refs' && meta.ref) rememberLabels(meta.ref, labelsOf(record[name]));
    if (meta.kind === 'ref' && meta.ref) {
      const base = name.replace(/_id$/, '');
      const nested = record[base] as { id?: number; name?: string; title?: string } | undefined;
      const label = (record[`${base}_name`] as string | undefined) ?? nested?.name ?? nested?.title;
      const id = Number(record[name] ?? nested?.id);
      if (label && Number.isInteger(id)) rememberLabels(meta.ref, [[id, label]]);
    }
  }
}

export function EntityForm({ title, fields, mode, store, submitLabel, onSaved, actions, heading: Heading = 'h1' }: EntityFormProps) {
  const state = useStore(store.$state);
  const titleId = useId();
  const schema = useMemo(() => formSchema(fields, mode), [fields, mode]);
  const form = useForm<FormValues>({
    resolver: zodResolver<FormValues, unknown, FormValues>(schema),
    defaultValues: formDefaults(fields, null),
    mode: 'onTouched',
  });
  const { handleSubmit, reset, formState, setError } = form;

  useEffect(() => {
    void store.open();
  }, [store]);

  // a loaded (or saved) record becomes the new starting point; its nested names feed the pickers
  useEffect(() => {
    if (!state.record) return;
    rememberRecordLabels(fields, state.record);
    reset(formDefaults(fields, state.record));
  }, [state.record, fields, reset]);

  useEffect(() => {
    markDirty(titleId, formState.isDirty);
  }, [titleId, formState.isDirty]);
  useEffect(() => () => markDirty(titleId, false), [titleId]);

  useEffect(() => {
    // only the first one takes the focus: moving it on would re-validate (and clear) the others
    Object.entries(state.fieldErrors).forEach(([name, message], i) =>
      setError(name, { type: 'server', message }, { shouldFocus: i === 0 }),
    );
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

  const defaults = (formState.defaultValues ?? {}) as FormValues;

  if (state.loading) return <p role="status">Loading…</p>;
  if (mode === 'update' && !state.record && state.error)
    return (
      <p role="alert" className="field-error">
        {state.error}
      </p>
    );

  return (
    <form
      method="post"
      className="panel mb-6 grid max-w-3xl gap-4 p-5 [&>*]:min-w-0"
      onSubmit={handleSubmit(onValid)}
      noValidate
      aria-labelledby={titleId}
    >
      <Heading id={titleId}>{title}</Heading>
      {state.error && (
        <p role="alert" className="alert-error">
          {state.error}
        </p>
      )}
      {Object.entries(fields).map(([name, meta]) => (
        <FormField
          key={name}
          name={name}
          meta={meta}
          mode={mode}
          form={form}
          error={formState.errors[name]?.message as string | undefined}
          defaults={defaults}
        />
      ))}
      <div className="sticky bottom-0 -mx-5 -mb-5 flex flex-wrap items-center gap-3 rounded-b-lg border-t border-line bg-white/95 px-5 py-3 backdrop-blur">
        <button type="submit" className="btn-primary" disabled={state.saving}>
          {state.saving ? 'Saving…' : (submitLabel ?? (mode === 'create' ? 'Create' : 'Save changes'))}
        </button>
        {actions}
      </div>
    </form>
  );
}

interface FormFieldProps {
  name: string;
  meta: FieldMeta;
  mode: Mode;
  form: UseFormReturn<FormValues>;
  /** the field's message, read by the form itself: its formState subscribes to what it reads */
  error: string | undefined;
  defaults: FormValues;
}

/** One field of the form: its label, help and error around the input its kind asks for. */
function FormField({ name, meta, mode, form, error, defaults }: FormFieldProps) {
  const id = `f-${name}`;
  const common = { 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy(id, meta.help, error) };
  if (meta.kind === 'boolean')
    return (
      <div className="flex flex-wrap items-center gap-2">
        <input id={id} type="checkbox" {...common} {...form.register(name)} />
        <label htmlFor={id} className="font-semibold">
          {meta.label}
        </label>
        {error && (
          <p className="field-error w-full" id={`${id}-error`} role="alert">
            {error}
          </p>
        )}
      </div>
    );
  const required = meta.required && (mode === 'create' || meta.kind !== 'image');
  const grouped = meta.kind === 'tags' || meta.kind === 'faqs' || Boolean(meta.multiple);
  const input = CONTROLLED.has(meta.kind)
    ? controlledInput(id, name, meta, form, error, defaults)
    : plainInput(id, meta, { ...common, ...form.register(name) }, name);
  return (
    <Field id={id} label={meta.label} help={meta.help} error={error} required={required} as={grouped ? 'fieldset' : 'div'}>
      {input}
    </Field>
  );
}

/** The kinds drawn by a widget of their own, which react-hook-form drives through a Controller. */
const CONTROLLED = new Set<FieldMeta['kind']>(['ref', 'refs', 'tags', 'faqs', 'html', 'image', 'file']);

/** A native input, select or textarea; `props` are its aria attributes and its registration. */
function plainInput(id: string, meta: FieldMeta, props: Record<string, unknown>, name: string): ReactNode {
  switch (meta.kind) {
    case 'textarea':
      return <textarea id={id} rows={4} {...props} />;
    case 'number':
      return (
        <input
          id={id}
          type="number"
          inputMode={meta.decimals ? 'decimal' : 'numeric'}
          min={meta.min}
          max={meta.max}
          step={meta.step ?? (meta.decimals ? 10 ** -meta.decimals : 1)}
          {...props}
        />
      );
    case 'date':
      return <input id={id} type="date" {...props} />;
    case 'datetime':
      return <input id={id} type="datetime-local" {...props} />;
    case 'select':
      return (
        <select id={id} {...props}>
          <option value="">{meta.required ? 'Choose…' : '—'}</option>
          {meta.options?.map((o) => (
            <option key={o} value={o}>
              {o.replace(/_/g, ' ')}
            </option>
          ))}
        </select>
      );
    default: {
      const type = SECRET_FIELDS.has(name)
        ? 'password'
        : meta.kind === 'email'
          ? 'email'
          : meta.kind === 'url'
            ? 'url'
            : name === 'phone'
              ? 'tel'
              : 'text';
      return (
        <input
          id={id}
          type={type}
          maxLength={meta.max}
          autoComplete={type === 'password' ? 'new-password' : type === 'email' ? 'email' : type === 'tel' ? 'tel' : undefined}
          inputMode={type === 'email' ? 'email' : type === 'url' ? 'url' : type === 'tel' ? 'tel' : undefined}
          {...props}
        />
      );
    }
  }
}

/** A widget's input: pickers, rows of tags or questions, rich text, files and galleries. */
function controlledInput(
  id: string,
  name: string,
  meta: FieldMeta,
  form: UseFormReturn<FormValues>,
  error: string | undefined,
  defaults: FormValues,
): ReactNode {
  const { control } = form;
  switch (meta.kind) {
    case 'ref':
    case 'refs':
      return (
        <Controller
          control={control}
          name={name}
          render={({ field }) => (
            <RefPicker
              id={id}
              refName={meta.ref!}
              multiple={meta.kind === 'refs'}
              value={field.value}
              onChange={field.onChange}
              label={meta.label}
              invalid={!!error}
            />
          )}
        />
      );
    case 'tags':
      return (
        <Controller
          control={control}
          name={name}
          render={({ field }) => <TagRows id={id} value={field.value} onChange={field.onChange} label={meta.label} />}
        />
      );
    case 'faqs':
      return (
        <Controller
          control={control}
          name={name}
          render={({ field }) => <FaqRows id={id} value={field.value} onChange={field.onChange} />}
        />
      );
    case 'html':
      return (
        <Controller
          control={control}
          name={name}
          render={({ field }) => <RichText id={id} value={field.value} onChange={field.onChange} label={meta.label} />}
        />
      );
    default:
      return fileInput(id, name, meta, form, defaults);
  }
}

/** A file field's input: a gallery of images (with the ones to remove), or one file or image. */
function fileInput(id: string, name: string, meta: FieldMeta, form: UseFormReturn<FormValues>, defaults: FormValues): ReactNode {
  const { control, watch, setValue } = form;
  return meta.multiple ? (
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
          original={defaults[name]}
          onChange={field.onChange}
          image={meta.kind === 'image'}
          accept={meta.accept === 'pdf' ? 'application/pdf' : meta.accept === 'document' ? 'application/pdf,image/*' : undefined}
          label={meta.label}
        />
      )}
    />
  );
}
