import type { Paginated, StaffPerson } from "@atelier/contract";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { peopleKeys, peopleQuery, type PeopleListParams } from "./keys";

/** GET /api/staff/people/?role=&search=&page= (admins): every account, newest first. */
export const getPeople = (params: PeopleListParams) => api<Paginated<StaffPerson>>(`/staff/people/?${peopleQuery(params)}`);

export const peopleQueryOptions = (params: PeopleListParams) =>
  queryOptions({ queryKey: peopleKeys.list(params), queryFn: () => getPeople(params), placeholderData: keepPreviousData });

export function usePeople(params: PeopleListParams) {
  return useQuery(peopleQueryOptions(params));
}
