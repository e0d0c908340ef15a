import type { ReactNode } from "react";
import { Alert } from "./alert.js";
import { Loading } from "./spinner.js";

/** The part of a query (TanStack Query's result) that `Loaded` reads. */
interface QueryState<T> {
  isPending: boolean;
  isError: boolean;
  data: T | undefined;
}

interface LoadedProps<T> {
  query: QueryState<T>;
  /** Beside the spinner while the first answer is on its way ("Loading..." when not given). */
  loading?: string;
  /** Said when the query failed, also above data kept from an earlier answer. */
  failed: string;
  children: (data: T) => ReactNode;
}

/** A query's data shown by `children`, a spinner until it first arrives, and `failed` when it could not be loaded. */
export function Loaded<T>({ query, loading, failed, children }: LoadedProps<T>) {
  return (
    <>
      {query.isPending && <Loading label={loading} />}
      {query.isError && <Alert tone="error">{failed}</Alert>}
      {query.data !== undefined && children(query.data)}
    </>
  );
}
