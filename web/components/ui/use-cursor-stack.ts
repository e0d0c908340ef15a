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

export function useCursorStack(): CursorStack {
  const [stack, setStack] = useState<string[]>([]);
  return {
    cursor: stack.at(-1),
    depth: stack.length,
    forward: (nextCursor) => setStack((previous) => [...previous, nextCursor]),
    back: () => setStack((previous) => previous.slice(0, -1)),
    reset: () => setStack([]),
  };
}
