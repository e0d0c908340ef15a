import { describe, expect, it } from "vitest";
import type { WithdrawalAddressDto } from "#shared/schemas/withdrawal-addresses.js";
import { addressStanding } from "./withdrawal-address-status.js";

const base: WithdrawalAddressDto = {
  id: "a-1",
  address: "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu",
  label: "Cold storage",
  status: "unconfirmed",
  confirmedAt: null,
  usableFrom: null,
  confirmExpiresAt: "2026-01-05T10:00:00.000Z",
  createdAt: "2026-01-04T10:00:00.000Z",
};
const at = (iso: string) => Date.parse(iso);

describe("addressStanding", () => {
  it("says until when an unconfirmed address's link works, and that it expired once it has", () => {
    expect(addressStanding(base, at("2026-01-05T09:59:00Z"))).toMatchObject({ word: "Not confirmed", detail: expect.stringMatching(/^Open the link we e-mailed you to confirm it \(it works until 5 Jan 2026/) });
    expect(addressStanding(base, at("2026-01-05T10:00:00Z"))).toMatchObject({ word: "Link expired", tone: "danger" });
  });

  it("gives a waiting address its time, and a usable one no time at all", () => {
    const confirmed = { ...base, confirmedAt: "2026-01-05T09:00:00.000Z", usableFrom: "2026-01-06T09:00:00.000Z", confirmExpiresAt: null };
    expect(addressStanding({ ...confirmed, status: "waiting" }, at("2026-01-05T12:00:00Z"))).toMatchObject({ word: "Waiting", detail: expect.stringMatching(/^Confirmed; payouts can go to it from 6 Jan 2026/) });
    expect(addressStanding({ ...confirmed, status: "usable" }, at("2026-01-07T12:00:00Z"))).toEqual({ tone: "success", word: "Usable", detail: "Payouts can go to this address." });
  });
});
