/**
 * Selects an element's text, for when the clipboard is refused (no permission, an insecure
 * origin): the investor can then copy it with Ctrl+C or a long press.
 */
export function selectContents(element: HTMLElement | null): void {
  const selection = window.getSelection();
  if (!element || !selection) return;
  const range = document.createRange();
  range.selectNodeContents(element);
  selection.removeAllRanges();
  selection.addRange(range);
}
