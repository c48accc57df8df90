import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api-client";

/** Library defaults (spec §9): 3 retries with min(1000·2ⁿ, 30000) ms; never retry a 4xx. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (failureCount, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 3,
      retryDelay: (n) => Math.min(1000 * 2 ** n, 30_000),
      gcTime: 5 * 60_000,
      refetchOnWindowFocus: false,
    },
  },
});
