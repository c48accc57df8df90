/**
 * A module (or anything else) loaded on first use and kept: every caller shares one load. A load that
 * fails is not kept, so the next call tries again: a chunk missing for a moment (a deploy, a full
 * disk) must not break e-mails, PDFs or link extraction until the process restarts.
 */
export function lazy<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    if (pending === undefined) {
      const attempt: Promise<T> = Promise.resolve()
        .then(load)
        .catch((err: unknown) => {
          if (pending === attempt) pending = undefined;
          throw err;
        });
      pending = attempt;
    }
    return pending;
  };
}
