import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as z from "zod/mini";
import { ApiError } from "#web/lib/api.js";
import { DecisionForm, type ApproveStep, type RejectStep } from "./decision-form.js";
import { DataTable, type DataColumn } from "./data-table.js";
import type { ListState } from "./use-list-state.js";

interface Item {
  id: string;
  who: string;
  amount: string;
}

const ITEMS: Item[] = [
  { id: "a", who: "Ada", amount: "$10.00" },
  { id: "b", who: "Bola", amount: "$20.00" },
];
const COLUMNS: [DataColumn<Item>, ...DataColumn<Item>[]] = [
  { header: "User", cell: (item) => item.who },
  { header: "Amount", align: "right", sortKey: "amountCents", cell: (item) => item.amount },
];

function listState(sort = "createdAt", depth = 0): ListState {
  const pages = { cursor: depth === 0 ? undefined : "c", depth, forward: vi.fn(), back: vi.fn(), reset: vi.fn() };
  return { sort, get: () => "", pages, setSort: vi.fn(), setFilters: vi.fn(), resetFilters: vi.fn(), query: "", csvQuery: "format=csv" };
}

function approve(send: ApproveStep<{ txId: string }>["send"]): ApproveStep<{ txId: string }> {
  return {
    label: "Mark paid",
    submitLabel: "Mark paid",
    pendingLabel: "Saving...",
    fields: [{ name: "txId", label: "Transaction ID", hint: "Required." }],
    parse: (values) => (values.txId ? { ok: true, body: { txId: values.txId } } : { ok: false, errors: { txId: "Enter the transaction id." } }),
    fallback: "Could not mark it paid.",
    send,
  };
}
const REJECT: RejectStep = {
  label: "Reject",
  hint: "The user sees this reason.",
  submitLabel: "Reject it",
  schema: z.object({ reason: z.string().check(z.minLength(1, "Give a reason for the rejection.")) }),
  fallback: "Could not reject it.",
  send: async ({ reason }) => `Rejected. Reason: ${reason}`,
};

function renderQueue(send: ApproveStep<{ txId: string }>["send"], items: Item[] = ITEMS, list = listState(), total = items.length, nextCursor: string | null = null) {
  render(
    <DataTable
      caption="Pending things"
      columns={COLUMNS}
      query={{ data: { items, nextCursor, total, totalCapped: false }, isPending: false, isError: false, isPlaceholderData: false, error: null }}
      loadError="Could not load."
      empty="Nothing waits."
      itemKey={(item) => item.id}
      itemTestId="queue-item"
      list={list}
      csvHref="/api/things?format=csv"
      rowAction={{ label: () => "Review", panel: (_item, onOutcome) => <DecisionForm approve={approve(send)} reject={REJECT} onOutcome={onOutcome} /> }}
    />,
  );
  return list;
}

/** Opens the n-th item's panel, as the operator does with its Review button. */
function openItem(index: number) {
  const item = within(screen.getAllByTestId("queue-item")[index]!);
  fireEvent.click(item.getByRole("button", { name: "Review" }));
  return item;
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("DataTable", () => {
  it("is a table with column headers, a header cell per row and one group of rows per item", () => {
    renderQueue(async () => "done");
    const table = screen.getByRole("table", { name: "Pending things" });
    expect(within(table).getAllByRole("columnheader").map((cell) => cell.textContent)).toEqual(["User", "Amount↕", "Actions"]);
    expect(within(table).getAllByRole("rowheader").map((cell) => cell.textContent)).toEqual(["Ada", "Bola"]);
    expect(screen.getAllByTestId("queue-item")).toHaveLength(2);
    // The scrolling box can be reached by keyboard on a phone.
    expect(screen.getByRole("region", { name: "Pending things" }).tabIndex).toBe(0);
  });

  it("sorts by a column's key, ascending first then descending, and says which way it is sorted", () => {
    const list = renderQueue(async () => "done");
    const amount = screen.getByRole("columnheader", { name: /Amount/ });
    expect(amount.getAttribute("aria-sort")).toBe("none");
    fireEvent.click(within(amount).getByRole("button"));
    expect(list.setSort).toHaveBeenCalledWith("amountCents");
    cleanup();
    const sorted = renderQueue(async () => "done", ITEMS, listState("amountCents"));
    const header = screen.getByRole("columnheader", { name: /Amount/ });
    expect(header.getAttribute("aria-sort")).toBe("ascending");
    fireEvent.click(within(header).getByRole("button"));
    expect(sorted.setSort).toHaveBeenCalledWith("-amountCents");
  });

  it("pages on the server by cursor: counts every match, links the CSV and follows the page's cursor", () => {
    const list = renderQueue(async () => "done", ITEMS, listState(), 5, "cursor-2");
    expect(screen.getByText("5 matching")).toBeTruthy();
    expect(screen.getByText("Page 1")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Download CSV" }).getAttribute("href")).toBe("/api/things?format=csv");
    expect((screen.getByRole("button", { name: "Previous" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(list.pages.forward).toHaveBeenCalledWith("cursor-2");
  });

  it("on a later page goes back, and offers no next page after the last", () => {
    const list = renderQueue(async () => "done", ITEMS, listState("-createdAt", 2), 5, null);
    expect(screen.getByText("Page 3")).toBeTruthy();
    // Newest first, the pager says which way time goes.
    expect((screen.getByRole("button", { name: "Older" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Newer" }));
    expect(list.pages.back).toHaveBeenCalled();
  });

  it("hides the pager when every match fits one page, and says a later page emptied meanwhile is empty", () => {
    renderQueue(async () => "done");
    expect(screen.queryByRole("navigation", { name: "Pagination" })).toBeNull();
    cleanup();
    renderQueue(async () => "done", [], listState("createdAt", 1), 3, null);
    expect(screen.getByText("This page is empty.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Previous" })).toBeTruthy();
  });

  it("opens one item's panel under its row and folds it again", () => {
    renderQueue(async () => "done");
    expect(screen.queryByLabelText("Transaction ID")).toBeNull();
    const first = openItem(0);
    expect(first.getByRole("button", { name: "Close" }).getAttribute("aria-expanded")).toBe("true");
    expect(first.getByLabelText("Transaction ID")).toBeTruthy();
    fireEvent.click(first.getByRole("button", { name: "Close" }));
    expect(screen.queryByLabelText("Transaction ID")).toBeNull();
  });

  it("says so when the queue is empty", () => {
    renderQueue(async () => "done", []);
    expect(screen.queryByRole("table")).toBeNull();
    expect(screen.getByText("Nothing waits.")).toBeTruthy();
    // The empty state says why; the counter does not claim a filter matched nothing.
    expect(screen.queryByText(/No matches| of 0/)).toBeNull();
  });
});

describe("DecisionForm in a queue", () => {
  it("checks the fields first, then sends with an idempotency key and reports the outcome with focus", async () => {
    const send = vi.fn(async (body: { txId: string }) => `Marked paid (transaction ${body.txId}).`);
    renderQueue(send);
    const first = openItem(0);
    fireEvent.click(first.getByRole("button", { name: "Mark paid" }));
    expect(await first.findByText("Enter the transaction id.")).toBeTruthy();
    expect(send).not.toHaveBeenCalled();

    fireEvent.change(first.getByLabelText("Transaction ID"), { target: { value: "tx-1" } });
    fireEvent.click(first.getByRole("button", { name: "Mark paid" }));
    const outcome = screen.getByTestId("admin-outcome");
    expect(await within(outcome).findByText("Marked paid (transaction tx-1).")).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(outcome));
    expect(send).toHaveBeenCalledWith({ txId: "tx-1" }, expect.stringMatching(/^[\w-]{8,128}$/));
  });

  it("puts the server's refusal on the field it names, and a conflict in the queue's outcome", async () => {
    const send = vi
      .fn<ApproveStep<{ txId: string }>["send"]>()
      .mockRejectedValueOnce(new ApiError(400, "VALIDATION_FAILED", "Too long.", { txId: "Too long." }))
      .mockRejectedValueOnce(new ApiError(409, "CONFLICT", "This payout was already decided."));
    renderQueue(send);
    const first = openItem(0);
    fireEvent.change(first.getByLabelText("Transaction ID"), { target: { value: "tx-1" } });
    fireEvent.click(first.getByRole("button", { name: "Mark paid" }));
    expect(await first.findByText("Too long.")).toBeTruthy();
    fireEvent.click(first.getByRole("button", { name: "Mark paid" }));
    expect(await within(screen.getByTestId("admin-outcome")).findByText("This payout was already decided.")).toBeTruthy();
    // The same body was retried, so it carried the same key.
    expect(send.mock.calls[1]?.[1]).toBe(send.mock.calls[0]?.[1]);
  });

  it("shows a refusal of this admin (403) in the form, in the server's words", async () => {
    const send = vi.fn<ApproveStep<{ txId: string }>["send"]>().mockRejectedValueOnce(new ApiError(403, "FORBIDDEN", "This is your own payout, so another admin must mark it paid."));
    renderQueue(send);
    const first = openItem(0);
    fireEvent.change(first.getByLabelText("Transaction ID"), { target: { value: "tx-1" } });
    fireEvent.click(first.getByRole("button", { name: "Mark paid" }));
    expect((await first.findByRole("alert")).textContent).toBe("This is your own payout, so another admin must mark it paid.");
  });

  it("asks for a reason before it rejects", async () => {
    renderQueue(async () => "done");
    const second = openItem(1);
    fireEvent.click(second.getByRole("button", { name: "Reject" }));
    fireEvent.click(second.getByRole("button", { name: "Reject it" }));
    expect(await second.findByText("Give a reason for the rejection.")).toBeTruthy();
    fireEvent.change(second.getByLabelText("Reason for rejection"), { target: { value: "No such transfer" } });
    fireEvent.click(second.getByRole("button", { name: "Reject it" }));
    expect(await within(screen.getByTestId("admin-outcome")).findByText("Rejected. Reason: No such transfer")).toBeTruthy();
  });
});
