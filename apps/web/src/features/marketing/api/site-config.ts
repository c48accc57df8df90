import type { SiteConfig } from "@atelier/contract";
import { api } from "@/lib/api-client";
import { createRemoteResource } from "@/lib/remote-resource";

/** GET /api/site/: contact e-mail, phone and social links, from the server's configuration. */
const siteConfig = createRemoteResource((signal) => api<SiteConfig>("/site/", { anonymous: true, signal }));

export const useSiteConfig = siteConfig.useResource;
