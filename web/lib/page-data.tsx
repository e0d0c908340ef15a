import { createContext, useContext, useEffect, useState, type ReactNode } from "react";
import type { ContentPage } from "#shared/content.js";
import { apiRequest, ApiError } from "./api.js";

/** Data for the one page the server rendered (a blog post, a legal page), embedded beside the HTML. */
const PageDataContext = createContext<ContentPage | null>(null);

export function PageDataProvider({ value, children }: { value: ContentPage | null; children: ReactNode }) {
  return <PageDataContext.Provider value={value}>{children}</PageDataContext.Provider>;
}

export type ContentState = { status: "ready"; page: ContentPage } | { status: "loading" } | { status: "missing" } | { status: "failed" };

/**
 * The content for `path`: the embedded data when this is the page the server sent, otherwise
 * fetched (the visitor arrived here by navigating inside the app).
 */
export function useContentPage(path: string): ContentState {
  const embedded = useContext(PageDataContext);
  const [fetched, setFetched] = useState<{ path: string; state: ContentState } | null>(null);
  const hasEmbedded = embedded?.path === path;

  useEffect(() => {
    if (hasEmbedded) return;
    let cancelled = false;
    apiRequest<ContentPage>(`/api/content?path=${encodeURIComponent(path)}`).then(
      (page) => !cancelled && setFetched({ path, state: { status: "ready", page } }),
      (error: unknown) =>
        !cancelled && setFetched({ path, state: { status: error instanceof ApiError && error.status === 404 ? "missing" : "failed" } }),
    );
    return () => {
      cancelled = true;
    };
  }, [path, hasEmbedded]);

  if (hasEmbedded && embedded) return { status: "ready", page: embedded };
  return fetched?.path === path ? fetched.state : { status: "loading" };
}
