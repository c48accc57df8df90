// The link review form's values and payload live in lib (the public instant quote uses them too).
export * from "@/lib/link-design";
