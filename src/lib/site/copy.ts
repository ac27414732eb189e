/**
 * Copies `text` with the clipboard API; where there is none (an old browser, a page not served over
 * https) or it refuses, selects `element`'s text instead so the visitor can copy it themselves.
 * Says which happened.
 */
export async function copyText(text: string, element: HTMLElement | null): Promise<'copied' | 'selected'> {
  try {
    if (!navigator.clipboard?.writeText) throw new Error('no clipboard');
    await navigator.clipboard.writeText(text);
    return 'copied';
  } catch {
    if (element) window.getSelection()?.selectAllChildren(element);
    return 'selected';
  }
}

export const COPY_TEXT = {
  copied: 'Copied.',
  selected: 'Selected: copy it with your keyboard or by long-pressing it.',
} as const;
