import type { ListOf } from "#shared/schemas/paging.js";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { IDEMPOTENCY_HEADER } from "#shared/schemas/money.js";
import type { CreatePayoutInput, PayoutDto, PayoutPreviewInput, PayoutQuoteDto } from "#shared/schemas/payouts.js";
import { ApiError, apiRequest } from "#web/lib/api.js";
import { invalidateMoneyOut, MONEY_OUT_KEYS } from "#web/lib/query-keys.js";

export function useMyPayouts() {
  return useQuery({
    queryKey: MONEY_OUT_KEYS.payouts,
    queryFn: () => apiRequest<ListOf<PayoutDto>>("/api/payouts"),
    // An operator pays or rejects a payout elsewhere; pick that up without a reload.
    refetchInterval: 30_000,
  });
}

export function useCreatePayout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: CreatePayoutInput; idempotencyKey: string }) =>
      apiRequest<PayoutDto>("/api/payouts", { body: input, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } }),
    // After a refusal too: a 409 means the balance on screen was out of date.
    onSettled: () => invalidateMoneyOut(client),
  });
}

/** Takes back a pending payout; the held amount returns to the Main Balance. */
export function useCancelPayout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, idempotencyKey }: { id: string; idempotencyKey: string }) =>
      apiRequest<PayoutDto>(`/api/payouts/${encodeURIComponent(id)}/cancel`, { method: "POST", body: {}, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } }),
    onSuccess: (payout) => {
      // Show Cancelled at once; the refetch below only confirms it.
      client.setQueryData<ListOf<PayoutDto>>(MONEY_OUT_KEYS.payouts, (old) => old && { ...old, items: old.items.map((row) => (row.id === payout.id ? payout : row)) });
    },
    // After a 409 too: an operator decided it meanwhile, so the list and balances are stale.
    onSettled: () => invalidateMoneyOut(client),
  });
}

/**
 * Whether the server would take this payout now (the address on the list, limits, balance, 24-hour
 * total), before its review: moves nothing, so never retried. A refused address means the list
 * changed since it was read (removed in another tab, say), so it is read again.
 */
export function usePreviewPayout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PayoutPreviewInput) => apiRequest<PayoutPreviewInput>("/api/payouts/preview", { body: input }),
    onError: (error) => {
      if (error instanceof ApiError && error.code === "ADDRESS_NOT_ALLOWED") void client.invalidateQueries({ queryKey: MONEY_OUT_KEYS.withdrawalAddresses });
    },
  });
}

/** A withdrawal's bitcoin as its review shows it: the estimate at the current rate, or why there is none. */
export type PayoutQuoteView = { kind: "estimate"; amountBtc: string; rateUsd: string } | { kind: "unavailable"; message: string };

const NO_QUOTE = "We could not price this in bitcoin just now.";

/**
 * The estimate for the review (automatic crypto mode only). Never throws: the estimate only informs,
 * so a refused rate (503 RATE_UNAVAILABLE, in the server's words) or a lost connection leaves the
 * review open, saying so; the rate that counts is fixed when our team approves the withdrawal.
 */
export async function readPayoutQuote(amountCents: number): Promise<PayoutQuoteView> {
  try {
    const quote = await apiRequest<PayoutQuoteDto>(`/api/payouts/quote?amountCents=${amountCents}`);
    return quote.estimate ? { kind: "estimate", amountBtc: quote.amountBtc, rateUsd: quote.rateUsd } : { kind: "unavailable", message: quote.message };
  } catch (error) {
    return { kind: "unavailable", message: error instanceof ApiError && error.code === "RATE_UNAVAILABLE" ? error.message : NO_QUOTE };
  }
}
