import { useEffect, useRef, type RefObject } from "react";
import { trapFocus } from "#web/lib/focus-trap.js";

/** `trapFocus` (web/lib/focus-trap.ts) on `container` while `active`. */
export function useFocusTrap(container: RefObject<HTMLElement | null>, active: boolean, onClose: () => void): void {
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });

  useEffect(() => {
    const panel = container.current;
    if (!active || !panel) return;
    return trapFocus(panel, () => close.current());
  }, [active, container]);
}
