import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AddWithdrawalAddressInput, WithdrawalAddressDto, WithdrawalAddressList } from "#shared/schemas/withdrawal-addresses.js";
import { apiRequest } from "#web/lib/api.js";
import { MONEY_OUT_KEYS } from "#web/lib/query-keys.js";

const BASE = "/api/me/withdrawal-addresses";
const KEY = MONEY_OUT_KEYS.withdrawalAddresses;
const path = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

/** The caller's list; read again each minute, so an address whose waiting time ends turns usable on screen. */
export function useWithdrawalAddresses() {
  return useQuery({ queryKey: KEY, queryFn: () => apiRequest<WithdrawalAddressList>(BASE), refetchInterval: 60_000 });
}

/** A change to the list: the list is read again afterwards, refused or not (it may have changed in another tab). */
function useListChange<V, R>(call: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSettled: () => client.invalidateQueries({ queryKey: KEY }) });
}

export const useAddWithdrawalAddress = () => useListChange((input: AddWithdrawalAddressInput) => apiRequest<WithdrawalAddressDto>(BASE, { body: input }));
export const useRemoveWithdrawalAddress = () => useListChange((id: string) => apiRequest(path(id), { method: "DELETE" }));
export const useResendConfirmLink = () => useListChange((id: string) => apiRequest<WithdrawalAddressDto>(`${path(id)}/resend`, { method: "POST" }));

/** Following the e-mailed link: the token alone confirms its address, signed in or not. */
export function useConfirmWithdrawalAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => apiRequest<WithdrawalAddressDto>(`${BASE}/confirm`, { body: { token } }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}
