import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AdminVerificationDto, AdminVerificationItem, VerificationDecisionInput } from "#shared/schemas/verification.js";
import { useListQuery } from "#web/components/admin/use-list-query.js";
import { ApiError, apiRequest } from "#web/lib/api.js";
import { ADMIN_KEYS } from "#web/lib/query-keys.js";

export const ADMIN_VERIFICATIONS_PATH = "/api/admin/verifications";
const casePath = (id: string) => `${ADMIN_VERIFICATIONS_PATH}/${encodeURIComponent(id)}`;
export const documentPath = (caseId: string, documentId: string) => `${casePath(caseId)}/documents/${encodeURIComponent(documentId)}`;

/** One page of the identity queue; `query` is the list's state (sort, filters, the page's cursor). */
export const useAdminVerifications = (query: string) => useListQuery<AdminVerificationItem>([...ADMIN_KEYS.verifications, "list"], ADMIN_VERIFICATIONS_PATH, query);

export function useAdminVerification(id: string) {
  return useQuery({ queryKey: [...ADMIN_KEYS.verifications, id], queryFn: () => apiRequest<AdminVerificationDto>(casePath(id)) });
}

export type CaseAction = { kind: "assign"; takeOver?: boolean } | ({ kind: "decision" } & VerificationDecisionInput);

/** Assign to me, or decide; afterwards the case and the queue are read again (another operator may have acted). */
export function useCaseAction(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, ...body }: CaseAction) => apiRequest<AdminVerificationDto>(`${casePath(id)}/${kind === "assign" ? "assign" : "decision"}`, { body }),
    onSettled: () => client.invalidateQueries({ queryKey: ADMIN_KEYS.verifications }),
  });
}

/**
 * A file's bytes, fetched only when the operator asks to see it (each view is an audit entry). The
 * server sends it as an attachment; the page shows it from a blob: URL.
 */
export async function fetchDocument(caseId: string, documentId: string): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(documentPath(caseId, documentId), { credentials: "same-origin" });
  } catch {
    throw new ApiError(0, "NETWORK", "Could not reach the server. Check your connection and try again.");
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { error?: { code?: string; message?: string } };
    throw new ApiError(response.status, body.error?.code ?? `HTTP_${response.status}`, body.error?.message ?? "The file could not be opened.");
  }
  return response.blob();
}
