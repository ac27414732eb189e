import { useStore } from '@nanostores/react';
import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { $question, answer } from '../lib/stores/adminConfirm.ts';

/**
 * A modal <dialog>, centred in the viewport whatever the scroll: the browser keeps the rest of the
 * page out of reach and turns Escape into `cancel`; the focus goes to `focus` inside it and, once
 * it closes, back to what had it (the Delete button).
 */
export function Modal({
  title,
  describedBy,
  focus,
  onClose,
  children,
}: {
  title: string;
  describedBy?: string;
  focus: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const box = useRef<HTMLDialogElement>(null);
  const id = useId();

  useLayoutEffect(() => {
    const dialog = box.current!;
    const back = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
    dialog.querySelector<HTMLElement>(focus)?.focus();
    return () => {
      dialog.close();
      if (back?.isConnected) back.focus();
    };
  }, [focus]);

  return (
    // a tap on the backdrop closes; the keyboard's way out is Escape, the native <dialog>'s cancel (onCancel)
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={box}
      className="m-auto w-[min(30rem,calc(100vw-2rem))] rounded-xl border-0 p-0 text-ink shadow-2xl backdrop:bg-ink/55"
      aria-labelledby={`${id}-title`}
      aria-describedby={describedBy}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      // a tap on the backdrop lands on the dialog itself; the content fills it edge to edge
      onClick={(e) => e.target === e.currentTarget && onClose()}
    >
      <div className="grid gap-3 p-5 [overflow-wrap:anywhere]">
        <h2 id={`${id}-title`} className="text-lg">
          {title}
        </h2>
        {children}
      </div>
    </dialog>
  );
}

/** The row of a dialog's buttons, the safe one first, at its right edge. */
export function DialogActions({ children }: { children: ReactNode }) {
  return <div className="mt-2 flex flex-wrap justify-end gap-2">{children}</div>;
}

/**
 * The console's one question dialog (the question and its answer live in adminConfirm.ts). The focus
 * starts on the safe button of a delete, on the yes button otherwise.
 */
export function ConfirmDialog() {
  const question = useStore($question);
  const id = useId();
  if (!question) return null;
  return (
    <Modal
      title={question.title}
      describedBy={`${id}-text`}
      focus={question.danger ? '[data-answer="no"]' : '[data-answer="yes"]'}
      onClose={() => answer(false)}
    >
      <p id={`${id}-text`}>{question.text}</p>
      <DialogActions>
        <button type="button" data-answer="no" onClick={() => answer(false)}>
          {question.no ?? 'Cancel'}
        </button>
        <button
          type="button"
          data-answer="yes"
          className={question.danger ? 'btn-danger-solid' : 'btn-primary'}
          onClick={() => answer(true)}
        >
          {question.yes}
        </button>
      </DialogActions>
    </Modal>
  );
}
