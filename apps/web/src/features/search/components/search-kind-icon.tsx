import type { SearchKind } from "@atelier/contract";
import { Gem, MessageSquare, Package, User } from "lucide-react";

const ICONS = { order: Package, design: Gem, conversation: MessageSquare, customer: User } satisfies Record<SearchKind, unknown>;

export function SearchKindIcon({ kind, className }: { kind: SearchKind; className?: string }) {
  const Icon = ICONS[kind];
  return <Icon className={className} aria-hidden />;
}
