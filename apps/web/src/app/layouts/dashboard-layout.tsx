import {
  FilePlus2,
  Gem,
  Headset,
  LayoutDashboard,
  LogOut,
  Menu,
  MessageSquare,
  Package,
  ReceiptText,
  Search,
  Settings,
  ShieldCheck,
  User as UserIcon,
} from "lucide-react";
import { useEffect, useState } from "react";
import { Link, Navigate, NavLink, Outlet, useLocation, useNavigate } from "react-router";
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
import { toast } from "@/components/ui/use-toast";
import { paths } from "@/config/paths";
import { displayName, initials, isStaffRole, logout, useUser } from "@/features/auth/api/auth-api";
import { MessageIcon } from "@/features/messages/components/message-icon";
import { NotificationBell } from "@/features/notifications/components/notification-bell";
import { SearchCombobox } from "@/features/search/components/search-combobox";
import { authStorage } from "@/lib/auth-storage";
import { cn } from "@/lib/cn";
import { useLiveEvents } from "@/lib/live-events";
import { queryClient } from "@/lib/query-client";

const NAV = [
  { label: "Dashboard", href: paths.dashboard.root.getHref(), icon: LayoutDashboard, end: true },
  { label: "My Designs", href: paths.dashboard.designs.getHref(), icon: Gem },
  { label: "New Design", href: paths.dashboard.newDesign.getHref(), icon: FilePlus2 },
  { label: "Quotes", href: paths.dashboard.quotes.getHref(), icon: ReceiptText },
  { label: "Orders", href: paths.dashboard.orders.getHref(), icon: Package },
  { label: "Messages", href: paths.dashboard.messages.getHref(), icon: MessageSquare },
  { label: "Profile", href: paths.dashboard.profile.getHref(), icon: UserIcon },
  { label: "Support", href: paths.dashboard.support.getHref(), icon: Headset },
] as const;

function SidebarNav({ onNavigate, staff }: { onNavigate?: () => void; staff?: boolean }) {
  return (
    <nav aria-label="Dashboard" className="flex flex-col gap-1 px-3">
      {NAV.map(({ label, href, icon: Icon, ...rest }) => (
        <NavLink
          key={href}
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
      ))}
      {staff && (
        <div className="mt-3 border-t border-border pt-3">
          <Link
            to={paths.staff.root.getHref()}
            onClick={onNavigate}
            className="flex items-center gap-3 rounded-md px-3 py-2.5 text-sm text-accent-strong transition-colors hover:bg-surface-muted"
          >
            <ShieldCheck className="size-[18px]" aria-hidden />
            Staff console
          </Link>
        </div>
      )}
    </nav>
  );
}

export default function DashboardLayout() {
  // Read once on entry: signing out clears storage while the page is still leaving the dashboard.
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

  useEffect(() => {
    if (user.isError) toast({ variant: "destructive", title: "Error", description: "Failed to load user data. Please try again." });
  }, [user.isError]);

  if (!token) return <Navigate to={paths.login.getHref()} replace state={{ from: location.pathname }} />;

  async function signOut() {
    try {
      await logout();
    } catch {
      // Spec: local data is cleared and the user reaches / even when the call fails.
    }
    // Leave the dashboard first, so its guard does not send the user to /login instead; the
    // toast comes once the home page is there, so a slow page load cannot swallow it.
    await navigate(paths.home.getHref());
    queryClient.clear();
    toast({ title: "Signed out successfully." });
  }

  const me = user.data;
  const isStaff = me !== undefined && isStaffRole(me.role);

  return (
    <div className="min-h-dvh bg-background lg:grid lg:grid-cols-[16rem_1fr]">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-surface focus:px-4 focus:py-2"
      >
        Skip to content
      </a>
      <aside className="sticky top-0 hidden h-dvh flex-col border-r border-border bg-surface lg:flex">
        <Link to={paths.home.getHref()} className="flex h-16 items-center px-6">
          <BrandMark />
        </Link>
        <div className="mt-4 flex-1 overflow-y-auto">
          <SidebarNav staff={isStaff} />
        </div>
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
              <SheetTitle className="sr-only">Menu</SheetTitle>
              <div className="flex h-16 items-center px-6">
                <BrandMark />
              </div>
              <div className="mt-2 flex-1 overflow-y-auto">
                <SidebarNav staff={isStaff} onNavigate={() => setDrawerOpen(false)} />
              </div>
            </SheetContent>
          </Sheet>

          <SearchCombobox
            label="Search designs and orders"
            placeholder="Search designs, orders..."
            resultsHref={paths.dashboard.search.getHref}
            className="hidden max-w-md flex-1 sm:block"
          />
          {/* Phones: the box does not fit the bar; the results page has its own. */}
          <Button variant="ghost" size="icon" asChild className="sm:hidden">
            <Link to={paths.dashboard.search.getHref("")} aria-label="Search">
              <Search className="size-5" />
            </Link>
          </Button>

          <div className="ml-auto flex items-center gap-1">
            <NotificationBell />
            <MessageIcon />
            <DropdownMenu>
              <DropdownMenuTrigger asChild>
                <button type="button" className="ml-1 flex items-center gap-2 rounded-full p-1 pr-2 hover:bg-surface-muted">
                  {me ? <Avatar initials={initials(me)} /> : <Skeleton className="size-9 rounded-full" />}
                  <span className="hidden max-w-40 truncate text-sm font-medium md:inline" data-testid="display-name">
                    {me ? displayName(me) : ""}
                  </span>
                  {/* After the visible name, so the button's name contains what it shows (WCAG 2.5.3). */}
                  <span className="sr-only">Account menu</span>
                </button>
              </DropdownMenuTrigger>
              <DropdownMenuContent align="end">
                {me && (
                  <>
                    <DropdownMenuLabel>
                      <span className="block font-medium text-foreground">{displayName(me)}</span>
                      <span className="block truncate">{me.email}</span>
                    </DropdownMenuLabel>
                    <DropdownMenuSeparator />
                  </>
                )}
                {me && isStaffRole(me.role) && (
                  <>
                    <DropdownMenuItem onSelect={() => void navigate(paths.staff.root.getHref())}>
                      <ShieldCheck /> Staff console
                    </DropdownMenuItem>
                    <DropdownMenuSeparator />
                  </>
                )}
                <DropdownMenuItem onSelect={() => void navigate(paths.dashboard.profile.getHref())}>
                  <UserIcon /> My Profile
                </DropdownMenuItem>
                <DropdownMenuItem onSelect={() => void navigate(paths.dashboard.settings.getHref())}>
                  <Settings /> Settings
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
          <div className="mx-auto w-full max-w-6xl">
            <Outlet />
          </div>
        </main>
      </div>
    </div>
  );
}
