import { Download } from "lucide-react";
import { useId } from "react";
import { Alert } from "#web/components/ui/alert.js";
import { LinkButton } from "#web/components/ui/button.js";
import { Loading } from "#web/components/ui/spinner.js";
import { TitledSection } from "#web/components/ui/titled-section.js";
import { HISTORY_CSV_URL, useHistory } from "#web/features/ledger/api/ledger.js";
import { HistoryTable } from "#web/features/ledger/components/history-table.js";
import { CursorPager } from "#web/components/ui/cursor-pager.js";
import { useCursorStack } from "#web/components/ui/use-cursor-stack.js";
import { MyPayouts } from "#web/features/payouts/components/my-payouts.js";
import { SendMoneyForm } from "#web/features/payouts/components/send-money-form.js";
import { StatementsPanel } from "#web/features/statements/components/statements-panel.js";
import { useCreateTransfer, usePreviewTransfer } from "#web/features/transfers/api/transfers.js";
import { useWithdrawalAddresses } from "#web/features/withdrawal-addresses/api/withdrawal-addresses.js";
import { ScreenTitle } from "./screens.js";

export function TransactionHistoryScreen() {
  // The pages walked through, newest first: "Older" follows the page's cursor, "Newer" goes back.
  const pages = useCursorStack();
  const history = useHistory(pages.cursor);
  const historyHeading = useId();
  const createTransfer = useCreateTransfer();
  const previewTransfer = usePreviewTransfer();
  const addresses = useWithdrawalAddresses();

  return (
    <section>
      <ScreenTitle title="Transaction History">Send money to another user or withdraw to your bitcoin wallet, see every movement of your money, and download your statements.</ScreenTitle>
      {/* Side by side only where both columns still fit a full bitcoin address. */}
      <div className="grid gap-6 xl:grid-cols-2 xl:items-start">
        <SendMoneyForm
          transfer={{ preview: previewTransfer.mutateAsync, send: createTransfer.mutateAsync, previewing: previewTransfer.isPending, sending: createTransfer.isPending }}
          addresses={{ items: addresses.data?.items, loading: addresses.isPending, failed: addresses.isError, readAt: addresses.dataUpdatedAt }}
        />
        <TitledSection title="Your payouts">
          <MyPayouts />
        </TitledSection>
      </div>
      <div className="mt-10">
        <StatementsPanel />
      </div>
      <section aria-labelledby={historyHeading} className="mt-10">
        <div className="mb-4 flex flex-wrap items-center justify-between gap-4">
          <div>
            <h2 id={historyHeading} className="text-lg font-semibold text-brand-900">
              All transactions
            </h2>
            <p className="text-sm text-slate-700">One row per event, newest first: what it did to your Main Balance and the balance after it.</p>
          </div>
          {/* A plain link: the browser downloads the file with the session cookie, no script needed. */}
          <a href={HISTORY_CSV_URL} download className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-brand-700 bg-white px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50">
            <Download aria-hidden="true" className="size-4" />
            Download CSV
          </a>
        </div>
        {history.isPending && <Loading />}
        {history.isError && <Alert tone="error">Your transactions could not be loaded. Reload the page to try again.</Alert>}
        {history.data && history.data.items.length === 0 && pages.depth === 0 && (
          <div className="flex flex-col items-start gap-4 rounded-card border border-dashed border-slate-300 bg-white p-6 text-slate-700" data-testid="history-empty">
            <p>No transactions yet. Deposits, investments and payouts will appear here.</p>
            <LinkButton to="/dashboard/transfer">Make a deposit</LinkButton>
          </div>
        )}
        {history.data && (history.data.items.length > 0 || pages.depth > 0) && (
          <div className="flex flex-col gap-4">
            {history.data.items.length > 0 ? (
              <HistoryTable entries={history.data.items} />
            ) : (
              <p className="rounded-card border border-slate-200 bg-white p-6 text-slate-700">This page is empty.</p>
            )}
            <CursorPager stack={pages} nextCursor={history.data.nextCursor} busy={history.isPlaceholderData} labels={["Newer", "Older"]} />
          </div>
        )}
      </section>
    </section>
  );
}
