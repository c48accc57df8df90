import type { DesignEstimateRequest, DesignInput, Estimate } from "@atelier/contract";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { useDebouncedValue } from "@/lib/use-debounced-value";

/**
 * POST /api/public/estimate/: the instant estimate of design details that are not saved (the
 * custom form's fields with `source: "custom"`, or a link's save payload with `source: "link"`).
 * Anonymous, so it also works before sign-up; throttled per client address (429 with a message).
 */
export const estimateDesignDetails = (details: DesignEstimateRequest, signal?: AbortSignal) =>
  api<Estimate>("/public/estimate/", { method: "POST", body: details, anonymous: true, ...(signal && { signal }) });

export const designEstimateKeys = {
  all: ["design-estimate"] as const,
  preview: (details: DesignEstimateRequest) => [...designEstimateKeys.all, details] as const,
};

export const designEstimateQueryOptions = (details: DesignEstimateRequest) =>
  queryOptions({
    queryKey: designEstimateKeys.preview(details),
    queryFn: ({ signal }) => estimateDesignDetails(details, signal),
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
    // A 400 (a figure out of range) or a 429 will not pass by asking again at once.
    retry: false,
  });

/** The custom form's values as the estimate's body (images and removals are not part of a price). */
export function customEstimateRequest(details: DesignInput): DesignEstimateRequest {
  const { remove_image_ids: _removed, ...rest } = details;
  return { ...rest, source: "custom" };
}

/**
 * The live estimate of the custom design form's details, e.g. in its review step: asked for once
 * the details have stopped changing for `debounceMs`; `null` details (a form not yet valid) ask
 * nothing. The previous estimate stays shown while the next is fetched (`isFetching`). A 400 or
 * 429 arrives in `error` (an ApiError whose `message` is the server's text).
 */
export function useDesignEstimatePreview(details: DesignInput | null, { debounceMs = 500 }: { debounceMs?: number } = {}) {
  const settled = useDebouncedValue(details, debounceMs);
  const request = settled ? customEstimateRequest(settled) : null;
  return useQuery({
    ...designEstimateQueryOptions(request ?? { source: "custom" }),
    enabled: request !== null,
  });
}
