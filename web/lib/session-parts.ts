import { refreshSession, sessionState, signOut, subscribeSession } from "#web/lib/session-store.js";

/**
 * The parts of a pre-rendered public page that depend on who is signed in, which the HTML (the
 * same for everyone) cannot know: `data-session="guest"` and `data-session="user"` blocks are
 * shown or hidden, links with `data-signed-in-href` lead there once signed in, and
 * `data-sign-out` buttons sign out and go home. Returns the undo.
 */
export function enhanceSessionParts(root: ParentNode = document): () => void {
  const show = () => {
    const state = sessionState();
    if (state.status !== "ready") return;
    const signedIn = Boolean(state.current);
    for (const block of root.querySelectorAll<HTMLElement>("[data-session]")) block.hidden = (block.dataset.session === "user") !== signedIn;
    for (const link of root.querySelectorAll<HTMLAnchorElement>("a[data-signed-in-href]")) {
      link.dataset.guestHref ??= link.getAttribute("href") ?? "";
      link.setAttribute("href", signedIn ? link.dataset.signedInHref! : link.dataset.guestHref);
    }
  };
  const onClick = (event: Event) => {
    const button = event.target instanceof Element ? event.target.closest<HTMLButtonElement>("[data-sign-out]") : null;
    if (!button) return;
    button.disabled = true;
    signOut()
      .catch((error: unknown) => console.error("Sign-out failed", error))
      .finally(() => window.location.replace("/"));
  };
  const unsubscribe = subscribeSession(show);
  root.addEventListener("click", onClick);
  if (sessionState().status === "loading") void refreshSession();
  else show();
  return () => {
    unsubscribe();
    root.removeEventListener("click", onClick);
  };
}
