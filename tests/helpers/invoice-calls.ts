import { and, count, eq } from "drizzle-orm";
import { expect } from "vitest";
import type { Database } from "#server/db/client.js";
import { journal, notification } from "#server/db/schema.js";
import type { HttpClient } from "./http-client.js";

/** The investor's and the ledger's side of an invoice, as the invoice tests read them. */

/** A crypto deposit in automatic mode: an invoice for `amountCents` (default $650.00). */
export async function makeInvoice<T>(client: HttpClient, amountCents = 65_000): Promise<T> {
  const response = await client.post("/api/deposits", { method: "crypto", coin: "BTC", amountCents });
  expect(response.status).toBe(201);
  return response.json() as Promise<T>;
}

export const readDeposit = async <T>(client: HttpClient, id: string): Promise<T> => (await client.get(`/api/deposits/${id}`)).json() as Promise<T>;
export const mainBalance = async (client: HttpClient) => (await (await client.get("/api/me/summary")).json()).mainBalanceCents as number;
/** Journals keyed to the deposit: 1 once credited, never more. */
export const depositJournals = async (db: Database, id: string) => (await db.select({ n: count() }).from(journal).where(eq(journal.idempotencyKey, `deposit:${id}`)))[0]?.n ?? 0;
export const noticesOf = (db: Database, userId: string, kind: string) =>
  db.select({ title: notification.title, body: notification.body }).from(notification).where(and(eq(notification.userId, userId), eq(notification.kind, kind)));
