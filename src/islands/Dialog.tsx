/** @jsxImportSource preact */
import { useEffect, useId, useRef, type ReactNode } from 'preact/compat';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface DialogProps {
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  /** 'md' caps the width at a medium card (SPEC §2) */
  size?: 'sm' | 'md' | 'lg';
  className?: string;
  /** hides the visible title (it still names the dialog) */
  hideTitle?: boolean;
}

/**
 * An accessible modal: named by its title, focus moves in and is trapped (Tab and Shift+Tab
 * cycle), Escape and the close button close it, and focus goes back where it was.
 */
export function Dialog({ title, onClose, children, size = 'md', className = '', hideTitle = false }: DialogProps) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const box = ref.current;
    const first = box?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? box)?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (!box) return;
      if (event.key === 'Escape') {
        event.stopPropagation();
        close.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = [...box.querySelectorAll<HTMLElement>(FOCUSABLE)];
      if (items.length === 0) {
        event.preventDefault();
        return;
      }
      const [head, tail] = [items[0]!, items[items.length - 1]!];
      const active = document.activeElement;
      if (event.shiftKey && (active === head || !box.contains(active))) {
        event.preventDefault();
        tail.focus();
      } else if (!event.shiftKey && (active === tail || !box.contains(active))) {
        event.preventDefault();
        head.focus();
      }
    };
    box?.addEventListener('keydown', onKey);
    return () => {
      box?.removeEventListener('keydown', onKey);
      if (previous && document.contains(previous)) previous.focus();
    };
  }, []);

  return (
    <div className="backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div ref={ref} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} className={`dialog dialog-${size} ${className}`}>
        <div className="dialog-head">
          <h2 id={titleId} className={hideTitle ? 'sr-only' : undefined}>
            {title}
          </h2>
          <button type="button" className="close" aria-label="Close" onClick={onClose}>
            ×
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}
