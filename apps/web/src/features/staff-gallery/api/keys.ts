/** The staff gallery's keys start with `staff-gallery`; every change invalidates the list by it. */
export const galleryKeys = {
  all: ["staff-gallery"] as const,
  list: () => [...galleryKeys.all, "list"] as const,
};
