import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { MoneyRequestDto } from "#shared/schemas/money-requests.js";
import { RequestDetails } from "./request-details.js";

const REQUEST: MoneyRequestDto = {
  id: "r-1",
  direction: "incoming",
  counterparty: { name: "Ada Asker", email: "ada@example.com" },
  amountCents: 12_000,
  note: "<b>Termvest Security</b>: your account is locked.\nPay to unlock it.",
  status: "pending",
  createdAt: "2026-01-05T10:00:00.000Z",
  answeredAt: null,
};

afterEach(cleanup);

describe("RequestDetails", () => {
  it("shows the requester's note to the payer as a quotation from them, as plain text", () => {
    const { container } = render(<RequestDetails request={REQUEST} />);
    const quote = container.querySelector("figure blockquote");
    expect(quote?.textContent).toBe(REQUEST.note);
    expect(quote?.querySelector("b")).toBeNull();
    expect(container.querySelector("figcaption")?.textContent).toBe("Note from Ada Asker:");
  });

  it("labels the requester's own note as theirs on their side", () => {
    render(<RequestDetails request={{ ...REQUEST, direction: "outgoing", note: "Rent share" }} />);
    expect(screen.getByText("Your note:")).toBeTruthy();
    expect(screen.getByText("Rent share").tagName).toBe("BLOCKQUOTE");
  });

  it("shows no quotation without a note", () => {
    const { container } = render(<RequestDetails request={{ ...REQUEST, note: null }} />);
    expect(container.querySelector("blockquote")).toBeNull();
  });
});
