const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** What Tab can reach inside `container`, in order; hidden elements (display or visibility) are skipped. */
export function focusableIn(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((element) => element.getClientRects().length > 0 && getComputedStyle(element).visibility !== "hidden");
}

/**
 * Keeps keyboard focus inside an open panel (the phone menu, the dashboard drawer): focus moves
 * into it, Tab and Shift+Tab wrap around inside it, Escape calls `onClose`, the page behind does
 * not scroll. The returned function undoes all of it and gives focus back to where it was (the
 * menu button). Plain DOM, so the public pages' scripts use it without React (web/public-entry.ts).
 * Native <dialog> modals get all of this from the browser and do not need it.
 */
export function trapFocus(panel: HTMLElement, onClose: () => void): () => void {
  const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  (focusableIn(panel)[0] ?? panel).focus();

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape") {
      event.preventDefault();
      onClose();
      return;
    }
    if (event.key !== "Tab") return;
    const items = focusableIn(panel);
    if (items.length === 0) return event.preventDefault();
    const first = items[0]!;
    const last = items[items.length - 1]!;
    const current = document.activeElement;
    const outside = !(current instanceof Node) || !panel.contains(current);
    if (event.shiftKey && (outside || current === first)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (outside || current === last)) {
      event.preventDefault();
      first.focus();
    }
  };
  // A click or script that moves focus behind the panel brings it back to the panel's first item.
  const onFocusIn = (event: FocusEvent) => {
    if (event.target instanceof Node && !panel.contains(event.target)) (focusableIn(panel)[0] ?? panel).focus();
  };
  document.addEventListener("keydown", onKeyDown);
  document.addEventListener("focusin", onFocusIn);
  const overflow = document.body.style.overflow;
  document.body.style.overflow = "hidden";
  return () => {
    document.removeEventListener("keydown", onKeyDown);
    document.removeEventListener("focusin", onFocusIn);
    document.body.style.overflow = overflow;
    if (previous?.isConnected) previous.focus();
  };
}
