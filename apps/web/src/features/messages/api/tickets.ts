import type { Paginated, Ticket, TicketCreated, TicketInput } from "@atelier/contract";
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { messageKeys, supportKeys } from "./keys";

/** GET /api/support/tickets/?page=n: the customer's tickets and their status. */
export const getTickets = (page: number) => api<Paginated<Ticket>>(`/support/tickets/${page > 1 ? `?page=${page}` : ""}`);

export const ticketsQueryOptions = (page: number) =>
  queryOptions({ queryKey: supportKeys.tickets(page), queryFn: () => getTickets(page), placeholderData: keepPreviousData });

export function useTickets(page: number) {
  return useQuery({ ...ticketsQueryOptions(page), refetchOnWindowFocus: true });
}

/** POST /api/support/tickets/ {subject, message, category}. */
export const createTicket = (input: TicketInput) => api<TicketCreated>("/support/tickets/", { method: "POST", body: input });

export function useCreateTicket() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createTicket,
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: supportKeys.all }), qc.invalidateQueries({ queryKey: messageKeys.all })]),
  });
}

/** POST /api/staff/messages/{id}/close/ or /reopen/. */
export const setTicketState = ({ id, action }: { id: string; action: "close" | "reopen" }) =>
  api<Ticket>(`/staff/messages/${encodeURIComponent(id)}/${action}/`, { method: "POST" });

export function useSetTicketState() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: setTicketState,
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: messageKeys.all }), qc.invalidateQueries({ queryKey: supportKeys.all })]),
  });
}
