/** Every queue query starts with `staff-jobs`; a retry invalidates them all. */
export const jobsKeys = {
  all: ["staff-jobs"] as const,
  health: () => [...jobsKeys.all, "health"] as const,
  failed: (page: number) => [...jobsKeys.all, "failed", page] as const,
};

/** The screen reads the queue again this often while it is open: the figures change on their own. */
export const JOBS_REFRESH_MS = 15_000;
