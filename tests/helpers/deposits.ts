import type { BankKey } from "#shared/schemas/deposits.js";
import type { HttpClient } from "./http-client.js";

/** The reference the bank page shows this user before they pay (the one place tests get it). */
export async function bankReference(client: HttpClient): Promise<string> {
  const response = await client.get("/api/deposits/bank-reference");
  if (response.status !== 200) throw new Error(`GET /api/deposits/bank-reference answered ${response.status}`);
  return ((await response.json()) as { reference: string }).reference;
}

/** A bank deposit's body as the bank page sends it: the chosen bank, the amount, the user's reference. */
export async function bankDepositBody(client: HttpClient, amountCents: number, bank: BankKey = "uba") {
  return { method: "bank", bank, amountCents, reference: await bankReference(client) };
}
