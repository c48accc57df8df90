import { ArrowRight, Link2, PenLine } from "lucide-react";
import { useEffect } from "react";
import { Link, useNavigate } from "react-router";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { paths } from "@/config/paths";
import { displayName, useUser } from "@/features/auth/api/auth-api";
import { RecentDesigns } from "@/features/designs/components/recent-designs";
import { useMarkNotificationRead } from "@/features/notifications/api/mark-notification-read";
import { DashboardSummary } from "@/features/orders/components/dashboard-summary";
import { PENDING_DESIGN_KEY, type PendingDesign } from "@/lib/auth-storage";
import { useDocumentTitle } from "@/lib/use-document-title";

/** Spec (/dashboard): a pending design in session storage is removed, announced and handed to New design. */
function usePendingDesignRecovery() {
  const navigate = useNavigate();
  useEffect(() => {
    const raw = sessionStorage.getItem(PENDING_DESIGN_KEY);
    if (raw === null) return;
    sessionStorage.removeItem(PENDING_DESIGN_KEY);
    let pending: PendingDesign;
    try {
      pending = JSON.parse(raw) as PendingDesign;
      if (typeof pending?.data !== "string" || (pending.type !== "link" && pending.type !== "file")) return;
    } catch {
      return;
    }
    toast({ title: "Design data recovered", description: "We kept what you started. Let's finish your design." });
    void navigate(paths.dashboard.newDesign.getHref(), { state: { pendingDesign: pending } });
  }, [navigate]);
}

export default function DashboardOverview() {
  useDocumentTitle("Dashboard");
  usePendingDesignRecovery();
  const user = useUser();
  const markRead = useMarkNotificationRead();

  return (
    <div className="flex flex-col gap-10">
      <div>
        <p className="eyebrow">Your atelier</p>
        {user.data ? <h1 className="mt-2 text-4xl sm:text-5xl">Welcome, {displayName(user.data)}</h1> : <Skeleton className="mt-3 h-12 w-72" />}
        <p className="mt-3 max-w-2xl text-muted">Share a piece you love or describe your own. Every design gets an explainable quote, CAD renderings to approve and certified craftsmanship.</p>
      </div>
      <DashboardSummary onNotificationOpen={(id) => markRead.mutate(id)} />
      <div className="grid gap-5 md:grid-cols-2">
        <ActionCard
          icon={<Link2 />}
          title="Share a link"
          text="Paste the address of a piece from any shop. We read its metal, stones and price for you."
          to={paths.dashboard.newDesign.getHref()}
        />
        <ActionCard
          icon={<PenLine />}
          title="Describe your design"
          text="Choose the metal, stones and size, add reference images, and tell us your story."
          to={`${paths.dashboard.newDesign.getHref()}?tab=custom`}
        />
      </div>
      <RecentDesigns />
    </div>
  );
}

function ActionCard({ icon, title, text, to }: { icon: React.ReactNode; title: string; text: string; to: string }) {
  return (
    <Card className="group relative p-7 transition-shadow hover:shadow-[var(--shadow-dialog)]">
      <div className="mb-5 inline-flex size-11 items-center justify-center rounded-full bg-accent-soft text-accent-hover [&_svg]:size-5">{icon}</div>
      <h2 className="text-2xl">
        <Link to={to} className="after:absolute after:inset-0">
          {title}
        </Link>
      </h2>
      <p className="mt-2 text-sm text-muted">{text}</p>
      <ArrowRight className="absolute right-7 top-8 size-5 text-accent transition-transform group-hover:translate-x-1" aria-hidden />
    </Card>
  );
}
