import { SEARCH_PREVIEW_LIMIT, type SearchHit } from "@atelier/contract";
import { ArrowRight, Search } from "lucide-react";
import { useId, useState, type KeyboardEvent } from "react";
import { useNavigate } from "react-router";
import { Input } from "@/components/ui/input";
import { cn } from "@/lib/cn";
import { useSearch } from "../api/search";
import { useDebouncedValue } from "../hooks/use-debounced-value";
import { SearchKindIcon } from "./search-kind-icon";

export const SEARCH_DEBOUNCE_MS = 200;

/**
 * The top bar's search (WAI-ARIA combobox with a listbox popup): results grouped by kind as you
 * type (after a 200 ms pause); ↑/↓ move through them, Enter opens the highlighted one or, with none
 * highlighted, the results page; Escape closes the list, and clears the box when it is closed.
 */
export function SearchCombobox({
  label,
  placeholder,
  resultsHref,
  className,
}: {
  /** The accessible name, e.g. "Search designs and orders". */
  label: string;
  placeholder: string;
  /** Where Enter leads with nothing highlighted, and the list's last option. */
  resultsHref: (q: string) => string;
  className?: string;
}) {
  const id = useId();
  const listboxId = `${id}-listbox`;
  const optionId = (i: number) => `${id}-option-${i}`;
  const navigate = useNavigate();
  const [value, setValue] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const q = useDebouncedValue(value.trim(), SEARCH_DEBOUNCE_MS);
  const search = useSearch(q, SEARCH_PREVIEW_LIMIT);

  // What the list shows is the answer for the settled query; the last option is "See all results".
  const groups = q && search.data ? search.data.groups : [];
  const hits: SearchHit[] = groups.flatMap((g) => g.results);
  const options = q ? [...hits.map((h) => h.href), resultsHref(q)] : [];
  const expanded = open && q !== "";

  /** Opening a result (or the results page) empties the box for the next search. */
  function go(href: string) {
    setValue("");
    setOpen(false);
    setActive(-1);
    void navigate(href);
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    switch (e.key) {
      case "ArrowDown":
      case "ArrowUp": {
        e.preventDefault();
        if (!expanded) {
          setOpen(true);
          return;
        }
        if (options.length === 0) return;
        const step = e.key === "ArrowDown" ? 1 : -1;
        setActive((i) => (i < 0 && step < 0 ? options.length - 1 : (i + step + options.length) % options.length));
        return;
      }
      case "Enter": {
        e.preventDefault();
        const href = expanded && active >= 0 ? options[active] : undefined;
        if (href) go(href);
        else if (value.trim()) go(resultsHref(value.trim()));
        return;
      }
      case "Escape":
        e.preventDefault();
        if (expanded) {
          setOpen(false);
          setActive(-1);
        } else setValue("");
        return;
    }
  }

  // Option i of the list: the hits in group order, then "See all results".
  const startOf = groups.map((_, gi) => groups.slice(0, gi).reduce((n, g) => n + g.results.length, 0));
  const option = (i: number, href: string, children: React.ReactNode) => (
    <li
      key={i === hits.length ? "all" : href}
      id={optionId(i)}
      role="option"
      aria-selected={i === active}
      // Chosen on press, so the box keeps the focus (the keyboard works through the box, as the pattern says).
      onMouseDown={(e) => {
        e.preventDefault();
        go(href);
      }}
      onMouseMove={() => setActive(i)}
      className={cn(
        "flex cursor-pointer items-center gap-3 rounded-md px-3 py-2 text-sm",
        i === active && "bg-accent-soft text-accent-hover",
      )}
    >
      {children}
    </li>
  );

  return (
    <form
      role="search"
      className={cn("relative", className)}
      onSubmit={(e) => {
        e.preventDefault();
        if (value.trim()) go(resultsHref(value.trim()));
      }}
    >
      <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted" aria-hidden />
      <Input
        type="text"
        role="combobox"
        aria-label={label}
        aria-expanded={expanded}
        aria-controls={listboxId}
        aria-autocomplete="list"
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        spellCheck={false}
        placeholder={placeholder}
        value={value}
        onChange={(e) => {
          setValue(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => {
          setOpen(false);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        className="h-10 bg-background pl-9"
      />
      <div
        className={cn(
          "absolute inset-x-0 top-full z-40 mt-2 max-h-[70vh] overflow-y-auto rounded-md border border-border bg-surface p-2 shadow-[var(--shadow-dialog)]",
          !expanded && "hidden",
        )}
      >
        <p role="status" className={cn("px-3 py-2 text-sm text-muted", hits.length > 0 && "sr-only")}>
          {!expanded
            ? ""
            : search.isError
              ? "Search failed. Please try again."
              : search.isFetching && !search.data
                ? "Searching…"
                : hits.length === 0 && search.data
                  ? `No results for “${q}”.`
                  : `${hits.length} result${hits.length === 1 ? "" : "s"}.`}
        </p>
        <ul id={listboxId} role="listbox" aria-label={`Results for ${q}`}>
          {expanded && (
            <>
              {groups.map((g, gi) => (
                <li key={g.kind} role="presentation">
                  <ul role="group" aria-labelledby={`${id}-${g.kind}`}>
                    <li role="presentation" id={`${id}-${g.kind}`} className="eyebrow px-3 pb-1 pt-2 text-[0.7rem]">
                      {g.label}
                    </li>
                    {g.results.map((h, ri) =>
                      option(
                        startOf[gi]! + ri,
                        h.href,
                        <>
                          <SearchKindIcon kind={h.kind} className="size-4 shrink-0 text-muted" />
                          <span className="flex min-w-0 flex-col">
                            <span className="truncate font-medium">{h.title}</span>
                            <span className="truncate text-xs text-muted">{h.subtitle}</span>
                          </span>
                        </>,
                      ),
                    )}
                  </ul>
                </li>
              ))}
              {option(
                hits.length,
                resultsHref(q),
                <>
                  <ArrowRight className="size-4 shrink-0 text-muted" aria-hidden />
                  <span>
                    See all results for <span className="font-medium">“{q}”</span>
                  </span>
                </>,
              )}
            </>
          )}
        </ul>
      </div>
    </form>
  );
}
