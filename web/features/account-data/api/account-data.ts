import { useMutation } from "@tanstack/react-query";
import type { CloseAccountInput, ClosedAccountDto } from "#shared/schemas/account-data.js";
import { IDEMPOTENCY_HEADER } from "#shared/schemas/money.js";
import { apiRequest } from "#web/lib/api.js";

/** The file of everything held about the account: a plain link downloads it (the server names it). */
export const EXPORT_PATH = "/api/me/export";

/** Closing the account; one key per opening of the dialog, so a retry after a lost answer is the same close. */
export function useCloseAccount() {
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: CloseAccountInput; idempotencyKey: string }) =>
      apiRequest<ClosedAccountDto>("/api/me/close", { body: input, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } }),
  });
}
