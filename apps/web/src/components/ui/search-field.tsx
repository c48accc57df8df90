import { Search } from "lucide-react";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { cn } from "@/lib/cn";
import { Input } from "./input";

/**
 * A list's search box: it searches after a pause in typing (or on Enter) and shows the address's
 * search again when that changes elsewhere (a link, Back, "Clear filters").
 */
export function SearchField({
  value,
  onSearch,
  label,
  placeholder,
  className,
  delay = 350,
}: {
  /** The search in force (from the address). */
  value: string;
  onSearch: (value: string) => void;
  /** The accessible name ("Search leads"); visually the placeholder and the icon say it. */
  label: string;
  placeholder?: string;
  className?: string;
  delay?: number;
}) {
  const id = useId();
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(value);
  }
  // The latest callback, so a new function each render does not restart the pause.
  const latest = useRef(onSearch);
  useEffect(() => {
    latest.current = onSearch;
  });
  useEffect(() => {
    if (text.trim() === value) return;
    const t = setTimeout(() => latest.current(text.trim()), delay);
    return () => clearTimeout(t);
  }, [text, value, delay]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form role="search" onSubmit={submit} className={cn("relative flex-1", className)}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted" aria-hidden />
      <Input
        id={id}
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={placeholder}
        className="bg-surface pl-9"
      />
    </form>
  );
}
