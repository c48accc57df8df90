import { LRUCache } from "lru-cache";

/**
 * The serialized answers of a customer's own design reads (the list and one design), kept while
 * nothing they show has changed. The key carries the user's `content_version`, which database
 * triggers move whenever a design, its stones, its images or its order change (migration 0005),
 * whichever process or module made the change, and the signed-URL epoch, so that the image URLs
 * inside are the ones that would be minted now. A stale key is simply never asked for again and
 * ages out.
 */
export interface DesignsReadCache {
  get(key: string): string | undefined;
  set(key: string, body: string): void;
}

export function createDesignsReadCache(maxBytes = 8 * 1024 * 1024): DesignsReadCache {
  const entries = new LRUCache<string, string>({ maxSize: maxBytes, sizeCalculation: (body) => Math.max(1, body.length) });
  return {
    get: (key) => entries.get(key),
    set: (key, body) => {
      entries.set(key, body);
    },
  };
}
