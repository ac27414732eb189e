/** @jsxImportSource preact */
import { useId, useLayoutEffect, useRef, type ReactNode } from 'preact/compat';
import { $dialogs, closeDialog, DIALOG_LAYER, openDialog, topDialog } from '../lib/site/dialogs.ts';
import { useStore } from './useStore.ts';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

const focusInto = (box: HTMLElement) => (box.querySelector<HTMLElement>(FOCUSABLE) ?? box).focus();

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
 * cycle), Escape and the close button close it, and focus goes back where it was. Dialogs stack
 * (src/lib/site/dialogs.ts): the one opened last is drawn on top and alone takes Tab and Escape;
 * when it closes, focus returns into the one below.
 */
export function Dialog({ title, onClose, children, size = 'md', className = '', hideTitle = false }: DialogProps) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const close = useRef(onClose);
  close.current = onClose;
  const stack = useStore($dialogs);
  const layer = ref.current ? stack.indexOf(ref.current) : -1;

  // A layout effect: the dialog joins the stack, and so gets its layer, before it is first painted.
  useLayoutEffect(() => {
    const box = ref.current!;
    const previous = document.activeElement as HTMLElement | null;
    openDialog(box);
    focusInto(box);
    const onKey = (event: KeyboardEvent) => {
      // defaultPrevented: one key press acts on one dialog, even if the stack changes meanwhile
      if (topDialog() !== box || event.defaultPrevented) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        close.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = [...box.querySelectorAll<HTMLElement>(FOCUSABLE)];
      if (items.length === 0) {
        event.preventDefault();
        box.focus();
        return;
      }
      const [head, tail] = [items[0]!, items[items.length - 1]!];
      const active = document.activeElement;
      const inside = active !== box && box.contains(active);
      if (event.shiftKey ? !inside || active === head : !inside || active === tail) {
        event.preventDefault();
        (event.shiftKey ? tail : head).focus();
      }
    };
    // On the document, not the box: focus can leave the box (a button that removes itself drops
    // it to <body>), and Tab and Escape must still work then.
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      if (!closeDialog(box)) return; // a dialog below closed: focus stays in the one on top
      const below = topDialog();
      if (previous && document.contains(previous) && (!below || below.contains(previous))) previous.focus();
      else if (below) focusInto(below);
    };
  }, []);

  return (
    // the backdrop is layout only (role none): a press on it is the mouse's way out, the keyboard's is Escape (onKey above)
    <div
      role="presentation"
      className="backdrop"
      style={layer >= 0 ? { zIndex: DIALOG_LAYER + layer } : undefined}
      onMouseDown={(e) => e.target === e.currentTarget && onClose()}
    >
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`dialog dialog-${size} ${className}`}
      >
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
