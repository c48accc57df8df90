import type { UnsubscribeResult } from "@atelier/contract";
import { BellOff, MailCheck } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { ErrorState, InlineAlert } from "@/components/ui/states";
import { paths } from "@/config/paths";
import { ApiError, errorMessage } from "@/lib/api-client";
import { useResubscribe, useUnsubscribe } from "../api/unsubscribe";

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <div className="container-page flex justify-center py-16 sm:py-24">
      <section
        aria-labelledby="unsubscribe-title"
        className="flex w-full max-w-xl flex-col gap-5 rounded-[1.25rem] border border-border bg-surface p-6 shadow-[var(--shadow-card)] sm:p-10"
      >
        {children}
      </section>
    </div>
  );
}

function ManageLink() {
  return (
    <Button asChild variant="secondary">
      <Link to={paths.dashboard.settings.getHref()}>Manage preferences</Link>
    </Button>
  );
}

/**
 * The landing page of an e-mail's unsubscribe link: it turns that kind of e-mail off at once
 * (no sign-in; the link is signed) and offers to undo it.
 */
export function UnsubscribeScreen({ token }: { token: string | null }) {
  const off = useUnsubscribe();
  const on = useResubscribe();
  const started = useRef(false);
  const { mutate } = off;

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    mutate(token);
  }, [token, mutate]);

  if (!token) {
    return (
      <Frame>
        <p className="eyebrow">E-mail preferences</p>
        <h1 id="unsubscribe-title" className="text-4xl">
          This link is incomplete
        </h1>
        <p className="text-muted">Open the unsubscribe link from the e-mail again, or sign in and choose your e-mails in Settings.</p>
        <div>
          <ManageLink />
        </div>
      </Frame>
    );
  }

  if (off.isError) {
    const refused = off.error instanceof ApiError && off.error.status < 500;
    return (
      <Frame>
        <p className="eyebrow">E-mail preferences</p>
        <h1 id="unsubscribe-title" className="text-4xl">
          {refused ? "We could not use this link" : "Something went wrong"}
        </h1>
        {refused ? (
          <>
            <InlineAlert testId="unsubscribe-error">{errorMessage(off.error, "This unsubscribe link is not valid.")}</InlineAlert>
            <div>
              <ManageLink />
            </div>
          </>
        ) : (
          <ErrorState message="Failed to update your e-mail preferences. Please try again." onRetry={() => off.mutate(token)} />
        )}
      </Frame>
    );
  }

  const result: UnsubscribeResult | undefined = on.data ?? off.data;
  if (!result) {
    return (
      <Frame>
        <p className="eyebrow">E-mail preferences</p>
        <h1 id="unsubscribe-title" className="text-4xl">
          Updating your e-mails…
        </h1>
        <div className="flex flex-col gap-2" aria-busy="true">
          <Skeleton className="h-4 w-3/4" />
          <Skeleton className="h-4 w-1/2" />
        </div>
      </Frame>
    );
  }

  return (
    <Frame>
      <div className="text-accent-strong [&_svg]:size-9" aria-hidden>
        {result.email_enabled ? <MailCheck /> : <BellOff />}
      </div>
      <p className="eyebrow">E-mail preferences</p>
      <h1 id="unsubscribe-title" className="text-4xl">
        {result.email_enabled ? "You are subscribed again" : "You are unsubscribed"}
      </h1>
      <p className="text-muted" data-testid="unsubscribe-result">
        {result.email_enabled ? (
          <>
            “{result.label}” e-mails will reach <strong className="text-foreground">{result.email}</strong> again.
          </>
        ) : (
          <>
            We will no longer send “{result.label}” e-mails to <strong className="text-foreground">{result.email}</strong>. You will still
            see these notices in the app unless you turn them off in Settings.
          </>
        )}
      </p>
      {on.isError && <InlineAlert>{errorMessage(on.error, "Failed to subscribe you again. Please try again.")}</InlineAlert>}
      <div className="flex flex-wrap gap-3">
        {result.email_enabled ? (
          <Button
            variant="ghost"
            loading={off.isPending}
            onClick={() => {
              on.reset();
              off.mutate(token);
            }}
          >
            Unsubscribe again
          </Button>
        ) : (
          <Button variant="ghost" loading={on.isPending} onClick={() => on.mutate(token)}>
            Subscribe again
          </Button>
        )}
        <ManageLink />
      </div>
    </Frame>
  );
}
