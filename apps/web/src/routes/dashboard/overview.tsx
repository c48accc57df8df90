import { ArrowRight, Link2, PenLine } from "lucide-react";
import { useQueryClient } from "@tanstack/react-query";
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
import { savePendingEstimate } from "@/features/designs/api/save-pending-estimate";
import { designKeys } from "@/features/designs/api/get-designs";
import { errorMessage } from "@/lib/api-client";
import { PENDING_DESIGN_KEY } from "@/lib/auth-storage";
import { readPendingDesign } from "@/lib/pending-design";
import { useDocumentTitle } from "@/lib/use-document-title";

/**
 * Spec (/dashboard): a pending design in session storage is removed, announced and handed to New
 * design. A design priced on the instant quote before sign-up is saved for the new account at once
 * (kept until saved, never saved twice: see savePendingEstimate) and its estimate is shown.
 */
function usePendingDesignRecovery() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    const pending = readPendingDesign();
    if (pending === null) return;
    if (pending.type === "estimate") {
      let current = true;
      toast({ title: "Design data recovered", description: "Saving the design you priced…" });
      savePendingEstimate(pending).then(
        (design) => {
          if (!current) return;
          void queryClient.invalidateQueries({ queryKey: designKeys.all });
          toast({ title: "Design saved successfully!", description: "Here is its estimate. Your jeweller confirms it in a firm quote." });
          void navigate(paths.dashboard.design.getHref(design.id), { replace: true });
        },
        (err: unknown) => {
          if (!current) return;
          toast({
            variant: "destructive",
            title: "Your design is not saved yet",
            description: `${errorMessage(err, "We could not save it just now.")} We kept it: open the dashboard again to retry.`,
          });
        },
      );
      return () => {
        current = false;
      };
    }
    sessionStorage.removeItem(PENDING_DESIGN_KEY);
    toast({ title: "Design data recovered", description: "We kept what you started. Let's finish your design." });
    void navigate(paths.dashboard.newDesign.getHref(), { state: { pendingDesign: pending } });
  }, [navigate, queryClient]);
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
