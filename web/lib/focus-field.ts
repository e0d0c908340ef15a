/**
 * Focus a field that has an error. Centred rather than scrolled to the top edge, where the
 * dashboard's sticky top bar would cover it.
 */
export function focusField(element: HTMLElement | null | undefined): void {
  if (!element) return;
  element.scrollIntoView?.({ block: "center" });
  element.focus({ preventScroll: true });
}
