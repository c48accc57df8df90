import type { MessageTopics } from "@atelier/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { messageKeys } from "./keys";

/** GET /api/messages/topics/: the customer's orders a conversation can be about. */
export const getTopics = () => api<MessageTopics>("/messages/topics/");

export const topicsQueryOptions = () => queryOptions({ queryKey: messageKeys.topics(), queryFn: getTopics });

export function useTopics() {
  return useQuery(topicsQueryOptions());
}
