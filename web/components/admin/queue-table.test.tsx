import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as z from "zod/mini";
import { ApiError } from "#web/lib/api.js";
import { DecisionForm, type ApproveStep, type RejectStep } from "./decision-form.js";
import { QueueTable, type QueueColumn } from "./queue-table.js";

interface Item {
  id: string;
  who: string;
  amount: string;
}

const ITEMS: Item[] = [
  { id: "a", who: "Ada", amount: "$10.00" },
  { id: "b", who: "Bola", amount: "$20.00" },
];
const COLUMNS: [QueueColumn<Item>, ...QueueColumn<Item>[]] = [
  { header: "User", cell: (item) => item.who },
  { header: "Amount", align: "right", cell: (item) => item.amount },
];

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

function renderQueue(send: ApproveStep<{ txId: string }>["send"], items: Item[] | undefined = ITEMS) {
  render(
    <QueueTable
      caption="Pending things"
      columns={COLUMNS}
      items={items}
      isPending={false}
      isError={false}
      loadError="Could not load."
      empty="Nothing waits."
      itemKey={(item) => item.id}
      itemTestId="queue-item"
      decision={(_item, onOutcome) => <DecisionForm approve={approve(send)} reject={REJECT} onOutcome={onOutcome} />}
    />,
  );
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("QueueTable", () => {
  it("is a table with column headers, a header cell per row and one group of rows per item", () => {
    renderQueue(async () => "done");
    const table = screen.getByRole("table", { name: "Pending things" });
    expect(within(table).getAllByRole("columnheader").map((cell) => cell.textContent)).toEqual(["User", "Amount"]);
    expect(within(table).getAllByRole("rowheader").map((cell) => cell.textContent)).toEqual(["Ada", "Bola"]);
    expect(screen.getAllByTestId("queue-item")).toHaveLength(2);
    // The scrolling box can be reached by keyboard on a phone.
    expect(screen.getByRole("region", { name: "Pending things" }).tabIndex).toBe(0);
  });

  it("says so when the queue is empty", () => {
    renderQueue(async () => "done", []);
    expect(screen.queryByRole("table")).toBeNull();
    expect(screen.getByText("Nothing waits.")).toBeTruthy();
  });
});

describe("DecisionForm in a queue", () => {
  it("checks the fields first, then sends with an idempotency key and reports the outcome with focus", async () => {
    const send = vi.fn(async (body: { txId: string }) => `Marked paid (transaction ${body.txId}).`);
    renderQueue(send);
    const first = within(screen.getAllByTestId("queue-item")[0]!);
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
    const first = within(screen.getAllByTestId("queue-item")[0]!);
    fireEvent.change(first.getByLabelText("Transaction ID"), { target: { value: "tx-1" } });
    fireEvent.click(first.getByRole("button", { name: "Mark paid" }));
    expect(await first.findByText("Too long.")).toBeTruthy();
    fireEvent.click(first.getByRole("button", { name: "Mark paid" }));
    expect(await within(screen.getByTestId("admin-outcome")).findByText("This payout was already decided.")).toBeTruthy();
    // The same body was retried, so it carried the same key.
    expect(send.mock.calls[1]?.[1]).toBe(send.mock.calls[0]?.[1]);
  });

  it("asks for a reason before it rejects", async () => {
    renderQueue(async () => "done");
    const second = within(screen.getAllByTestId("queue-item")[1]!);
    fireEvent.click(second.getByRole("button", { name: "Reject" }));
    fireEvent.click(second.getByRole("button", { name: "Reject it" }));
    expect(await second.findByText("Give a reason for the rejection.")).toBeTruthy();
    fireEvent.change(second.getByLabelText("Reason for rejection"), { target: { value: "No such transfer" } });
    fireEvent.click(second.getByRole("button", { name: "Reject it" }));
    expect(await within(screen.getByTestId("admin-outcome")).findByText("Rejected. Reason: No such transfer")).toBeTruthy();
  });
});
