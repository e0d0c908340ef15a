import { useState } from "react";

/**
 * Where a cursor-paged list is (shared/schemas/paging.ts): the cursors of the pages walked through,
 * kept on the client, so going back is popping one. The first page has no cursor.
 */
export interface CursorStack {
  /** The cursor of the page shown; undefined on the first. */
  cursor: string | undefined;
  /** Pages before the one shown. */
  depth: number;
  /** To the page after, given the shown page's `nextCursor`. */
  forward(nextCursor: string): void;
  back(): void;
  /** Back to the first page (the filters or the order changed). */
  reset(): void;
}

/**
 * `scope` names the list the cursors belong to (a back-office list's filters and sort, as its
 * query): when it changes, by the operator or by Back in the browser, the stack starts again from
 * the first page, so a cursor is never sent with another order or other filters than its own.
 */
export function useCursorStack(scope = ""): CursorStack {
  const [state, setState] = useState<{ scope: string; stack: string[] }>({ scope, stack: [] });
  const stack = state.scope === scope ? state.stack : [];
  const change = (next: (stack: string[]) => string[]) => setState((previous) => ({ scope, stack: next(previous.scope === scope ? previous.stack : []) }));
  return {
    cursor: stack.at(-1),
    depth: stack.length,
    forward: (nextCursor) => change((previous) => [...previous, nextCursor]),
    back: () => change((previous) => previous.slice(0, -1)),
    reset: () => change(() => []),
  };
}
