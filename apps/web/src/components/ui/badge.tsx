import type { Tone } from "@atelier/contract";
import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";

const TONES: Record<Tone, string> = {
  neutral: "bg-surface-muted text-foreground/80 border-border",
  gold: "bg-accent-soft text-accent-hover border-accent/30",
  blue: "bg-info-soft text-info border-info/20",
  green: "bg-success-soft text-success border-success/20",
  garnet: "bg-destructive-soft text-destructive border-destructive/20",
};

/** Status badges always carry text, never colour alone. */
export function Badge({ tone = "neutral", className, ...props }: ComponentProps<"span"> & { tone?: Tone }) {
  return <span className={cn("inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-medium", TONES[tone], className)} {...props} />;
}
