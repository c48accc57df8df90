export * from "./common.ts";
export * from "./auth.ts";
export * from "./orders.ts";
export * from "./designs.ts";
export * from "./extraction.ts";
export * from "./gallery.ts";
export * from "./leads.ts";
export * from "./site.ts";
