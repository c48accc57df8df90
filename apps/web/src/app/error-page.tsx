import { isRouteErrorResponse, useRouteError } from "react-router";
import { NotFoundPage } from "@/routes/not-found";

/** The render-failure fallback (spec §2). */
export function ErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <main id="main">
        <NotFoundPage />
      </main>
    );
  }
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 px-6 text-center">
      <p className="eyebrow">Something went wrong</p>
      <h1 className="text-4xl">Unexpected Application Error!</h1>
      <p className="max-w-md text-muted">We could not show this page. Please reload, or go back to the home page.</p>
      <div className="flex gap-3">
        <button type="button" className="rounded-md border border-input bg-surface px-5 py-2 text-sm" onClick={() => window.location.reload()}>
          Reload
        </button>
        <a href="/" className="rounded-md bg-accent-strong px-5 py-2 text-sm text-white">
          Go home
        </a>
      </div>
    </main>
  );
}
