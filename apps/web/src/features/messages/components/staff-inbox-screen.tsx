import { PAGE_SIZE, STAFF_INBOX_FILTERS, type StaffInboxFilter } from "@atelier/contract";
import { Inbox } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Pagination } from "@/components/ui/pagination";
import { SearchField } from "@/components/ui/search-field";
import { EmptyState, ErrorState } from "@/components/ui/states";
import { paths } from "@/config/paths";
import { cn } from "@/lib/cn";
import { useListParams, type ListFilter } from "@/lib/use-list-params";
import { useStaffInbox } from "../api/get-staff-inbox";
import { ConversationListSkeleton, ConversationRow } from "./conversation-parts";

const FILTERS = { filter: { values: STAFF_INBOX_FILTERS, default: "all" } satisfies ListFilter<StaffInboxFilter> };
const FILTER_LABELS: Record<StaffInboxFilter, string> = { all: "All", unanswered: "Awaiting reply", tickets: "Tickets", orders: "Orders", closed: "Closed" };

/** The staff inbox: every conversation, those owed an answer first (oldest wait first). */
export function StaffInboxScreen() {
  const { page, search, filters, update } = useListParams(FILTERS);
  const inbox = useStaffInbox({ page, search, filter: filters.filter });
  const pageCount = inbox.data ? Math.ceil(inbox.data.count / PAGE_SIZE) : 0;
  const filtered = search !== "" || filters.filter !== "all";

  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-2">
        <p className="eyebrow">Staff console</p>
        <h1 className="text-4xl sm:text-5xl">Messages</h1>
        <p className="max-w-2xl text-muted">Every order conversation and support ticket. Those waiting for our reply come first, the longest wait at the top.</p>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <SearchField value={search} onSearch={(value) => update({ search: value })} label="Search messages" placeholder="Customer, order, ticket or text" className="max-w-md" />
        <div role="group" aria-label="Show" className="flex flex-wrap gap-1">
          {STAFF_INBOX_FILTERS.map((f) => (
            <Button
              key={f}
              size="sm"
              variant="ghost"
              aria-pressed={filters.filter === f}
              className={cn(filters.filter === f && "bg-accent-soft text-accent-hover")}
              onClick={() => update({ filters: { filter: f } })}
            >
              {FILTER_LABELS[f]}
            </Button>
          ))}
        </div>
      </div>
      {inbox.isPending ? (
        <ConversationListSkeleton label="Loading the inbox" />
      ) : inbox.isError ? (
        <ErrorState message="Failed to load the inbox. Please try again." onRetry={() => void inbox.refetch()} />
      ) : inbox.data.results.length === 0 ? (
        <EmptyState
          icon={<Inbox />}
          title="No messages found"
          description={filtered ? "Nothing matches this search or filter." : "Customer messages and support tickets arrive here."}
          action={
            filtered ? (
              <Button variant="secondary" onClick={() => update({ search: "", filters: { filter: "all" } })}>
                Clear filters
              </Button>
            ) : undefined
          }
        />
      ) : (
        <>
          <Card className="overflow-hidden">
            <ul className="divide-y divide-border" aria-label="Conversations">
              {inbox.data.results.map((c) => (
                <ConversationRow key={c.id} c={c} href={paths.staff.message.getHref(c.id)} showCustomer />
              ))}
            </ul>
          </Card>
          <Pagination page={page} pageCount={pageCount} onPageChange={(p) => update({ page: p })} />
        </>
      )}
    </div>
  );
}
