/**
 * The script of the prerendered public pages (site.html → dist/<page>/index.html). It hydrates
 * the page's HTML with the same tree scripts/prerender.ts rendered, without the app's router,
 * query cache or dashboard code, so the landing page stays light. Links between public pages
 * are ordinary navigations to other prerendered documents.
 */
import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { LazyToaster } from "@/components/ui/lazy-toaster";
import { PublicFrame } from "@/features/marketing/components/public-frame";
import { PUBLIC_PAGES, publicPagePath } from "@/routes/public/pages";
import "./styles.css";

const root = document.getElementById("root");
const path = publicPagePath(window.location.pathname);
if (!root) throw new Error("#root is missing");

if (path) {
  const { default: Page } = await PUBLIC_PAGES[path].load();
  const tree = (
    <StrictMode>
      <PublicFrame pathname={path}>
        <Page />
      </PublicFrame>
      <LazyToaster />
    </StrictMode>
  );
  if (root.hasChildNodes()) hydrateRoot(root, tree);
  else createRoot(root).render(tree);
}
// Any other address gets the app shell from the server, never this file.
