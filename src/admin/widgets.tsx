import { useStore } from '@nanostores/react';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { DROPDOWN_PAGE_SIZE, type Option } from '../lib/api/admin.ts';
import { nameChosen } from '../lib/forms/refs.ts';
import { $labels, labelKey, loadOptions } from '../lib/stores/adminRefs.ts';

/** Form widgets, one per field kind that needs more than a plain input. */

/** The ids of a field's help and error texts, those that are shown, for aria-describedby. */
export const describedBy = (id: string, help?: string, error?: string) =>
  [help && `${id}-help`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;

export function Field(props: {
  id: string;
  label: string;
  help?: string;
  error?: string;
  required?: boolean;
  children: ReactNode;
  as?: 'div' | 'fieldset';
}) {
  const { id, label, help, error, required, children } = props;
  if (props.as === 'fieldset')
    return (
      <fieldset className="grid min-w-0 gap-1" aria-describedby={describedBy(id, help, error)}>
        <legend className="mb-1 font-semibold">
          {label}
          {required && (
            <span aria-hidden="true" className="text-lapsed">
              {' '}
              *
            </span>
          )}
        </legend>
        {help && (
          <p className="help" id={`${id}-help`}>
            {help}
          </p>
        )}
        {children}
        {error && (
          <p className="field-error" id={`${id}-error`} role="alert">
            {error}
          </p>
        )}
      </fieldset>
    );
  return (
    <div className="grid min-w-0 gap-1">
      <label htmlFor={id} className="font-semibold">
        {label}
        {required && (
          <span aria-hidden="true" className="text-lapsed">
            {' '}
            *
          </span>
        )}
      </label>
      {help && (
        <p className="help" id={`${id}-help`}>
          {help}
        </p>
      )}
      {children}
      {error && (
        <p className="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

// ---- ref / refs picker ---------------------------------------------------------------------------

export interface RefPickerProps {
  id: string;
  refName: string;
  multiple: boolean;
  value: unknown;
  onChange: (v: unknown) => void;
  label: string;
  invalid?: boolean;
  placeholder?: string;
}

/** The options of a picker's list: one small page matching `query`, asked for only while the list is open. */
function useRefOptions(refName: string, query: string, open: boolean) {
  const [options, setOptions] = useState<Option[]>([]);
  const [active, setActive] = useState(0);
  const [loading, setLoading] = useState(false);
  // the search the options answer, so closing and reopening does not ask again
  const [loadedFor, setLoadedFor] = useState<string | null>(null);

  useEffect(() => {
    if (!open || loadedFor === query) return;
    let live = true;
    setLoading(true);
    const t = setTimeout(
      () => {
        void loadOptions(refName, query).then((opts) => {
          if (!live) return;
          setOptions(opts);
          setActive(0);
          setLoading(false);
          setLoadedFor(query);
        });
      },
      query ? 250 : 0,
    );
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [refName, query, open, loadedFor]);

  return { options, loading, active, setActive };
}

/** The picks of a picker, each a chip with its remove button. */
function ChosenChips({
  label,
  selected,
  name,
  unpick,
}: {
  label: string;
  selected: number[];
  name: (n: number) => string;
  unpick: (n: number) => void;
}) {
  return (
    <ul role="list" className="mb-1.5 flex flex-wrap gap-1.5" aria-label={`Chosen ${label.toLowerCase()}`}>
      {selected.map((n) => (
        <li key={n} className="inline-flex items-center gap-1 rounded-full border border-brand/25 bg-brand/5 pl-2.5 text-sm">
          {name(n)}
          <button
            type="button"
            className="min-h-8 border-0 bg-transparent px-2 shadow-none"
            onClick={() => unpick(n)}
            aria-label={`Remove ${name(n)}`}
          >
            ×
          </button>
        </li>
      ))}
    </ul>
  );
}

interface OptionListProps {
  id: string;
  label: string;
  multiple: boolean;
  selected: number[];
  options: Option[];
  active: number;
  loading: boolean;
  pick: (o: Option) => void;
}

/** A picker's open list of options. */
function OptionList({ id, label, multiple, selected, options, active, loading, pick }: OptionListProps) {
  return (
    <ul
      className="absolute inset-x-0 z-20 mt-0.5 max-h-64 overflow-auto rounded-md border border-slate-400 bg-white py-1 shadow-lg [&>li]:px-2.5 [&>li]:py-2"
      id={`${id}-list`}
      role="listbox"
      aria-multiselectable={multiple || undefined}
      aria-label={label}
    >
      {loading && options.length === 0 && <li className="text-muted">Loading…</li>}
      {!loading && options.length === 0 && <li className="text-muted">Nothing found.</li>}
      {options.map((o, i) => (
        // the keyboard moves through the options from the combobox input (aria-activedescendant), which holds the focus
        // eslint-disable-next-line jsx-a11y/click-events-have-key-events
        <li
          key={o.id}
          id={`${id}-opt-${o.id}`}
          role="option"
          aria-selected={selected.includes(o.id)}
          className={`cursor-pointer hover:bg-brand/5 ${i === active ? 'bg-brand/10' : ''}`}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => pick(o)}
        >
          {selected.includes(o.id) ? '✓ ' : ''}
          {o.label}
        </li>
      ))}
      {options.length >= DROPDOWN_PAGE_SIZE && (
        <li className="text-muted">Only the first {DROPDOWN_PAGE_SIZE} are listed: type to narrow them.</li>
      )}
    </ul>
  );
}

/** The ids a picker's form value holds: a list of them, or one id as text ('' for none). */
function selectedIds(value: unknown, multiple: boolean | undefined): number[] {
  if (multiple) return Array.isArray(value) ? value.map(Number) : [];
  return value !== '' && value !== null && value !== undefined ? [Number(value)] : [];
}

/**
 * A searchable combobox fed by the dropdown endpoint; several picks show as removable chips. It asks
 * for one small page, matching what is typed, only once opened: a form full of pickers loads nothing
 * until used.
 */
export function RefPicker({ id, refName, multiple, value, onChange, label, invalid, placeholder }: RefPickerProps) {
  const labels = useStore($labels);
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const { options, loading, active, setActive } = useRefOptions(refName, query, open);
  const selected = selectedIds(value, multiple);
  const selectedKey = selected.join(',');

  useEffect(() => {
    if (selectedKey) void nameChosen(refName, selectedKey.split(',').map(Number));
  }, [refName, selectedKey]);

  const name = (n: number) => labels[labelKey(refName, n)] ?? `#${n}`;
  const pick = (o: Option) => {
    if (multiple) onChange(selected.includes(o.id) ? selected.filter((x) => x !== o.id) : [...selected, o.id]);
    else {
      onChange(String(o.id));
      setOpen(false);
    }
    setQuery('');
  };
  const unpick = (n: number) => onChange(multiple ? selected.filter((x) => x !== n) : '');

  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setOpen(true);
      setActive((a) => Math.min(a + 1, options.length - 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((a) => Math.max(a - 1, 0));
    } else if (e.key === 'Enter') {
      if (open && options[active]) {
        e.preventDefault();
        pick(options[active]);
      }
    } else if (e.key === 'Escape') {
      setOpen(false);
    } else if (e.key === 'Backspace' && query === '' && selected.length) {
      unpick(selected[selected.length - 1]);
    }
  };

  return (
    <div className="relative" onBlur={(e) => !e.currentTarget.contains(e.relatedTarget as Node) && setOpen(false)}>
      {selected.length > 0 && <ChosenChips label={label} selected={selected} name={name} unpick={unpick} />}
      <input
        id={id}
        type="search"
        role="combobox"
        autoComplete="off"
        aria-expanded={open}
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-invalid={invalid || undefined}
        aria-activedescendant={open && options[active] ? `${id}-opt-${options[active].id}` : undefined}
        placeholder={placeholder ?? (multiple ? 'Search and add…' : selected.length ? 'Search to change…' : 'Search…')}
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        onKeyDown={onKey}
      />
      {open && (
        <OptionList
          id={id}
          label={label}
          multiple={multiple}
          selected={selected}
          options={options}
          active={active}
          loading={loading}
          pick={pick}
        />
      )}
    </div>
  );
}

// ---- files ------------------------------------------------------------------------------------

const isFile = (v: unknown): v is File => typeof File !== 'undefined' && v instanceof File;

function usePreview(value: unknown): string | null {
  const url = useMemo(() => (isFile(value) && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(value) : null), [value]);
  useEffect(() => () => void (url && URL.revokeObjectURL?.(url)), [url]);
  return url ?? (typeof value === 'string' && value ? value : null);
}

/** One file: a preview of the current one, then choose or replace; a new choice can be undone. */
export function FilePicker(props: {
  id: string;
  value: unknown;
  original: unknown;
  onChange: (v: unknown) => void;
  image: boolean;
  accept?: string;
  label: string;
}) {
  const { id, value, original, onChange, image, label } = props;
  const preview = usePreview(value);
  const input = useRef<HTMLInputElement>(null);
  const [size, setSize] = useState<string | null>(null);
  // a label such as 'Desktop image (960x540)' names the expected size: say when a new image differs
  const expected = /(\d+)\s*x\s*(\d+)/.exec(label)?.slice(1, 3).join('x') ?? null;
  return (
    <div className="grid justify-items-start gap-1.5">
      {preview &&
        (image ? (
          <img
            src={preview}
            alt={`${label}: preview`}
            className="block max-h-40 max-w-56 rounded"
            onLoad={(e) => setSize(`${e.currentTarget.naturalWidth}x${e.currentTarget.naturalHeight}`)}
          />
        ) : (
          <a href={preview} target="_blank" rel="noreferrer">
            {isFile(value) ? value.name : 'Current file'}
          </a>
        ))}
      {expected && size && isFile(value) && size !== expected && (
        <p className="help text-unverified" role="status">
          This image is {size}; {expected} is expected, so it may be cropped or scaled.
        </p>
      )}
      <input
        ref={input}
        id={id}
        type="file"
        accept={props.accept ?? (image ? 'image/*' : undefined)}
        onChange={(e) => {
          const f = e.target.files?.[0];
          if (f) onChange(f);
        }}
      />
      <p className="help">{isFile(value) ? `New file: ${value.name}` : preview ? 'Choose a file to replace it.' : 'No file yet.'}</p>
      {isFile(value) && (
        <button
          type="button"
          onClick={() => {
            onChange(original ?? '');
            if (input.current) input.current.value = '';
          }}
        >
          Keep the current file
        </button>
      )}
    </div>
  );
}

/** An image list (`multiple`): existing images with Remove (listed in its removal field), and new ones to add. */
export function Gallery(props: {
  id: string;
  value: unknown;
  onChange: (v: unknown[]) => void;
  removed: string[];
  onRemovedChange: (v: string[]) => void;
}) {
  const items = Array.isArray(props.value) ? (props.value as unknown[]) : [];
  return (
    <div className="grid justify-items-start gap-2">
      <ul role="list" className="flex flex-wrap gap-3">
        {items.map((item, i) => (
          <GalleryItem
            key={typeof item === 'string' ? item : `new-${i}`}
            item={item}
            onRemove={() => {
              props.onChange(items.filter((_, j) => j !== i));
              if (typeof item === 'string') props.onRemovedChange([...props.removed, item]);
            }}
          />
        ))}
      </ul>
      {props.removed.length > 0 && (
        <p className="help">
          {props.removed.length} image(s) will be removed when you save.{' '}
          <button
            type="button"
            onClick={() => {
              props.onChange([...props.removed, ...items]);
              props.onRemovedChange([]);
            }}
          >
            Undo
          </button>
        </p>
      )}
      {/* the input comes first: its keyboard focus ring is drawn on the label after it */}
      <input
        id={props.id}
        className="peer sr-only"
        type="file"
        accept="image/*"
        multiple
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          if (files.length) props.onChange([...items, ...files]);
          e.target.value = '';
        }}
      />
      <label
        className="button peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-amber-500"
        htmlFor={props.id}
      >
        Add images
      </label>
    </div>
  );
}

function GalleryItem({ item, onRemove }: { item: unknown; onRemove: () => void }) {
  const src = usePreview(item);
  const name = isFile(item) ? item.name : String(item).split('/').pop();
  return (
    <li className="grid gap-1">
      {src && <img src={src} alt={`Gallery: ${name}`} className="h-[90px] w-[120px] rounded object-cover" />}
      <button type="button" onClick={onRemove} aria-label={`Remove ${name}`}>
        Remove
      </button>
    </li>
  );
}

// ---- editable rows ------------------------------------------------------------------------------

export function TagRows({ id, value, onChange, label }: { id: string; value: unknown; onChange: (v: string[]) => void; label: string }) {
  const rows = Array.isArray(value) ? (value as string[]) : [];
  return (
    <div className="grid justify-items-start gap-2">
      {rows.map((row, i) => (
        <div className="flex w-full gap-2" key={i}>
          <input
            id={i === 0 ? id : undefined}
            aria-label={`${label} ${i + 1}`}
            value={row}
            onChange={(e) => onChange(rows.map((r, j) => (j === i ? e.target.value : r)))}
          />
          <button
            type="button"
            onClick={() => onChange(rows.filter((_, j) => j !== i))}
            aria-label={`Remove ${label.toLowerCase()} ${i + 1}`}
          >
            Remove
          </button>
        </div>
      ))}
      <button type="button" id={rows.length === 0 ? id : undefined} onClick={() => onChange([...rows, ''])}>
        Add {label.toLowerCase().replace(/s$/, '')}
      </button>
    </div>
  );
}

type Faq = { question: string; answer: string };
export function FaqRows({ id, value, onChange }: { id: string; value: unknown; onChange: (v: Faq[]) => void }) {
  const rows = Array.isArray(value) ? (value as Faq[]) : [];
  const set = (i: number, patch: Partial<Faq>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <div className="grid justify-items-start gap-2">
      {rows.map((row, i) => (
        <div className="grid w-full justify-items-start gap-1.5 rounded-md border border-line p-2" key={i}>
          <input
            id={i === 0 ? id : undefined}
            aria-label={`Question ${i + 1}`}
            placeholder="Question"
            value={row.question}
            onChange={(e) => set(i, { question: e.target.value })}
          />
          <textarea
            aria-label={`Answer ${i + 1}`}
            placeholder="Answer"
            rows={3}
            value={row.answer}
            onChange={(e) => set(i, { answer: e.target.value })}
          />
          <button type="button" onClick={() => onChange(rows.filter((_, j) => j !== i))} aria-label={`Remove question ${i + 1}`}>
            Remove
          </button>
        </div>
      ))}
      <button type="button" id={rows.length === 0 ? id : undefined} onClick={() => onChange([...rows, { question: '', answer: '' }])}>
        Add question
      </button>
    </div>
  );
}

// ---- rich text ----------------------------------------------------------------------------------

const TOOLS: [string, string, string?][] = [
  ['Bold', 'bold'],
  ['Italic', 'italic'],
  ['Heading', 'formatBlock', 'h2'],
  ['Subheading', 'formatBlock', 'h3'],
  ['Paragraph', 'formatBlock', 'p'],
  ['Bulleted list', 'insertUnorderedList'],
  ['Numbered list', 'insertOrderedList'],
  ['Link', 'createLink'],
  ['Remove link', 'unlink'],
  ['Clear formatting', 'removeFormat'],
];

/** A small rich-text editor (the server sanitizes what it stores). */
export function RichText({ id, value, onChange, label }: { id: string; value: unknown; onChange: (html: string) => void; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  const labelId = useId();
  useEffect(() => {
    const el = box.current;
    const html = typeof value === 'string' ? value : '';
    if (el && el.innerHTML !== html && document.activeElement !== el) el.innerHTML = html;
  }, [value]);
  const run = (command: string, arg?: string) => {
    box.current?.focus();
    let a = arg;
    if (command === 'createLink') {
      a = window.prompt('Link address (https://…)') ?? '';
      if (!/^https?:\/\//i.test(a)) return;
    }
    if (typeof document.execCommand === 'function') document.execCommand(command, false, a);
    onChange(box.current?.innerHTML ?? '');
  };
  return (
    <div>
      <div role="toolbar" aria-label={`${label} formatting`} className="mb-1 flex flex-wrap gap-1">
        {TOOLS.map(([name, command, arg]) => (
          <button
            key={name}
            type="button"
            className="min-h-9 px-2 py-1 text-sm"
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => run(command, arg)}
          >
            {name}
          </button>
        ))}
      </div>
      <span id={labelId} hidden>
        {label}
      </span>
      <div
        ref={box}
        id={id}
        className="min-h-40 rounded-md border border-slate-400 bg-white p-2.5 [overflow-wrap:anywhere] [&_h2]:text-lg [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:pl-5 [&_p]:my-1 [&_ul]:list-disc [&_ul]:pl-5"
        contentEditable
        suppressContentEditableWarning
        role="textbox"
        aria-multiline="true"
        aria-labelledby={labelId}
        tabIndex={0}
        onInput={() => onChange(box.current?.innerHTML ?? '')}
      />
    </div>
  );
}
