/** The pricing screen's keys start with `staff-pricing`; a save invalidates them all. */
export const pricingKeys = {
  all: ["staff-pricing"] as const,
  inForce: () => [...pricingKeys.all, "in-force"] as const,
  versions: (page: number) => [...pricingKeys.all, "versions", page] as const,
  version: (version: number) => [...pricingKeys.all, "version", version] as const,
  designs: (search: string) => [...pricingKeys.all, "designs", search] as const,
};
