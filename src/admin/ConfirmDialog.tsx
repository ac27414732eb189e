import { useStore } from '@nanostores/react';
import { useId, useLayoutEffect, useRef } from 'react';
import { $question, answer } from '../lib/stores/adminConfirm.ts';

/**
 * The console's one question dialog (the question and its answer live in adminConfirm.ts). A modal
 * <dialog>: the browser keeps the rest of the page out of reach and turns Escape into `cancel`;
 * the focus goes to the safe button and, once answered, back to what had it (the Delete button).
 */
export function ConfirmDialog() {
  const question = useStore($question);
  const box = useRef<HTMLDialogElement>(null);
  const id = useId();

  useLayoutEffect(() => {
    const dialog = box.current;
    if (!question || !dialog) return;
    const back = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
    dialog.querySelector<HTMLElement>(question.danger ? '[data-answer="no"]' : '[data-answer="yes"]')?.focus();
    return () => {
      dialog.close();
      if (back?.isConnected) back.focus();
    };
  }, [question]);

  if (!question) return null;
  return (
    <dialog
      ref={box}
      className="confirm"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onCancel={(e) => {
        e.preventDefault();
        answer(false);
      }}
      // a tap on the backdrop lands on the dialog itself; the content fills it edge to edge
      onClick={(e) => e.target === e.currentTarget && answer(false)}
    >
      <div className="confirm-body">
        <h2 id={`${id}-title`}>{question.title}</h2>
        <p id={`${id}-text`}>{question.text}</p>
        <div className="head-actions">
          <button type="button" data-answer="no" onClick={() => answer(false)}>
            {question.no ?? 'Cancel'}
          </button>
          <button type="button" data-answer="yes" className={question.danger ? 'danger solid' : 'primary'} onClick={() => answer(true)}>
            {question.yes}
          </button>
        </div>
      </div>
    </dialog>
  );
}
