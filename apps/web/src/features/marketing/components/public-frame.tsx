import { useEffect, type ReactNode } from "react";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";

/** Skip link, header, the page and the footer: the frame of every public page. */
export function PublicFrame({ pathname, children }: { pathname: string; children: ReactNode }) {
  // The prerendered page is hydrated after it has loaded; this marks the moment it becomes interactive.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-surface px-4 py-2 text-sm font-medium text-foreground shadow-[var(--shadow-dialog)] focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Skip to content
      </a>
      <SiteHeader pathname={pathname} />
      <main id="main" tabIndex={-1} className="flex-1 pt-18 outline-none">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
