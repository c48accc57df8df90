import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";
import { fieldBase } from "./field-styles";

export { fieldBase };

export function Input({ className, ...props }: ComponentProps<"input">) {
  return <input className={cn(fieldBase, "h-11 py-2", className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<"textarea">) {
  return <textarea className={cn(fieldBase, "min-h-24 py-2.5 leading-relaxed", className)} {...props} />;
}

export function NativeSelect({ className, ...props }: ComponentProps<"select">) {
  return <select className={cn(fieldBase, "h-11 py-2 pr-8", className)} {...props} />;
}
