import type { ComponentType } from "react";
import type { PublicPagePath } from "./meta";

/** Every prerendered public page and its module (loaded for hydration and for prerendering). */
export const PUBLIC_PAGES: Record<PublicPagePath, { module: string; load: () => Promise<{ default: ComponentType }> }> = {
  "/": { module: "src/routes/public/home.tsx", load: () => import("./home") },
  "/how-it-works": { module: "src/routes/public/how-it-works.tsx", load: () => import("./how-it-works") },
  "/gallery": { module: "src/routes/public/gallery.tsx", load: () => import("./gallery") },
  "/contact": { module: "src/routes/public/contact.tsx", load: () => import("./contact") },
  "/faq": { module: "src/routes/public/faq.tsx", load: () => import("./faq") },
  "/quote": { module: "src/routes/public/quote.tsx", load: () => import("./quote") },
  "/privacy": { module: "src/routes/public/privacy.tsx", load: () => import("./privacy") },
  "/terms": { module: "src/routes/public/terms.tsx", load: () => import("./terms") },
};

export function publicPagePath(pathname: string): PublicPagePath | null {
  const p = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return p in PUBLIC_PAGES ? (p as PublicPagePath) : null;
}
