import { useEffect, useState } from "react";
import { apiRequest } from "./api.js";

export type ApiState<T> = { status: "loading" } | { status: "ready"; data: T } | { status: "failed" };

/**
 * A GET for public pages, which do not load the dashboard's query library. Runs after hydration
 * only, so the pre-rendered HTML and the first browser render both show the loading state.
 */
export function useApi<T>(path: string | null): ApiState<T> {
  const [state, setState] = useState<{ path: string; value: ApiState<T> } | null>(null);
  useEffect(() => {
    if (!path) return;
    let cancelled = false;
    apiRequest<T>(path).then(
      (data) => !cancelled && setState({ path, value: { status: "ready", data } }),
      () => !cancelled && setState({ path, value: { status: "failed" } }),
    );
    return () => {
      cancelled = true;
    };
  }, [path]);
  return state && state.path === path ? state.value : { status: "loading" };
}
