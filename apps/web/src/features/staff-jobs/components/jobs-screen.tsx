import { JOB_STALE_PENDING_SECONDS, PAGE_SIZE, type JobQueueHealth, type StaffJob } from "@atelier/contract";
import { CheckCircle2, Clock, Hourglass, RotateCcw, Send, TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Pagination } from "@/components/ui/pagination";
import { Skeleton } from "@/components/ui/skeleton";
import { EmptyState, ErrorState } from "@/components/ui/states";
import { toast } from "@/components/ui/use-toast";
import { errorMessage } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { formatDateTime, formatRelative } from "@/lib/format";
import { useListParams } from "@/lib/use-list-params";
import { useFailedJobs } from "../api/get-failed-jobs";
import { useQueueHealth } from "../api/get-queue-health";
import { useRetryJob } from "../api/retry-job";

/** A pending job older than this means the worker is stuck or SMTP has been away a while. */
export const STALE_PENDING_SECONDS = JOB_STALE_PENDING_SECONDS;

/** "just now", "4 min", "2 h 5 min", "3 d 4 h": how long the oldest job has waited. */
export function formatAge(seconds: number): string {
  if (seconds < 60) return "under a minute";
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`;
}

/** Background jobs (/staff/jobs, admins): the durable queue's health, its failed jobs and their retry. */
export function JobsScreen() {
  const { page, update } = useListParams({});
  const health = useQueueHealth();
  const failed = useFailedJobs(page);
  const pageCount = failed.data ? Math.ceil(failed.data.count / PAGE_SIZE) : 0;

  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-2">
        <p className="eyebrow">Administration</p>
        <h1 className="text-4xl sm:text-5xl">Background jobs</h1>
        <p className="max-w-2xl text-muted">
          E-mails and the periodic sweeps (quote expiry and reminders, automatic completion) wait in a queue in the database until a server
          sends or runs them. A job that cannot succeed is kept here with the reason, for you to retry once its cause is fixed.
        </p>
      </div>

      <section aria-labelledby="jobs-health-title" className="flex flex-col gap-4">
        <h2 id="jobs-health-title" className="sr-only">
          Queue health
        </h2>
        {health.isPending ? (
          <HealthSkeleton />
        ) : health.isError ? (
          <ErrorState message="The queue's figures could not be loaded. Please try again." onRetry={() => void health.refetch()} />
        ) : (
          <Health health={health.data} />
        )}
      </section>

      <section aria-labelledby="jobs-failed-title" className="flex flex-col gap-4">
        <h2 id="jobs-failed-title" className="text-2xl">
          Failed jobs
        </h2>
        {failed.isPending ? (
          <FailedSkeleton />
        ) : failed.isError || (failed.isPlaceholderData && failed.failureCount > 0) ? (
          <ErrorState message="The failed jobs could not be loaded. Please try again." onRetry={() => void failed.refetch()} />
        ) : failed.data.results.length === 0 ? (
          <EmptyState
            icon={<CheckCircle2 />}
            title="No failed jobs"
            description="Every job has run or is waiting its turn. A job that fails for good (an address the mail server rejects, or too many tries) appears here."
          />
        ) : (
          <>
            <Card className={cn("overflow-hidden transition-opacity", failed.isPlaceholderData && "opacity-70")}>
              <ul className="divide-y divide-border" aria-label="Failed jobs">
                {failed.data.results.map((job) => (
                  <FailedJobRow key={job.id} job={job} />
                ))}
              </ul>
            </Card>
            <Pagination page={page} pageCount={pageCount} onPageChange={(p) => update({ page: p })} />
          </>
        )}
      </section>
    </div>
  );
}

function Health({ health: h }: { health: JobQueueHealth }) {
  const stale = h.oldest_pending_age_seconds !== null && h.oldest_pending_age_seconds >= STALE_PENDING_SECONDS;
  return (
    <>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="queue-health">
        <Figure label="Pending" icon={<Hourglass />} value={String(h.pending)}>
          {h.pending === 0
            ? "Nothing waiting"
            : [h.running > 0 && `${h.running} running`, h.retrying > 0 && `${h.retrying} retrying`].filter(Boolean).join(" · ") ||
              "Due now"}
        </Figure>
        <Figure
          label="Oldest pending"
          icon={<Clock />}
          value={h.oldest_pending_age_seconds === null ? "None" : formatAge(h.oldest_pending_age_seconds)}
          warn={stale}
        >
          {h.oldest_pending_at ? (
            <time dateTime={h.oldest_pending_at}>since {formatDateTime(h.oldest_pending_at)}</time>
          ) : (
            "The queue is empty"
          )}
        </Figure>
        <Figure label="Failed" icon={<TriangleAlert />} value={String(h.failed)} warn={h.failed > 0}>
          {h.failed === 0 ? "None to look at" : "Listed below"}
        </Figure>
        <Figure label="Done, last 24 h" icon={<Send />} value={String(h.done_last_24h)}>
          E-mails sent and sweeps run
        </Figure>
      </dl>
      {stale && (
        <p
          role="status"
          className="flex items-start gap-2 rounded-md border border-destructive/20 bg-destructive-soft/60 px-4 py-3 text-sm text-destructive"
        >
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>
            The oldest job has waited {formatAge(h.oldest_pending_age_seconds ?? 0)}. Is the mail server (SMTP_URL) reachable, and is a
            server running? Waiting jobs are retried on their own, with longer pauses each time.
          </span>
        </p>
      )}
      <p className="text-xs text-muted">
        Checked <time dateTime={h.checked_at}>{formatRelative(h.checked_at)}</time>; the figures refresh on their own.
      </p>
    </>
  );
}

function Figure({
  label,
  icon,
  value,
  warn = false,
  children,
}: {
  label: string;
  icon: ReactNode;
  value: string;
  warn?: boolean;
  children: ReactNode;
}) {
  return (
    <Card className={cn("flex flex-col gap-1 p-4 sm:p-5", warn && "border-destructive/30")}>
      <dt className="flex items-center gap-2 text-xs font-semibold uppercase tracking-[0.14em] text-muted [&_svg]:size-4">
        <span aria-hidden className={cn(warn ? "text-destructive" : "text-accent")}>
          {icon}
        </span>
        {label}
      </dt>
      <dd className={cn("font-serif text-3xl", warn && "text-destructive")}>{value}</dd>
      <dd className="text-xs text-muted">{children}</dd>
    </Card>
  );
}

function FailedJobRow({ job }: { job: StaffJob }) {
  const retry = useRetryJob();
  const onRetry = () =>
    retry.mutate(job.id, {
      onSuccess: () => toast({ title: "Job queued again", description: "It runs in a moment." }),
      onError: (err) => toast({ title: errorMessage(err, "The job could not be queued again. Please try again."), variant: "destructive" }),
    });
  return (
    <li className="flex flex-col gap-3 px-4 py-4 md:flex-row md:items-start md:gap-6 md:px-6" data-testid="failed-job">
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone="garnet">Failed</Badge>
          <Badge>{job.kind_label}</Badge>
          <span className="text-xs text-muted">
            {job.attempts === 1 ? "1 try" : `${job.attempts} tries`}
            {job.finished_at && (
              <>
                {" · failed "}
                <time dateTime={job.finished_at} title={formatDateTime(job.finished_at)}>
                  {formatRelative(job.finished_at)}
                </time>
              </>
            )}
          </span>
        </div>
        <h3 className="break-words font-sans text-base font-semibold">{job.summary}</h3>
        {job.last_error && (
          <p className="break-words rounded-md bg-surface-muted px-3 py-2 font-mono text-xs text-foreground/80">{job.last_error}</p>
        )}
      </div>
      <Button variant="secondary" onClick={onRetry} loading={retry.isPending} className="self-start" aria-label={`Retry: ${job.summary}`}>
        <RotateCcw aria-hidden /> Retry
      </Button>
    </li>
  );
}

function HealthSkeleton() {
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="health-skeleton">
      {[0, 1, 2, 3].map((i) => (
        <Card key={i} className="flex flex-col gap-2 p-4 sm:p-5">
          <Skeleton className="h-3 w-24" />
          <Skeleton className="h-8 w-16" />
          <Skeleton className="h-3 w-32" />
        </Card>
      ))}
    </div>
  );
}

function FailedSkeleton() {
  return (
    <Card className="divide-y divide-border" data-testid="failed-skeleton">
      {[0, 1, 2].map((i) => (
        <div key={i} className="flex flex-col gap-2 px-4 py-4 md:px-6">
          <Skeleton className="h-4 w-40" />
          <Skeleton className="h-4 w-3/4" />
          <Skeleton className="h-8 w-full" />
        </div>
      ))}
    </Card>
  );
}
