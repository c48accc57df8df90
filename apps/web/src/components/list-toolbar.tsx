import { useId } from "react";
import { NativeSelect } from "@/components/ui/input";
import { SearchField } from "@/components/ui/search-field";
import { cn } from "@/lib/cn";

/** A list's search box and status filter, side by side (the customer's orders and quotes, the staff queue). */
export function ListToolbar({
  search,
  status,
  statusOptions,
  onSearch,
  onStatus,
  searchLabel,
  placeholder,
  statusClassName = "sm:w-56",
}: {
  search: string;
  status: string;
  /** The filter's choices, "all" included; none hides the filter. */
  statusOptions: readonly { value: string; label: string }[];
  onSearch: (value: string) => void;
  onStatus: (value: string) => void;
  searchLabel: string;
  placeholder: string;
  statusClassName?: string;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <SearchField value={search} onSearch={onSearch} label={searchLabel} placeholder={placeholder} />
      {statusOptions.length > 0 && (
        <div className={cn("flex items-center gap-2", statusClassName)}>
          <label htmlFor={`${id}-status`} className="shrink-0 text-sm text-muted">
            Status
          </label>
          <NativeSelect id={`${id}-status`} value={status} onChange={(e) => onStatus(e.target.value)} className="bg-surface">
            {statusOptions.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </NativeSelect>
        </div>
      )}
    </div>
  );
}
