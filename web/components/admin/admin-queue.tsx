import { useEffect, useRef, useState, type ReactNode } from "react";
import { Alert } from "#web/components/ui/alert.js";
import { Loading } from "#web/components/ui/spinner.js";
import type { Outcome } from "#web/lib/outcome.js";

interface AdminQueueProps<T> {
  /** The list as its query gives it: undefined while loading or after an error. */
  items: T[] | undefined;
  isPending: boolean;
  isError: boolean;
  /** Said when the list could not be loaded, and when it is empty. */
  loadError: string;
  empty: string;
  itemKey(item: T): string;
  /** One item's card, with its decision forms; `onOutcome` reports what the operator's action did. */
  renderItem(item: T, onOutcome: (outcome: Outcome) => void): ReactNode;
}

/**
 * A back-office queue (pending deposits, pending payouts): loading, error and empty states, the list,
 * and the outcome of the last decision, which takes focus because the row acted on disappears and a
 * keyboard user would otherwise be dropped to the top of the page.
 */
export function AdminQueue<T>({ items, isPending, isError, loadError, empty, itemKey, renderItem }: AdminQueueProps<T>) {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const message = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (outcome) message.current?.focus();
  }, [outcome]);

  return (
    <>
      <div ref={message} tabIndex={-1} className="mb-4 outline-none empty:hidden" data-testid="admin-outcome">
        {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
      </div>
      {isPending && <Loading />}
      {isError && <Alert tone="error">{loadError}</Alert>}
      {items && items.length === 0 && <p className="rounded-card border border-dashed border-slate-300 bg-white p-6 text-slate-700">{empty}</p>}
      {items && items.length > 0 && (
        <ol className="flex flex-col gap-4">
          {items.map((item) => (
            <li key={itemKey(item)}>{renderItem(item, setOutcome)}</li>
          ))}
        </ol>
      )}
    </>
  );
}
