import { useMutation, useQueryClient } from "@tanstack/react-query";
import { IDEMPOTENCY_HEADER } from "#shared/schemas/money.js";
import type { CreateTransferInput, TransferDto, TransferPreviewDto, TransferPreviewInput } from "#shared/schemas/transfers.js";
import { apiRequest } from "#web/lib/api.js";
import { invalidateMoneyOut } from "#web/lib/query-keys.js";

/** Sends money from the caller's Main Balance to another account, found by e-mail. */
export function useCreateTransfer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: CreateTransferInput; idempotencyKey: string }) =>
      apiRequest<TransferDto>("/api/transfers", { body: input, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } }),
    onSettled: () => invalidateMoneyOut(client),
  });
}

/**
 * Who a transfer would reach (their name as the account shows it) and whether the Main Balance
 * covers it, for the review before sending. A POST that moves nothing, so never cached or retried.
 */
export function usePreviewTransfer() {
  return useMutation({
    mutationFn: (input: TransferPreviewInput) => apiRequest<TransferPreviewDto>("/api/transfers/preview", { body: input }),
  });
}
