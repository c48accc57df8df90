import type { CadDesign, Order } from "@atelier/contract";

/** The newest version that has a 3D file opens in the viewer by itself; older ones on request. */
export const newestModelVersion = (order: Order) =>
  order.cad_designs.filter((c) => c.model).reduce<CadDesign | null>((a, c) => (!a || c.version > a.version ? c : a), null);

const downloads = new Map<string, Promise<ArrayBuffer>>();

function download(url: string): Promise<ArrayBuffer> {
  return fetch(url).then((res) => {
    if (!res.ok) throw new Error(String(res.status));
    return res.arrayBuffer();
  });
}

/**
 * Starts downloading a model while the viewer's code (three.js) is still loading, so the two
 * overlap; the viewer then takes the bytes from here. Small: this file is in the page's bundle.
 */
export function prefetchModel(url: string): void {
  if (!downloads.has(url)) {
    const started = download(url);
    // A failed prefetch is reported when the viewer takes it, not here.
    started.catch(() => undefined);
    downloads.set(url, started);
  }
}

/** The model's bytes: the prefetched download if there is one (taken once: the buffer moves to the worker), else a new one. */
export function takeModel(url: string): Promise<ArrayBuffer> {
  const started = downloads.get(url);
  downloads.delete(url);
  return started ?? download(url);
}
