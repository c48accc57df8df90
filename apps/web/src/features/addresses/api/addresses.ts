import type { Address, AddressInput, Order, OrderAddressesInput } from "@atelier/contract";
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export const addressKeys = { all: ["addresses"] as const };

/** GET /api/addresses/: the signed-in customer's saved addresses, defaults first. */
export const addressesQuery = () => queryOptions({ queryKey: addressKeys.all, queryFn: ({ signal }) => api<Address[]>("/addresses/", { signal }) });

export function useAddresses() {
  return useQuery(addressesQuery());
}

/** POST /api/addresses/ or PUT /api/addresses/{id}/: the server checks it for its country and answers field errors. */
export const saveAddress = ({ id, input }: { id?: string | undefined; input: AddressInput }) =>
  id
    ? api<Address>(`/addresses/${encodeURIComponent(id)}/`, { method: "PUT", body: input })
    : api<Address>("/addresses/", { method: "POST", body: input });

export const deleteAddress = (id: string) => api<null>(`/addresses/${encodeURIComponent(id)}/`, { method: "DELETE" });

const refreshAddresses = (qc: QueryClient) => qc.invalidateQueries({ queryKey: addressKeys.all });

export function useSaveAddress() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveAddress, onSuccess: () => refreshAddresses(qc) });
}

export function useDeleteAddress() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteAddress, onSuccess: () => refreshAddresses(qc) });
}

/** PUT /api/orders/{id}/addresses/: the order ships to (and bills) saved addresses, copied into it. */
export const chooseOrderAddresses = ({ orderId, input }: { orderId: string; input: OrderAddressesInput }) =>
  api<Order>(`/orders/${encodeURIComponent(orderId)}/addresses/`, { method: "PUT", body: input });

export function useChooseOrderAddresses() {
  const qc = useQueryClient();
  // The orders feature's keys start with "orders": the order page refreshes with its new address.
  return useMutation({ mutationFn: chooseOrderAddresses, onSuccess: () => qc.invalidateQueries({ queryKey: ["orders"] }) });
}
