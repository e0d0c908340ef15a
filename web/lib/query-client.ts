import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { currentUserId, subscribeSession } from "./session.js";
import { noteAccountRefusal } from "./account-refusals.js";

/** Server data for the dashboard. Only dashboard code imports this, so public pages never load it. */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } },
  // Whatever screen made the call, an account-level refusal updates the session and the banners.
  queryCache: new QueryCache({ onError: noteAccountRefusal }),
  mutationCache: new MutationCache({ onError: noteAccountRefusal }),
});

// Nothing fetched for one account may be shown to the next one signed in on this browser.
let lastUser = currentUserId();
subscribeSession(() => {
  const now = currentUserId();
  if (now !== lastUser && lastUser !== undefined) queryClient.clear();
  lastUser = now;
});
