export * from "./users.ts";
export * from "./designs.ts";
export * from "./uploads.ts";
export * from "./gallery.ts";
export * from "./leads.ts";
export * from "./orders.ts";
export * from "./audit.ts";
export * from "./preferences.ts";
