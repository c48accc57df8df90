import { Switch as Primitive } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";

/** An on/off control (role="switch"), gold when on; label it with aria-label or a <label htmlFor>. */
export function Switch({ className, ...props }: ComponentProps<typeof Primitive.Root>) {
  return (
    <Primitive.Root
      className={cn(
        "peer inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border border-transparent transition-colors duration-150 ease-out motion-reduce:transition-none",
        "bg-input data-[state=checked]:bg-accent-strong disabled:cursor-not-allowed disabled:opacity-60",
        className,
      )}
      {...props}
    >
      <Primitive.Thumb className="pointer-events-none block size-5 translate-x-0.5 rounded-full bg-surface shadow-sm transition-transform duration-150 ease-out data-[state=checked]:translate-x-[1.3rem] motion-reduce:transition-none" />
    </Primitive.Root>
  );
}
