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
}

/** A clearable, searchable single selection (WAI-ARIA combobox with a listbox popup). */
export function Combobox({ label, options, value, onChange, placeholder, loading = false, loadingPlaceholder, emptyMessage, required }: ComboboxProps) {
  const id = useId();
  const listId = `${id}-list`;
  const [query, setQuery] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const selected = options.find((o) => o.value === value);
  const shown = useMemo(() => {
    const q = (query ?? '').trim().toLowerCase();
    return q ? options.filter((o) => o.label.toLowerCase().includes(q)) : options;
  }, [options, query]);

  const choose = (option: ComboOption) => {
    onChange(option.value);
    setQuery(null);
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((a) => Math.min(a + 1, Math.max(shown.length - 1, 0)));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((a) => Math.max(a - 1, 0));
    } else if (event.key === 'Enter' && open) {
      event.preventDefault();
      const option = shown[active];
      if (option) choose(option);
    } else if (event.key === 'Escape' && open) {
      // the event is the DOM event itself: the dialog around the box must not see this Escape
      event.stopImmediatePropagation();
      setOpen(false);
      setQuery(null);
    }
  };

  return (
    <div className="combo">
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
          aria-activedescendant={open && shown[active] ? `${id}-${shown[active].value}` : undefined}
          autoComplete="off"
          disabled={loading}
          placeholder={loading ? (loadingPlaceholder ?? placeholder) : placeholder}
          value={query ?? selected?.label ?? ''}
          onChange={(e) => {
            setQuery(e.currentTarget.value);
            setActive(0);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onClick={() => setOpen(true)}
          onBlur={() => setTimeout(() => setOpen(false), 150)}
          onKeyDown={onKeyDown}
        />
        {value && !loading ? (
          <button
            type="button"
            className="combo-clear"
            aria-label={`Clear ${label.toLowerCase()}`}
            onClick={() => {
              onChange('');
              setQuery(null);
              // the button goes away with the value: keep focus in the field (and in its dialog)
              input.current?.focus();
            }}
          >
            ×
          </button>
        ) : null}
      </div>
      {open && !loading ? (
        <ul id={listId} role="listbox" aria-label={label} className="combo-list">
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
      ) : null}
    </div>
  );
}
