import type { ReactNode } from "react";
import { formatCents } from "#shared/money.js";
import type { AdminSessionDto, AdminTransferDto, UserAuditEntry } from "#shared/schemas/admin-users.js";
import type { DepositDto } from "#shared/schemas/deposits.js";
import type { InvestmentDto } from "#shared/schemas/investments.js";
import type { HistoryEntryDto } from "#shared/schemas/ledger.js";
import type { PayoutDto } from "#shared/schemas/payouts.js";
import type { MoneyRequestDto } from "#shared/schemas/money-requests.js";
import { DataTable, type DataColumn, type RowAction } from "#web/components/admin/data-table.js";
import { useListState } from "#web/components/admin/use-list-state.js";
import { cn } from "#web/lib/cn.js";
import { formatDateTime } from "#web/lib/format-date.js";
import { USER_LISTS, useUserAction, useUserList, type UserList } from "../api/admin-users.js";
import { ReasonForm } from "./reason-form.js";

type Columns<T> = [DataColumn<T>, ...DataColumn<T>[]];
const when = (iso: string) => formatDateTime(iso);
const money = (cents: number) => formatCents(cents);
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1).replace(/_/g, " ");

const DEPOSITS: Columns<DepositDto> = [
  { header: "Reference", mono: true, nowrap: true, cell: (row) => row.reference },
  { header: "Status", cell: (row) => capital(row.status) },
  { header: "Method", cell: (row) => (row.method === "bank" ? `Bank (${row.bank ?? "—"})` : `Crypto (${row.coin ?? "—"})`) },
  { header: "Amount", align: "right", cell: (row) => money(row.receivedCents ?? row.amountCents) },
  { header: "Created", cell: (row) => when(row.createdAt) },
];
const INVESTMENTS: Columns<InvestmentDto> = [
  { header: "Plan", cell: (row) => row.planName },
  { header: "Principal", align: "right", cell: (row) => money(row.principalCents) },
  { header: "Profit", align: "right", cell: (row) => money(row.profitCents) },
  { header: "Status", cell: (row) => capital(row.status) },
  { header: "Matures", cell: (row) => when(row.maturesAt) },
];
const PAYOUTS: Columns<PayoutDto> = [
  { header: "Amount", align: "right", cell: (row) => money(row.amountCents) },
  { header: "Status", cell: (row) => capital(row.status) },
  { header: "Wallet", mono: true, cell: (row) => row.walletAddress },
  { header: "Transaction ID", mono: true, cell: (row) => row.txId ?? "—" },
  { header: "Requested", cell: (row) => when(row.createdAt) },
];
const TRANSFERS: Columns<AdminTransferDto> = [
  { header: "Date", cell: (row) => when(row.createdAt) },
  { header: "Direction", cell: (row) => (row.direction === "sent" ? "Sent to" : "Received from") },
  { header: "Other person", cell: (row) => `${row.counterparty.name} (${row.counterparty.email})` },
  { header: "Amount", align: "right", cell: (row) => money(row.amountCents) },
  { header: "Note", cell: (row) => row.note ?? "—" },
];
const MONEY_REQUESTS: Columns<MoneyRequestDto> = [
  { header: "Date", cell: (row) => when(row.createdAt) },
  { header: "Direction", cell: (row) => (row.direction === "incoming" ? "Asked to pay" : "Asked") },
  { header: "Other person", cell: (row) => `${row.counterparty.name} (${row.counterparty.email})` },
  { header: "Amount", align: "right", cell: (row) => money(row.amountCents) },
  { header: "Status", cell: (row) => capital(row.status) },
];
const HISTORY: Columns<HistoryEntryDto> = [
  { header: "Date", cell: (row) => when(row.date) },
  { header: "Event", cell: (row) => row.title },
  { header: "Description", cell: (row) => row.description },
  { header: "Main Balance change", align: "right", cell: (row) => money(row.mainBalanceChangeCents) },
  { header: "Main Balance after", align: "right", cell: (row) => (row.mainBalanceAfterCents === null ? "—" : money(row.mainBalanceAfterCents)) },
];
const SESSIONS: Columns<AdminSessionDto> = [
  { header: "Last used", cell: (row) => when(row.updatedAt) },
  { header: "Started", cell: (row) => when(row.createdAt) },
  { header: "Expires", cell: (row) => when(row.expiresAt) },
  { header: "Address", mono: true, cell: (row) => row.ipAddress ?? "—" },
  { header: "Browser", cell: (row) => row.userAgent ?? "—" },
];
const AUDIT: Columns<UserAuditEntry> = [
  { header: "Time", cell: (row) => when(row.createdAt) },
  { header: "Action", mono: true, cell: (row) => row.action },
  { header: "By", cell: (row) => row.actor?.email ?? "—" },
  { header: "Target", mono: true, cell: (row) => `${row.targetType} ${row.targetId}` },
  { header: "After", mono: true, cell: (row) => JSON.stringify(row.after) },
];

const TITLES: Record<UserList, string> = {
  deposits: "Deposits",
  investments: "Investments",
  payouts: "Payouts",
  transfers: "Transfers",
  "money-requests": "Money requests",
  history: "Ledger history",
  sessions: "Active sessions",
  audit: "Audit entries",
};

function ListTable<T extends { id: string }>({ userId, list, columns, rowAction }: { userId: string; list: UserList; columns: Columns<T>; rowAction?: RowAction<T> }) {
  // Newest first, a page at a time: the cursor of the page shown is all the request holds.
  const state = useListState("");
  const cursor = state.pages.cursor;
  const page = useUserList<T>(userId, list, cursor ? new URLSearchParams({ cursor }).toString() : "");
  return (
    <DataTable
      caption={TITLES[list]}
      columns={columns}
      query={page}
      loadError={page.error?.message ?? "This list could not be loaded. Reload the page to try again."}
      empty={`No ${TITLES[list].toLowerCase()}.`}
      itemKey={(item) => item.id}
      itemTestId={`user-${list}`}
      list={state}
      rowAction={rowAction}
    />
  );
}

function SessionsTable({ userId }: { userId: string }) {
  const act = useUserAction(userId);
  return (
    <ListTable<AdminSessionDto>
      userId={userId}
      list="sessions"
      columns={SESSIONS}
      rowAction={{
        label: () => "End session",
        panel: (item, onOutcome, close) => (
          <ReasonForm
            label={`End the session from ${item.ipAddress ?? "an unknown address"}`}
            submitLabel="End session"
            hint="That browser is signed out at its next request."
            danger
            send={async (reason) => {
              await act.mutateAsync({ kind: "revoke-session", sessionId: item.id, reason });
              return "The session has ended.";
            }}
            onOutcome={onOutcome}
            onCancel={close}
          />
        ),
      }}
    />
  );
}

const TABLES: Record<UserList, (userId: string) => ReactNode> = {
  deposits: (id) => <ListTable userId={id} list="deposits" columns={DEPOSITS} />,
  investments: (id) => <ListTable userId={id} list="investments" columns={INVESTMENTS} />,
  payouts: (id) => <ListTable userId={id} list="payouts" columns={PAYOUTS} />,
  transfers: (id) => <ListTable userId={id} list="transfers" columns={TRANSFERS} />,
  "money-requests": (id) => <ListTable userId={id} list="money-requests" columns={MONEY_REQUESTS} />,
  history: (id) => <ListTable userId={id} list="history" columns={HISTORY} />,
  sessions: (id) => <SessionsTable userId={id} />,
  audit: (id) => <ListTable userId={id} list="audit" columns={AUDIT} />,
};

/** The user's lists, one at a time (chosen in the URL's `list`, each paged Newer / Older), so the screen stays short. */
export function UserActivity({ userId }: { userId: string }) {
  const state = useListState("");
  const current = (USER_LISTS as readonly string[]).includes(state.get("list")) ? (state.get("list") as UserList) : "deposits";
  return (
    <section aria-label="Activity" className="flex flex-col gap-4">
      <nav aria-label="Lists" className="flex flex-wrap gap-2">
        {USER_LISTS.map((list) => (
          <button
            key={list}
            type="button"
            aria-current={list === current ? "true" : undefined}
            onClick={() => state.setFilters({ list: list === "deposits" ? "" : list })}
            className={cn(
              "min-h-9 rounded-lg border px-3 text-sm font-medium",
              list === current ? "border-brand-700 bg-brand-700 text-white" : "border-slate-300 bg-white text-slate-900 hover:bg-slate-50",
            )}
          >
            {TITLES[list]}
          </button>
        ))}
      </nav>
      <h2 className="text-lg font-semibold text-brand-900">{TITLES[current]}</h2>
      <div key={current}>{TABLES[current](userId)}</div>
    </section>
  );
}
