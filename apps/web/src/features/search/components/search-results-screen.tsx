import { SEARCH_PAGE_LIMIT } from "@atelier/contract";
import { Search } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { Card } from "@/components/ui/card";
import { SearchField } from "@/components/ui/search-field";
import { Skeleton } from "@/components/ui/skeleton";
import { EmptyState, ErrorState } from "@/components/ui/states";
import { useSearch } from "../api/search";
import { SearchKindIcon } from "./search-kind-icon";

/** The results page behind the top bar's Enter: every group, up to 20 each, newest first. */
export function SearchResultsScreen({ scopeText }: { scopeText: string }) {
  const [params, setParams] = useSearchParams();
  const q = params.get("q")?.trim() ?? "";
  const search = useSearch(q, SEARCH_PAGE_LIMIT);

  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-4">
        <div className="flex flex-col gap-2">
          <p className="eyebrow">Search</p>
          <h1 className="text-4xl sm:text-5xl">{q ? <>Results for “{q}”</> : "Search"}</h1>
          <p className="max-w-xl text-muted">{scopeText}</p>
        </div>
        <SearchField
          value={q}
          onSearch={(next) => setParams(next ? { q: next } : {}, { replace: true })}
          label="Search again"
          placeholder="Order number, design name, a word of its description..."
          className="max-w-xl"
        />
      </div>

      {!q ? (
        <EmptyState
          icon={<Search />}
          title="What are you looking for?"
          description="Type an order number such as JW-2026-000123, or a word from a design."
        />
      ) : search.isPending ? (
        <div className="flex flex-col gap-6" aria-busy="true" aria-label="Searching">
          {[0, 1].map((g) => (
            <Card key={g} className="flex flex-col gap-4 p-6">
              <Skeleton className="h-4 w-24" />
              {[0, 1, 2].map((i) => (
                <div key={i} className="flex flex-col gap-2">
                  <Skeleton className="h-4 w-1/3" />
                  <Skeleton className="h-3 w-1/2" />
                </div>
              ))}
            </Card>
          ))}
        </div>
      ) : search.isError ? (
        <ErrorState message="Search failed. Please try again." onRetry={() => void search.refetch()} />
      ) : search.data.groups.length === 0 ? (
        <EmptyState
          icon={<Search />}
          title={`No results for “${q}”.`}
          description="Check the spelling, or try fewer words or the order number."
        />
      ) : (
        <div className="flex flex-col gap-6">
          {search.data.groups.map((g) => (
            <section key={g.kind} aria-labelledby={`results-${g.kind}`}>
              <h2 id={`results-${g.kind}`} className="mb-3 text-2xl">
                {g.label}{" "}
                <span className="text-base text-muted">
                  ({g.results.length === SEARCH_PAGE_LIMIT ? `first ${SEARCH_PAGE_LIMIT}` : g.results.length})
                </span>
              </h2>
              <Card>
                <ul className="divide-y divide-border" data-testid={`results-${g.kind}`}>
                  {g.results.map((h) => (
                    <li key={h.id}>
                      <Link to={h.href} className="flex items-center gap-4 px-4 py-3 transition-colors hover:bg-surface-muted sm:px-6">
                        <SearchKindIcon kind={h.kind} className="size-5 shrink-0 text-accent-strong" />
                        <span className="flex min-w-0 flex-col">
                          <span className="truncate font-medium">{h.title}</span>
                          <span className="truncate text-sm text-muted">{h.subtitle}</span>
                        </span>
                      </Link>
                    </li>
                  ))}
                </ul>
              </Card>
            </section>
          ))}
        </div>
      )}
    </div>
  );
}
