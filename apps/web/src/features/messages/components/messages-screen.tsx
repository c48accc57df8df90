import { PAGE_SIZE } from "@atelier/contract";
import { MessageSquare, Plus } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Pagination } from "@/components/ui/pagination";
import { SearchField } from "@/components/ui/search-field";
import { EmptyState, ErrorState } from "@/components/ui/states";
import { paths } from "@/config/paths";
import { useListParams } from "@/lib/use-list-params";
import { useConversations } from "../api/get-conversations";
import { ConversationListSkeleton, ConversationRow } from "./conversation-parts";

const NO_FILTERS = {};

/** Messages (spec §2): conversations about orders and support tickets, with search, unread dots and relative times. */
export function MessagesScreen() {
  const { page, search, update } = useListParams(NO_FILTERS);
  const list = useConversations({ page, search });
  const pageCount = list.data ? Math.ceil(list.data.count / PAGE_SIZE) : 0;

  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex flex-col gap-2">
          <p className="eyebrow">Your atelier</p>
          <h1 className="text-4xl sm:text-5xl">Messages</h1>
          <p className="max-w-xl text-muted">Your conversations with our jewellers about each order, and your support requests.</p>
        </div>
        <Button asChild>
          <Link to={paths.dashboard.messageNew.getHref()}>
            <Plus /> New Message
          </Link>
        </Button>
      </div>

      <SearchField value={search} onSearch={(value) => update({ search: value })} label="Search messages" placeholder="Search by design, order, ticket or text" className="max-w-md" />

      {list.isPending ? (
        <ConversationListSkeleton label="Loading messages" />
      ) : list.isError ? (
        <ErrorState message="Failed to load your messages. Please try again." onRetry={() => void list.refetch()} />
      ) : list.data.results.length === 0 ? (
        <EmptyState
          icon={<MessageSquare />}
          title="No messages found"
          description={search ? "No conversation matches this search. Try another word." : "Ask about an order or write to support, and the conversation appears here."}
          action={
            search ? (
              <Button variant="secondary" onClick={() => update({ search: "" })}>
                Clear search
              </Button>
            ) : (
              <Button asChild>
                <Link to={paths.dashboard.messageNew.getHref()}>New Message</Link>
              </Button>
            )
          }
        />
      ) : (
        <>
          <Card className="overflow-hidden">
            <ul className="divide-y divide-border" aria-label="Conversations">
              {list.data.results.map((c) => (
                <ConversationRow key={c.id} c={c} href={paths.dashboard.message.getHref(c.id)} />
              ))}
            </ul>
          </Card>
          <Pagination page={page} pageCount={pageCount} onPageChange={(p) => update({ page: p })} />
        </>
      )}
    </div>
  );
}
