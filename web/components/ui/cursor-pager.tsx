import { Button } from "#web/components/ui/button.js";
import type { CursorStack } from "#web/components/ui/use-cursor-stack.js";

/**
 * Back / forward through a cursor-paged list: "Newer" / "Older" on a list newest first (the
 * history, the notifications), "Previous" / "Next" on a sorted table. Hidden when all fits one page.
 */
export function CursorPager({
  stack,
  nextCursor,
  busy,
  labels = ["Previous", "Next"],
}: {
  stack: CursorStack;
  /** The shown page's `nextCursor`: null on the last page. */
  nextCursor: string | null | undefined;
  busy?: boolean;
  labels?: readonly [back: string, forward: string];
}) {
  if (stack.depth === 0 && !nextCursor) return null;
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-3">
      <Button variant="secondary" onClick={stack.back} disabled={stack.depth === 0 || busy}>
        {labels[0]}
      </Button>
      <p className="text-sm text-slate-700" aria-live="polite">
        Page {stack.depth + 1}
      </p>
      <Button variant="secondary" onClick={() => nextCursor && stack.forward(nextCursor)} disabled={!nextCursor || busy}>
        {labels[1]}
      </Button>
    </nav>
  );
}
