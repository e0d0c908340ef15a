import { useSyncExternalStore } from "react";

const subscribe = () => () => undefined;

/**
 * False during the server render and the hydrating render, true after. Anything that depends on
 * the browser alone (query string, history state) waits for it so hydration matches the HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
