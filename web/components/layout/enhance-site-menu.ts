import { trapFocus } from "#web/lib/focus-trap.js";

/**
 * The phone and tablet menu of the site header (web/components/layout/site-nav.tsx): the button
 * shows the pre-rendered panel, which keeps focus until Escape, its close button or any link in
 * it closes it again. Plain DOM, so a public page needs no React for it. Returns the undo.
 */
export function enhanceSiteMenu(root: ParentNode = document): () => void {
  const button = root.querySelector<HTMLButtonElement>("[data-menu-open]");
  const panel = root.querySelector<HTMLElement>("#mobile-menu");
  if (!button || !panel) return () => undefined;
  let release: (() => void) | null = null;

  const close = () => {
    if (!release) return;
    panel.hidden = true;
    button.setAttribute("aria-expanded", "false");
    const undo = release;
    release = null;
    undo();
  };
  const open = () => {
    if (release) return;
    panel.hidden = false;
    button.setAttribute("aria-expanded", "true");
    release = trapFocus(panel, close);
  };
  // Links and Logout leave the page or change it: the menu belongs to the page it was opened on.
  const onPanelClick = (event: MouseEvent) => {
    if (event.target instanceof Element && event.target.closest("a, [data-menu-close], [data-sign-out]")) close();
  };
  button.addEventListener("click", open);
  panel.addEventListener("click", onPanelClick);
  return () => {
    close();
    button.removeEventListener("click", open);
    panel.removeEventListener("click", onPanelClick);
  };
}
