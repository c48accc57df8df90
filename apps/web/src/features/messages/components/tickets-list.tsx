import { PAGE_SIZE, SUPPORT_CATEGORY_LABELS } from "@atelier/contract";
import { Headset } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Pagination } from "@/components/ui/pagination";
import { Skeleton } from "@/components/ui/skeleton";
import { EmptyState, ErrorState } from "@/components/ui/states";
import { paths } from "@/config/paths";
import { useTickets } from "../api/tickets";
import { RelativeTime, TicketStatusBadge } from "./conversation-parts";

/** The customer's support tickets and their status (open, answered, closed), each opening its conversation. */
export function TicketsList() {
  const [page, setPage] = useState(1);
  const tickets = useTickets(page);
  if (tickets.isPending) {
    return (
      <div className="flex flex-col gap-3" aria-busy="true" aria-label="Loading your requests">
        {[0, 1].map((i) => (
          <Skeleton key={i} className="h-14 w-full" />
        ))}
      </div>
    );
  }
  if (tickets.isError) return <ErrorState message="Failed to load your requests. Please try again." onRetry={() => void tickets.refetch()} />;
  if (tickets.data.results.length === 0) {
    return <EmptyState icon={<Headset />} title="No requests yet" description="Questions you send here appear in this list with their status." className="py-8" />;
  }
  const pageCount = Math.ceil(tickets.data.count / PAGE_SIZE);
  return (
    <div className="flex flex-col gap-4">
      <ul className="divide-y divide-border" aria-label="Your support requests">
        {tickets.data.results.map((t) => (
          <li key={t.id} data-testid="ticket-row">
            <Link to={paths.dashboard.message.getHref(t.id)} className="flex flex-col gap-1 py-3 hover:text-accent-strong sm:flex-row sm:items-center sm:gap-4">
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="truncate font-medium">{t.subject}</span>
                <span className="text-xs text-muted">
                  <span className="font-mono">{t.number}</span> · {SUPPORT_CATEGORY_LABELS[t.category]} · <RelativeTime iso={t.updated_at} />
                </span>
              </span>
              <TicketStatusBadge status={t.status} />
            </Link>
          </li>
        ))}
      </ul>
      <Pagination page={page} pageCount={pageCount} onPageChange={setPage} />
    </div>
  );
}
