import { SearchX } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { EmptyState, ErrorState } from "@/components/ui/states";

/**
 * The page of one record (an order, a quote, a design) that is not there: a 404, or a row the
 * reader may not see (the server answers both alike). `back` is the page's own back link.
 */
export function RecordNotFound({
  back,
  title,
  description,
  action,
}: {
  back?: ReactNode;
  title: string;
  description: string;
  /** Where the reader goes instead ("Back to Dashboard"). */
  action: { href: string; label: string };
}) {
  const state = (
    <EmptyState
      icon={<SearchX />}
      title={title}
      description={description}
      action={
        <Button asChild variant="secondary">
          <Link to={action.href}>{action.label}</Link>
        </Button>
      }
    />
  );
  if (!back) return state;
  return (
    <div className="flex flex-col gap-6">
      {back}
      {state}
    </div>
  );
}

/** The page of one record that could not be loaded, with a retry under its back link. */
export function RecordLoadError({ back, message, onRetry }: { back: ReactNode; message: string; onRetry: () => void }) {
  return (
    <div className="flex flex-col gap-6">
      {back}
      <ErrorState message={message} onRetry={onRetry} />
    </div>
  );
}
