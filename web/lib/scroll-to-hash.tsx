import { useEffect } from "react";
import { useLocation } from "react-router";

/** How long to wait for the row a link points at: its list may still be loading. */
const WAIT_MS = 8_000;

/**
 * Scrolls to the element a link's `#fragment` names (a notification's deposit, payout or request)
 * and marks it with `data-linked` so it stands out. The browser does this only on a full page load;
 * in-app navigation and lists that render after their data arrives need it done here.
 */
export function ScrollToHash() {
  const { hash, key } = useLocation();
  useEffect(() => {
    if (hash.length < 2) return;
    const id = decodeURIComponent(hash.slice(1));
    let marked: Element | null = null;
    const reveal = () => {
      const target = document.getElementById(id);
      if (!target) return false;
      marked = target;
      target.setAttribute("data-linked", "");
      target.scrollIntoView({ block: "center" });
      return true;
    };
    if (reveal()) return () => marked?.removeAttribute("data-linked");
    const observer = new MutationObserver(() => {
      if (reveal()) observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const timer = window.setTimeout(() => observer.disconnect(), WAIT_MS);
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
      marked?.removeAttribute("data-linked");
    };
  }, [hash, key]);
  return null;
}
