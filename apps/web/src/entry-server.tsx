/** Renders a public page to HTML at build time (scripts/prerender.ts); the twin of entry-public.tsx. */
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { LazyToaster } from "@/components/ui/lazy-toaster";
import { PublicFrame } from "@/features/marketing/components/public-frame";
import { PUBLIC_PAGES } from "@/routes/public/pages";
import { PUBLIC_PAGE_META, type PublicPagePath } from "@/routes/public/meta";
import { SITE_NAME } from "@/lib/use-document-title";

export { PUBLIC_PAGE_META, PUBLIC_PAGES, SITE_NAME };

export async function render(path: PublicPagePath): Promise<string> {
  const { default: Page } = await PUBLIC_PAGES[path].load();
  return renderToString(
    <StrictMode>
      <PublicFrame pathname={path}>
        <Page />
      </PublicFrame>
      <LazyToaster />
    </StrictMode>,
  );
}
