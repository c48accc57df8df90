import { PAGE_SIZE, personInitials as initialsOf, personName as nameOf, ROLES, type Role, type StaffPerson, type User } from "@atelier/contract";
import { useQueryClient } from "@tanstack/react-query";
import { Search, UserPlus, Users } from "lucide-react";
import { useId, useState } from "react";
import { Avatar } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/dialog";
import { NativeSelect } from "@/components/ui/input";
import { Pagination } from "@/components/ui/pagination";
import { SearchField } from "@/components/ui/search-field";
import { Skeleton } from "@/components/ui/skeleton";
import { EmptyState, ErrorState, InlineAlert } from "@/components/ui/states";
import { toast } from "@/components/ui/use-toast";
import { ApiError, errorMessage } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { formatDate, formatDateTime, formatRelative } from "@/lib/format";
import { useListParams, type ListFilter } from "@/lib/use-list-params";
import { usePeople } from "../api/get-people";
import { useUpdatePerson, type PersonChange } from "../api/update-person";
import { InviteDialog } from "./invite-dialog";
import { ROLE_INFO } from "./roles";

const FILTERS = { role: { values: ["all", ...ROLES], default: "all" } satisfies ListFilter<Role | "all"> };

/** The signed-in user, as the staff console's frame already read it (the `auth`, `user` key is shared). */
function useMe(): User | undefined {
  return useQueryClient().getQueryData<User>(["auth", "user"]);
}

/** The contract's one formatter names everyone; an account with no name on record reads as its e-mail here, where it is managed. */
const hasName = (p: StaffPerson) => `${p.first_name}${p.last_name}`.trim() !== "";
const personName = (p: StaffPerson) => (hasName(p) ? nameOf(p) : p.email);
const personInitials = (p: StaffPerson) => (hasName(p) ? initialsOf(p) : (p.email[0] ?? "?").toUpperCase());

/** A change waiting for the admin's confirmation. */
type Pending = { person: StaffPerson; change: PersonChange };

/** People (/staff/people, admins): every account; invite staff and admins, change roles, deactivate. */
export function PeopleScreen() {
  const { search, page, filters, update } = useListParams(FILTERS);
  const role = filters.role;
  const people = usePeople({ role, search, page });
  const me = useMe();
  const [inviting, setInviting] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);
  const pageCount = people.data ? Math.ceil(people.data.count / PAGE_SIZE) : 0;
  const filtered = role !== "all" || search !== "";

  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex flex-col gap-2">
          <p className="eyebrow">Administration</p>
          <h1 className="text-4xl sm:text-5xl">People</h1>
          <p className="max-w-2xl text-muted">
            Every account, newest first. Invite staff and admins, change a role, or deactivate an account to sign it out everywhere.
          </p>
        </div>
        <Button onClick={() => setInviting(true)} className="self-start sm:self-auto">
          <UserPlus aria-hidden /> Invite staff
        </Button>
      </div>

      <section aria-labelledby="people-list-title" className="flex flex-col gap-5">
        <h2 id="people-list-title" className="sr-only">
          Accounts
        </h2>
        <PeopleToolbar
          search={search}
          role={role}
          onSearch={(value) => update({ search: value })}
          onRole={(value) => update({ filters: { role: value } })}
        />

        {people.isPending ? (
          <PeopleSkeleton />
        ) : people.isError || (people.isPlaceholderData && people.failureCount > 0) ? (
          <ErrorState message="The accounts could not be loaded. Please try again." onRetry={() => void people.refetch()} />
        ) : people.data.results.length === 0 ? (
          <EmptyState
            icon={filtered ? <Search /> : <Users />}
            title={filtered ? "No account matches" : "No accounts yet"}
            description={
              filtered
                ? "No account matches the search or the role. Try another name or e-mail."
                : "Accounts appear here as people sign up or are invited."
            }
            action={
              filtered ? (
                <Button variant="secondary" onClick={() => update({ search: "", filters: { role: "all" } })}>
                  Clear filters
                </Button>
              ) : undefined
            }
          />
        ) : (
          <>
            <Card className={cn("overflow-hidden transition-opacity", people.isPlaceholderData && "opacity-70")}>
              <ul className="divide-y divide-border" aria-label="Accounts">
                {people.data.results.map((p) => (
                  <PersonRow
                    key={p.id}
                    person={p}
                    isMe={p.id === me?.id}
                    pendingRole={pending?.person.id === p.id ? pending.change.role : undefined}
                    onChange={(change) => setPending({ person: p, change })}
                  />
                ))}
              </ul>
            </Card>
            <p className="sr-only" role="status">
              {people.data.count === 1 ? "1 account" : `${people.data.count} accounts`}
            </p>
            <Pagination page={page} pageCount={pageCount} onPageChange={(p) => update({ page: p })} />
          </>
        )}
      </section>

      <InviteDialog open={inviting} onOpenChange={setInviting} />
      <ConfirmChange pending={pending} onClose={() => setPending(null)} />
    </div>
  );
}

function PeopleToolbar({
  search,
  role,
  onSearch,
  onRole,
}: {
  search: string;
  role: Role | "all";
  onSearch: (value: string) => void;
  onRole: (value: Role | "all") => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
      <SearchField value={search} onSearch={onSearch} label="Search people" placeholder="Name or e-mail" />
      <div className="flex items-center gap-2 sm:w-56">
        <label htmlFor={`${id}-role`} className="shrink-0 text-sm text-muted">
          Role
        </label>
        <NativeSelect id={`${id}-role`} value={role} onChange={(e) => onRole(e.target.value as Role | "all")} className="bg-surface">
          <option value="all">All roles</option>
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {ROLE_INFO[r].plural}
            </option>
          ))}
        </NativeSelect>
      </div>
    </div>
  );
}

function PersonRow({
  person: p,
  isMe,
  pendingRole,
  onChange,
}: {
  person: StaffPerson;
  isMe: boolean;
  pendingRole: Role | undefined;
  onChange: (change: PersonChange) => void;
}) {
  const id = useId();
  const name = personName(p);
  return (
    <li className="flex flex-col gap-4 px-4 py-4 md:flex-row md:items-center md:gap-6 md:px-6" data-testid="person">
      <div className="flex min-w-0 flex-1 items-center gap-4">
        <Avatar initials={personInitials(p)} className={cn("size-11", !p.is_active && "bg-surface-muted text-muted")} />
        <div className="flex min-w-0 flex-col gap-0.5">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <h3 className="truncate font-sans text-base font-semibold">{name}</h3>
            {isMe && <Badge tone="gold">You</Badge>}
            {!p.is_active && <Badge tone="garnet">Deactivated</Badge>}
          </div>
          {name !== p.email && <p className="truncate text-sm text-muted">{p.email}</p>}
          <p className="text-xs text-muted">
            Joined <time dateTime={p.date_joined}>{formatDate(p.date_joined)}</time>
            {" · "}
            {p.last_seen_at ? (
              <>
                last seen{" "}
                <time dateTime={p.last_seen_at} title={formatDateTime(p.last_seen_at)}>
                  {formatRelative(p.last_seen_at)}
                </time>
              </>
            ) : p.is_active ? (
              "never signed in"
            ) : (
              "signed out everywhere"
            )}
            {p.order_count > 0 && <> · {p.order_count === 1 ? "1 order" : `${p.order_count} orders`}</>}
          </p>
        </div>
      </div>
      <div className="flex items-center gap-2 pl-[3.75rem] md:shrink-0 md:pl-0">
        <label htmlFor={`${id}-role`} className="sr-only">
          Role of {name}
        </label>
        <NativeSelect
          id={`${id}-role`}
          value={pendingRole ?? p.role}
          disabled={isMe}
          title={isMe ? "Another administrator must change your role." : undefined}
          onChange={(e) => onChange({ role: e.target.value as Role })}
          className="h-9 w-36 bg-surface"
        >
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {ROLE_INFO[r].label}
            </option>
          ))}
        </NativeSelect>
        {p.is_active ? (
          <Button
            variant="ghost"
            size="sm"
            className="w-28 text-destructive hover:bg-destructive-soft/60"
            disabled={isMe}
            onClick={() => onChange({ is_active: false })}
            aria-label={`Deactivate ${name}`}
          >
            Deactivate
          </Button>
        ) : (
          <Button
            variant="ghost"
            size="sm"
            className="w-28"
            onClick={() => onChange({ is_active: true })}
            aria-label={`Reactivate ${name}`}
          >
            Reactivate
          </Button>
        )}
      </div>
    </li>
  );
}

/** What a confirmation says: the title, the consequence, the button, and its toast. */
function describeChange(person: StaffPerson, change: PersonChange) {
  const name = personName(person);
  if (change.role !== undefined) {
    const to = ROLE_INFO[change.role];
    const from = ROLE_INFO[person.role];
    const losesConsole = change.role === "customer";
    return {
      title: `Change ${name}'s role to ${to.label}?`,
      description: `${from.label} → ${to.label}. ${to.description} The change applies on their next request.`,
      confirm: `Make ${to.label.toLowerCase()}`,
      variant: losesConsole ? ("destructive" as const) : ("primary" as const),
      done: { title: "Role changed", description: `${name} is now ${change.role === "admin" ? "an" : "a"} ${to.label.toLowerCase()}.` },
    };
  }
  if (change.is_active === false) {
    return {
      title: `Deactivate ${name}?`,
      description:
        "They are signed out everywhere at once and cannot sign in or reset their password until an administrator reactivates the account. Their orders and history are kept.",
      confirm: "Deactivate account",
      variant: "destructive" as const,
      done: { title: "Account deactivated", description: `${name} has been signed out everywhere.` },
    };
  }
  return {
    title: `Reactivate ${name}?`,
    description: "They can sign in again with their password, or ask for a new one with “Forgot your password”.",
    confirm: "Reactivate account",
    variant: "primary" as const,
    done: { title: "Account reactivated", description: `${name} can sign in again.` },
  };
}

/** The confirmation of a role change, a deactivation or a reactivation; a refusal (409) stays in the dialog. */
function ConfirmChange({ pending, onClose }: { pending: Pending | null; onClose: () => void }) {
  const updatePerson = useUpdatePerson();
  const [refusal, setRefusal] = useState<string | null>(null);
  // Each opening starts without the previous refusal.
  const [shownFor, setShownFor] = useState<Pending | null>(null);
  if (pending !== shownFor) {
    setShownFor(pending);
    setRefusal(null);
  }
  // Kept while the dialog closes, so its text does not vanish mid-animation.
  const [last, setLast] = useState<Pending | null>(pending);
  if (pending && pending !== last) setLast(pending);
  const shown = pending ?? last;
  if (!shown) return null;
  const text = describeChange(shown.person, shown.change);

  function onConfirm() {
    if (!pending) return;
    setRefusal(null);
    updatePerson.mutate(
      { id: pending.person.id, change: pending.change },
      {
        onSuccess: () => {
          toast(text.done);
          onClose();
        },
        onError: (err) => {
          if (err instanceof ApiError && (err.status === 409 || err.status === 400)) {
            setRefusal(
              err.field("non_field_errors") ?? err.field("role") ?? err.field("is_active") ?? errorMessage(err, "The change was refused."),
            );
          } else {
            toast({ variant: "destructive", title: "Account not changed", description: errorMessage(err, "Please try again.") });
            onClose();
          }
        },
      },
    );
  }

  return (
    <ConfirmDialog
      open={pending !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={text.title}
      description={text.description}
      confirmLabel={text.confirm}
      confirmVariant={text.variant}
      onConfirm={onConfirm}
      loading={updatePerson.isPending}
    >
      {refusal && <InlineAlert>{refusal}</InlineAlert>}
    </ConfirmDialog>
  );
}

function PeopleSkeleton() {
  return (
    <Card className="divide-y divide-border" aria-busy="true" role="status">
      <span className="sr-only">Loading accounts…</span>
      {[0, 1, 2, 3, 4].map((i) => (
        <div key={i} className="flex items-center gap-4 px-4 py-4 md:px-6">
          <Skeleton className="size-11 shrink-0 rounded-full" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-3 w-56" />
            <Skeleton className="h-3 w-44" />
          </div>
          <Skeleton className="hidden h-9 w-36 md:block" />
          <Skeleton className="hidden h-8 w-28 md:block" />
        </div>
      ))}
    </Card>
  );
}
