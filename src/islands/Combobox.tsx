/** @jsxImportSource preact */
import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'preact/compat';

export interface ComboOption {
  value: string;
  label: string;
}

export interface ComboboxProps {
  label: string;
  options: ComboOption[];
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  /** while on, the input is disabled and shows loadingPlaceholder */
  loading?: boolean;
  loadingPlaceholder?: string;
  emptyMessage: string;
  required?: boolean;
  /** also sends the chosen value with a native form (FormData) under this name */
  name?: string;
  /** a problem the form found with this field (a required one left empty); shown at the field */
  error?: string;
}

/**
 * The box's state: the text typed (null while it shows the choice), whether that text matched
 * nothing, the open list and its highlighted suggestion.
 */
function useCombo(options: ComboOption[], onChange: (value: string) => void) {
  const [query, setQuery] = useState<string | null>(null);
  const [unmatched, setUnmatched] = useState(false);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const shown = useMemo(() => {
    const q = (query ?? '').trim().toLowerCase();
    return q ? options.filter((o) => o.label.toLowerCase().includes(q)) : options;
  }, [options, query]);

  const choose = (option: ComboOption) => {
    onChange(option.value);
    setQuery(null);
    setUnmatched(false);
    setOpen(false);
  };

  /** What typed text means once the visitor moves on: nothing, an exact match, or no choice at all. */
  const settleTyped = () => {
    if (query === null) return;
    const typed = query.trim().toLowerCase();
    const exact = typed ? options.find((o) => o.label.toLowerCase() === typed) : undefined;
    if (exact) return choose(exact);
    onChange('');
    if (!typed) setQuery(null);
    setUnmatched(Boolean(typed));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((a) => Math.min(a + 1, Math.max(shown.length - 1, 0)));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((a) => Math.max(a - 1, 0));
    } else if (event.key === 'Enter' && (open || query !== null)) {
      event.preventDefault();
      const option = open ? shown[active] : undefined;
      if (option) choose(option);
      else settleTyped();
    } else if (event.key === 'Escape' && open) {
      // the event is the DOM event itself: the dialog around the box must not see this Escape
      event.stopImmediatePropagation();
      setOpen(false);
      setQuery(null);
    }
  };

  /** Text typed: a new search, from the first suggestion, and no longer marked unmatched. */
  const typed = (text: string) => {
    setQuery(text);
    setUnmatched(false);
    setActive(0);
    setOpen(true);
  };
  const clear = () => {
    onChange('');
    setQuery(null);
    setUnmatched(false);
  };

  return { query, unmatched, open, setOpen, active, shown, choose, settleTyped, onKeyDown, typed, clear };
}

interface ComboListProps {
  id: string;
  label: string;
  value: string;
  shown: ComboOption[];
  active: number;
  emptyMessage: string;
  choose: (option: ComboOption) => void;
}

/** The open list of suggestions; a press chooses one without taking the focus from the input. */
function ComboList({ id, label, value, shown, active, emptyMessage, choose }: ComboListProps) {
  return (
    <ul id={`${id}-list`} role="listbox" aria-label={label} className="combo-list">
      {shown.length === 0 ? (
        <li className="combo-empty" role="presentation">
          {emptyMessage}
        </li>
      ) : (
        shown.map((option, i) => (
          <li
            key={option.value}
            id={`${id}-${option.value}`}
            role="option"
            aria-selected={option.value === value}
            className={i === active ? 'active' : undefined}
            onMouseDown={(e) => {
              e.preventDefault();
              choose(option);
            }}
          >
            {option.label}
          </li>
        ))
      )}
    </ul>
  );
}

/**
 * A clearable, searchable single selection: the WAI-ARIA combobox pattern with a listbox popup and
 * manual selection. Arrows move through the suggestions, Enter chooses the highlighted one (and never
 * submits the form while text typed is not yet chosen), Escape closes. Text typed but not chosen is
 * never taken for a choice: leaving the field takes an exact match, else marks the field invalid.
 */
export function Combobox({
  label,
  options,
  value,
  onChange,
  placeholder,
  loading = false,
  loadingPlaceholder,
  emptyMessage,
  required,
  name,
  error,
}: ComboboxProps) {
  const id = useId();
  const listId = `${id}-list`;
  const errorId = `${id}-error`;
  const { query, unmatched, open, setOpen, active, shown, choose, settleTyped, onKeyDown, typed, clear } = useCombo(options, onChange);
  const input = useRef<HTMLInputElement>(null);
  const selected = options.find((o) => o.value === value);

  const message = unmatched ? `“${query?.trim()}” is not in the list: choose one of the suggestions.` : error;
  return (
    <div className="combo">
      {name ? <input type="hidden" name={name} value={value} /> : null}
      <label htmlFor={id}>
        {label}
        {required ? ' *' : ''}
      </label>
      <div className="combo-box">
        <input
          ref={input}
          id={id}
          type="text"
          role="combobox"
          aria-expanded={open}
          aria-controls={open && !loading ? listId : undefined}
          aria-autocomplete="list"
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? errorId : undefined}
          aria-required={required || undefined}
          aria-activedescendant={open && shown[active] ? `${id}-${shown[active].value}` : undefined}
          autoComplete="off"
          disabled={loading}
          placeholder={loading ? (loadingPlaceholder ?? placeholder) : placeholder}
          value={query ?? selected?.label ?? ''}
          onChange={(e) => typed(e.currentTarget.value)}
          onFocus={() => setOpen(true)}
          onClick={() => setOpen(true)}
          onBlur={() => {
            setOpen(false);
            settleTyped();
          }}
          onKeyDown={onKeyDown}
        />
        {value && !loading ? (
          <button
            type="button"
            className="combo-clear"
            aria-label={`Clear ${label.toLowerCase()}`}
            onClick={() => {
              clear();
              // the button goes away with the value: keep focus in the field (and in its dialog)
              input.current?.focus();
            }}
          >
            ×
          </button>
        ) : null}
      </div>
      {message ? (
        <p className="error" id={errorId}>
          {message}
        </p>
      ) : null}
      {open && !loading ? (
        <ComboList id={id} label={label} value={value} shown={shown} active={active} emptyMessage={emptyMessage} choose={choose} />
      ) : null}
    </div>
  );
}
