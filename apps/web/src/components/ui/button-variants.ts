import { cva } from "class-variance-authority";

/**
 * Button styles, apart from the Button component so that pages styling links as buttons do not
 * load class merging (tailwind-merge): the prerendered public pages have a JavaScript budget.
 */
export const buttonVariants = cva(
  "inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium tracking-wide transition-colors duration-200 disabled:pointer-events-none disabled:opacity-60 [&_svg]:size-4 [&_svg]:shrink-0 cursor-pointer",
  {
    variants: {
      variant: {
        primary: "bg-accent-strong text-white hover:bg-accent-hover shadow-sm",
        secondary: "border border-input bg-surface text-foreground hover:bg-surface-muted",
        ghost: "text-foreground hover:bg-surface-muted",
        destructive: "bg-destructive text-white hover:bg-destructive/90",
        link: "text-accent-strong underline-offset-4 hover:underline px-0 h-auto",
        dark: "bg-foreground text-background hover:bg-foreground/90",
      },
      size: {
        sm: "h-8 px-3",
        md: "h-10 px-5",
        lg: "h-12 px-7 text-base",
        icon: "size-10",
      },
    },
    defaultVariants: { variant: "primary", size: "md" },
  },
);
