import type { Role } from "@atelier/contract";
import {
  ClipboardList,
  Cog,
  Images,
  Inbox,
  LayoutDashboard,
  LogOut,
  Menu,
  MessagesSquare,
  ReceiptText,
  ScrollText,
  Search,
  Tags,
  User as UserIcon,
  Users,
  Wallet,
} from "lucide-react";
import { useEffect, useState } from "react";
import { Link, matchPath, Navigate, NavLink, Outlet, useLocation, useNavigate } from "react-router";
import { BrandMark } from "@/components/brand";
import { Avatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { Sheet, SheetContent, SheetTitle, SheetTrigger } from "@/components/ui/sheet";
import { Skeleton } from "@/components/ui/skeleton";
import { ErrorState } from "@/components/ui/states";
import { toast } from "@/components/ui/use-toast";
import { paths } from "@/config/paths";
import { displayName, initials, logout, useUser } from "@/features/auth/api/auth-api";
import { SearchCombobox } from "@/features/search/components/search-combobox";
import { authStorage } from "@/lib/auth-storage";
import { cn } from "@/lib/cn";
import { useLiveEvents } from "@/lib/live-events";
import { queryClient } from "@/lib/query-client";
import { NotFoundPage } from "@/routes/not-found";

const STAFF_ROLES: readonly Role[] = ["staff", "admin"];

const NAV = [
  { label: "Queue", href: paths.staff.root.getHref(), icon: ClipboardList, adminOnly: false, end: true },
  { label: "Messages", href: paths.staff.messages.getHref(), icon: MessagesSquare, adminOnly: false },
  { label: "Leads", href: paths.staff.leads.getHref(), icon: Inbox, adminOnly: false },
  { label: "Payments", href: paths.staff.payments.getHref(), icon: Wallet, adminOnly: false },
  { label: "Gallery", href: paths.staff.gallery.getHref(), icon: Images, adminOnly: false },
  { label: "Pricing", href: paths.staff.pricing.getHref(), icon: Tags, adminOnly: true },
  { label: "People", href: paths.staff.people.getHref(), icon: Users, adminOnly: true },
  { label: "Audit log", href: paths.staff.audit.getHref(), icon: ScrollText, adminOnly: true },
  { label: "Invoices", href: paths.staff.invoices.getHref(), icon: ReceiptText, adminOnly: true },
  { label: "Background jobs", href: paths.staff.jobs.getHref(), icon: Cog, adminOnly: true },
] as const;

/** Screens only admins may open; staff see the 404 page there (the server answers 403 anyway). */
const ADMIN_ONLY_PATHS = [
  paths.staff.pricing.path,
  paths.staff.people.path,
  paths.staff.audit.path,
  paths.staff.jobs.path,
  paths.staff.invoices.path,
];

export function isAdminOnlyPath(pathname: string): boolean {
  return ADMIN_ONLY_PATHS.some((path) => matchPath({ path, end: false }, pathname) !== null);
}

function StaffNav({ role, onNavigate }: { role: Role; onNavigate?: () => void }) {
  const items = NAV.filter((item) => !item.adminOnly || role === "admin");
  return (
    <nav aria-label="Staff console" className="flex flex-col gap-1 px-3">
      {items.map(({ label, href, icon: Icon, ...rest }, i) => (
        <div key={href}>
          {rest.adminOnly && !items[i - 1]?.adminOnly && (
            <p className="mb-1 mt-5 px-3 text-[0.7rem] font-semibold uppercase tracking-[0.18em] text-muted">Administration</p>
          )}
          <NavLink
            to={href}
            end={"end" in rest}
            onClick={onNavigate}
            className={({ isActive }) =>
              cn(
                "flex items-center gap-3 rounded-md px-3 py-2.5 text-sm transition-colors",
                isActive ? "bg-accent-soft font-medium text-accent-hover" : "text-muted hover:bg-surface-muted hover:text-foreground",
              )
            }
          >
            <Icon className="size-[18px]" aria-hidden />
            {label}
          </NavLink>
        </div>
      ))}
    </nav>
  );
}

function CustomerSideLink({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <div className="border-t border-border px-3 py-4">
      <Link
        to={paths.dashboard.root.getHref()}
        onClick={onNavigate}
        className="flex items-center gap-3 rounded-md px-3 py-2.5 text-sm text-muted transition-colors hover:bg-surface-muted hover:text-foreground"
      >
        <LayoutDashboard className="size-[18px]" aria-hidden />
        Customer dashboard
      </Link>
    </div>
  );
}

function ConsoleLabel() {
  return (
    <span className="rounded-full border border-accent/40 px-2 py-0.5 text-[0.65rem] font-semibold uppercase tracking-[0.2em] text-accent-strong">
      Staff
    </span>
  );
}

/** The checking state: the frame's shape, so the console does not jump when the role is known. */
function FrameSkeleton() {
  return (
    <div className="min-h-dvh bg-background lg:grid lg:grid-cols-[15rem_1fr]" aria-busy="true">
      <span className="sr-only" role="status">
        Loading the staff console…
      </span>
      <aside className="hidden border-r border-border bg-surface lg:block">
        <div className="flex h-16 items-center px-6">
          <Skeleton className="h-8 w-32" />
        </div>
        <div className="mt-4 flex flex-col gap-2 px-6">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-8 w-full" />
          ))}
        </div>
      </aside>
      <div>
        <div className="h-16 border-b border-border bg-surface" />
        <div className="mx-auto max-w-7xl px-4 py-8 sm:px-8">
          <Skeleton className="h-10 w-64" />
          <Skeleton className="mt-6 h-64 w-full" />
        </div>
      </div>
    </div>
  );
}

/**
 * The staff console's frame (/staff/*). It guards the role on the client only so that a
 * customer sees the app's 404 page instead of an empty console; the server answers 403.
 */
export default function StaffLayout() {
  // Read once on entry: signing out clears storage while the page is still leaving the console.
  const [token] = useState(() => authStorage.getToken());
  const location = useLocation();
  const navigate = useNavigate();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const user = useUser();
  useLiveEvents(user.isSuccess);

  useEffect(() => {
    if (!token)
      toast({ variant: "destructive", title: "Authentication Error", description: "You are not logged in. Please log in to continue." });
  }, [token]);

  if (!token) return <Navigate to={paths.login.getHref()} replace state={{ from: location.pathname }} />;

  if (user.isPending) return <FrameSkeleton />;
  if (user.isError) {
    return (
      <main id="main" className="mx-auto flex min-h-dvh max-w-lg items-center px-6">
        <ErrorState className="w-full" message="We could not check your account. Please try again." onRetry={() => void user.refetch()} />
      </main>
    );
  }

  const me = user.data;
  if (!STAFF_ROLES.includes(me.role)) {
    return (
      <main id="main" className="min-h-dvh bg-background">
        <NotFoundPage />
      </main>
    );
  }
  const forbidden = me.role !== "admin" && isAdminOnlyPath(location.pathname);

  async function signOut() {
    try {
      await logout();
    } catch {
      // Local data is cleared and the user reaches / even when the call fails.
    }
    await navigate(paths.home.getHref());
    queryClient.clear();
    toast({ title: "Signed out successfully." });
  }

  return (
    <div className="min-h-dvh bg-background lg:grid lg:grid-cols-[15rem_1fr]">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-surface focus:px-4 focus:py-2"
      >
        Skip to content
      </a>
      <aside className="sticky top-0 hidden h-dvh flex-col border-r border-border bg-surface lg:flex">
        <div className="flex h-16 items-center gap-3 px-6">
          <Link to={paths.staff.root.getHref()} className="rounded-md">
            <BrandMark />
            <span className="sr-only"> staff console</span>
          </Link>
        </div>
        <div className="px-6 pb-2">
          <ConsoleLabel />
        </div>
        <div className="mt-3 flex-1 overflow-y-auto">
          <StaffNav role={me.role} />
        </div>
        <CustomerSideLink />
      </aside>

      <div className="flex min-w-0 flex-col">
        <header className="sticky top-0 z-30 flex h-16 items-center gap-3 border-b border-border bg-surface/95 px-4 backdrop-blur sm:px-6">
          <Sheet open={drawerOpen} onOpenChange={setDrawerOpen}>
            <SheetTrigger asChild>
              <Button variant="ghost" size="icon" className="lg:hidden" aria-label="Open menu">
                <Menu className="size-5" />
              </Button>
            </SheetTrigger>
            <SheetContent aria-describedby={undefined}>
              <SheetTitle className="sr-only">Staff console menu</SheetTitle>
              <div className="flex h-16 items-center gap-3 px-6">
                <BrandMark />
                <ConsoleLabel />
              </div>
              <div className="mt-2 flex-1 overflow-y-auto">
                <StaffNav role={me.role} onNavigate={() => setDrawerOpen(false)} />
              </div>
              <CustomerSideLink onNavigate={() => setDrawerOpen(false)} />
            </SheetContent>
          </Sheet>
          <Link to={paths.staff.root.getHref()} className="flex items-center gap-3 rounded-md lg:hidden">
            <BrandMark className="hidden sm:inline-flex" />
            <ConsoleLabel />
            <span className="sr-only"> console</span>
          </Link>

          <SearchCombobox
            label="Search orders, designs and customers"
            placeholder="Search orders, designs, customers..."
            resultsHref={paths.staff.search.getHref}
            className="hidden max-w-md flex-1 sm:block"
          />
          {/* Phones: the box does not fit the bar; the results page has its own. */}
          <Button variant="ghost" size="icon" asChild className="sm:hidden">
            <Link to={paths.staff.search.getHref("")} aria-label="Search">
              <Search className="size-5" />
            </Link>
          </Button>

          <div className="ml-auto flex items-center gap-1">
            <Button variant="ghost" size="sm" asChild className="hidden md:inline-flex">
              <Link to={paths.dashboard.root.getHref()}>
                <LayoutDashboard className="size-4" aria-hidden /> Customer dashboard
              </Link>
            </Button>
            <DropdownMenu>
              <DropdownMenuTrigger asChild>
                <button type="button" className="ml-1 flex items-center gap-2 rounded-full p-1 pr-2 hover:bg-surface-muted">
                  {/* Named by its content (no aria-label), so the visible name is part of the accessible one. */}
                  <span className="sr-only">Account menu</span>
                  <Avatar initials={initials(me)} />
                  <span className="hidden max-w-40 truncate text-sm font-medium md:inline" data-testid="display-name">
                    {displayName(me)}
                  </span>
                </button>
              </DropdownMenuTrigger>
              <DropdownMenuContent align="end">
                <DropdownMenuLabel>
                  <span className="block font-medium text-foreground">{displayName(me)}</span>
                  <span className="block truncate">{me.email}</span>
                  <span className="mt-1 block text-xs capitalize">{me.role}</span>
                </DropdownMenuLabel>
                <DropdownMenuSeparator />
                <DropdownMenuItem onSelect={() => void navigate(paths.dashboard.root.getHref())}>
                  <LayoutDashboard /> Customer dashboard
                </DropdownMenuItem>
                <DropdownMenuItem onSelect={() => void navigate(paths.dashboard.profile.getHref())}>
                  <UserIcon /> My Profile
                </DropdownMenuItem>
                <DropdownMenuSeparator />
                <DropdownMenuItem onSelect={() => void signOut()}>
                  <LogOut /> Sign Out
                </DropdownMenuItem>
              </DropdownMenuContent>
            </DropdownMenu>
          </div>
        </header>

        <main id="main" className="flex-1 px-4 py-8 sm:px-8 lg:px-10">
          <div className="mx-auto w-full max-w-7xl">{forbidden ? <NotFoundPage /> : <Outlet />}</div>
        </main>
      </div>
    </div>
  );
}
