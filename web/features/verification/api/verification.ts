import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { IdentityDocumentDto, SubmitVerificationInput, VerificationDto } from "#shared/schemas/verification.js";
import { apiRequest } from "#web/lib/api.js";
import { ACCOUNT_KEYS } from "#web/lib/query-keys.js";

const PATH = "/api/me/verification";

/** The account's level, its identity case and what the level still allows. */
export function useVerification() {
  return useQuery({ queryKey: ACCOUNT_KEYS.verification, queryFn: () => apiRequest<VerificationDto>(PATH) });
}

function useVerificationChange<I, O>(call: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSettled: () => client.invalidateQueries({ queryKey: ACCOUNT_KEYS.verification }) });
}

/** One file at a time, as multipart/form-data in the field `file`: the only upload the API takes. */
export const useUploadDocument = () =>
  useVerificationChange((file: File) => {
    const form = new FormData();
    form.append("file", file);
    return apiRequest<IdentityDocumentDto>(`${PATH}/documents`, { body: form });
  });

export const useRemoveDocument = () =>
  useVerificationChange((id: string) => apiRequest<void>(`${PATH}/documents/${encodeURIComponent(id)}`, { method: "DELETE" }));

export const useSubmitVerification = () => useVerificationChange((input: SubmitVerificationInput) => apiRequest<VerificationDto>(PATH, { body: input }));
