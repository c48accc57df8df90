import type { JobQueueHealth, StaffJob } from "@atelier/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { holdFetch, renderRoutes, stubBrowserApis, stubFetch } from "@/test/render";
import { makeFailedJob, makeHealth, page } from "../testing/fixtures";
import { formatAge, JobsScreen } from "./jobs-screen";

type Answer = { status: number; body?: unknown };

function renderJobs(options: { health?: () => Answer; failed?: () => Answer; retry?: (url: string) => Answer } = {}) {
  stubBrowserApis();
  const calls = stubFetch((url, init) => {
    if (init.method === "POST" && url.includes("/retry/")) return options.retry?.(url) ?? { status: 404, body: { detail: "Not found." } };
    if (url.includes("/api/staff/jobs/failed/")) return options.failed?.() ?? { status: 200, body: page([]) };
    if (url.endsWith("/api/staff/jobs/")) return options.health?.() ?? { status: 200, body: makeHealth() };
    return { status: 404, body: { detail: "Not found." } };
  });
  const utils = renderRoutes([{ path: "/staff/jobs", element: <JobsScreen /> }], "/staff/jobs");
  return { ...utils, calls };
}

const figure = (label: string) => within(screen.getByTestId("queue-health")).getByText(label).closest("div")!;

describe("background jobs", () => {
  beforeEach(() => localStorage.setItem("authToken", "tok"));

  it("says how long a job has waited in words", () => {
    expect([20, 60, 4 * 60, 2 * 3600, 2 * 3600 + 5 * 60, 3 * 86400, 3 * 86400 + 4 * 3600].map(formatAge)).toEqual([
      "under a minute",
      "1 min",
      "4 min",
      "2 h",
      "2 h 5 min",
      "3 d",
      "3 d 4 h",
    ]);
  });

  it("shows skeletons while loading, then the queue's figures and each failed job with its reason", async () => {
    stubBrowserApis();
    const health: JobQueueHealth = makeHealth({
      pending: 3,
      running: 1,
      retrying: 2,
      failed: 1,
      oldest_pending_at: new Date().toISOString(),
      oldest_pending_age_seconds: 4 * 60,
      done_last_24h: 57,
    });
    const failed: StaffJob = makeFailedJob({ attempts: 2 });
    renderJobs({ health: () => ({ status: 200, body: health }), failed: () => ({ status: 200, body: page([failed]) }) });
    const release = holdFetch(() => true);
    expect(screen.getByTestId("health-skeleton")).toBeInTheDocument();
    expect(screen.getByTestId("failed-skeleton")).toBeInTheDocument();
    release();

    await screen.findByTestId("queue-health");
    expect(figure("Pending")).toHaveTextContent(/Pending3\s*1 running · 2 retrying/);
    expect(figure("Oldest pending")).toHaveTextContent("4 min");
    expect(figure("Failed")).toHaveTextContent("1");
    expect(figure("Done, last 24 h")).toHaveTextContent("57");
    expect(screen.queryByText(/The oldest job has waited/)).not.toBeInTheDocument();

    const [row] = await screen.findAllByTestId("failed-job");
    expect(within(row!).getByRole("heading", { name: "To meera@example.com: quote issued" })).toBeInTheDocument();
    expect(row).toHaveTextContent("E-mail");
    expect(row).toHaveTextContent("2 tries");
    expect(row).toHaveTextContent("550 5.1.1 <meera@example.com>: Recipient address rejected");
  });

  it("warns when the oldest job has waited long", async () => {
    renderJobs({
      health: () => ({
        status: 200,
        body: makeHealth({
          pending: 5,
          retrying: 5,
          oldest_pending_at: new Date().toISOString(),
          oldest_pending_age_seconds: 2 * 3600 + 5 * 60,
        }),
      }),
    });
    expect(await screen.findByText(/The oldest job has waited 2 h 5 min\. Is the mail server \(SMTP_URL\) reachable/)).toBeInTheDocument();
  });

  it("says so when nothing has failed", async () => {
    renderJobs();
    expect(await screen.findByRole("heading", { name: "No failed jobs" })).toBeInTheDocument();
    expect(figure("Oldest pending")).toHaveTextContent("None");
    expect(figure("Pending")).toHaveTextContent("Nothing waiting");
  });

  it("offers to try again when the queue cannot be read", async () => {
    let healthCalls = 0;
    renderJobs({
      health: () =>
        ++healthCalls === 1
          ? { status: 500, body: { detail: "A server error occurred." } }
          : { status: 200, body: makeHealth({ failed: 0 }) },
      failed: () => ({ status: 500, body: { detail: "A server error occurred." } }),
    });
    expect(await screen.findByText("The queue's figures could not be loaded. Please try again.")).toBeInTheDocument();
    expect(await screen.findByText("The failed jobs could not be loaded. Please try again.")).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole("button", { name: "Try Again" })[0]!);
    await screen.findByTestId("queue-health");
  });

  it("retries a failed job and reads the queue again; a refusal is said in a toast", async () => {
    let list: StaffJob[] = [
      makeFailedJob(),
      makeFailedJob({ id: "bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb", summary: "To asha@example.com: payment" }),
    ];
    const { calls } = renderJobs({
      failed: () => ({ status: 200, body: page(list) }),
      retry: (url) => {
        if (url.includes("bbbbbbbb"))
          return { status: 409, body: { detail: "This job is still in the queue; only a failed job can be retried." } };
        const job = list[0]!;
        list = list.slice(1);
        return { status: 200, body: { ...job, status: "pending", attempts: 0 } };
      },
    });
    await userEvent.click(await screen.findByRole("button", { name: "Retry: To meera@example.com: quote issued" }));
    expect(await screen.findByText("Job queued again")).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId("failed-job")).toHaveLength(1));
    const posts = calls.filter((c) => c.init.method === "POST");
    expect(posts.map((c) => new URL(c.url, "http://x").pathname)).toEqual(["/api/staff/jobs/aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa/retry/"]);

    await userEvent.click(screen.getByRole("button", { name: "Retry: To asha@example.com: payment" }));
    expect(await screen.findByText("This job is still in the queue; only a failed job can be retried.")).toBeInTheDocument();
  });
});
