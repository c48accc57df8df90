import type { Design } from "@atelier/contract";
import { Link2, PenLine } from "lucide-react";
import { useState } from "react";
import { useLocation, useSearchParams } from "react-router";
import { Skeleton } from "@/components/ui/skeleton";
import { ErrorState } from "@/components/ui/states";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { ApiError } from "@/lib/api-client";
import type { PendingDesign } from "@/lib/auth-storage";
import { useDesign } from "../api/get-design";
import { useDesignEstimatePreview } from "../api/estimate-design";
import { DesignForm } from "./design-form";
import { LinkExtraction } from "./link-extraction";
import { DesignNotFound } from "./design-parts";

/** What other screens hand to New design through navigation state. */
export interface NewDesignState {
  pendingDesign?: PendingDesign;
  design?: Design;
}

type Tab = "link" | "custom";

/** The design being edited, from `?edit=<id>` or the navigation state. */
export function useEditedDesignId(): string | undefined {
  const location = useLocation();
  const [params] = useSearchParams();
  const state = (location.state ?? {}) as NewDesignState;
  return params.get("edit") ?? state.design?.id;
}

export function NewDesignScreen() {
  const location = useLocation();
  const [params] = useSearchParams();
  const state = (location.state ?? {}) as NewDesignState;
  const editId = useEditedDesignId();
  const pending = state.pendingDesign;
  const [tab, setTab] = useState<Tab>(() => (editId || params.get("tab") === "custom" || pending?.type === "file" ? "custom" : "link"));
  const [prefillLink, setPrefillLink] = useState<{ url: string; nonce: number } | null>(null);
  const edited = useDesign(editId, { initialData: state.design?.id === editId ? state.design : undefined });

  const header = (
    <div className="flex flex-col gap-2">
      <p className="eyebrow">{editId ? "Refine your piece" : "Begin a piece"}</p>
      <h1 className="text-4xl sm:text-5xl">{editId ? "Edit Design" : "New Design"}</h1>
      <p className="max-w-2xl text-muted">
        {editId
          ? "Change any detail or reference image; your designer sees the update right away."
          : "Share a link to a piece you love, or describe your own. Either way, you receive a quote you can understand."}
      </p>
    </div>
  );

  if (editId && edited.isPending) {
    return (
      <div className="flex flex-col gap-8">
        {header}
        <FormSkeleton />
      </div>
    );
  }
  if (editId && edited.isError && !edited.data) {
    const notFound = edited.error instanceof ApiError && edited.error.status === 404;
    return (
      <div className="flex flex-col gap-8">
        {header}
        {notFound ? (
          <DesignNotFound />
        ) : (
          <ErrorState message="Failed to fetch design details" onRetry={() => void edited.refetch()} />
        )}
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-8">
      {header}
      <Tabs value={tab} onValueChange={(v) => setTab(v as Tab)}>
        <TabsList className="grid w-full grid-cols-2 sm:inline-flex sm:w-auto">
          <TabsTrigger value="link">
            <Link2 className="size-4" aria-hidden /> Share a Link
          </TabsTrigger>
          <TabsTrigger value="custom">
            <PenLine className="size-4" aria-hidden /> Custom Design
          </TabsTrigger>
        </TabsList>
        {/* Both panels stay mounted so switching tabs keeps what was typed. */}
        <TabsContent value="link" forceMount className="data-[state=inactive]:hidden">
          <LinkExtraction
            initialUrl={pending?.type === "link" ? pending.data : ""}
            onFallback={(url) => {
              setPrefillLink((p) => ({ url, nonce: (p?.nonce ?? 0) + 1 }));
              setTab("custom");
            }}
          />
        </TabsContent>
        <TabsContent value="custom" forceMount className="data-[state=inactive]:hidden">
          <DesignForm design={editId ? edited.data : undefined} pendingFileName={pending?.type === "file" ? pending.data : undefined} prefillLink={prefillLink} useEstimate={useDesignEstimatePreview} />
        </TabsContent>
      </Tabs>
    </div>
  );
}

function FormSkeleton() {
  return (
    <div className="flex flex-col gap-6" aria-busy="true" aria-label="Loading design">
      {[0, 1, 2].map((i) => (
        <div key={i} className="flex flex-col gap-4 rounded-[var(--radius-card)] border border-border bg-surface p-6 sm:p-8">
          <Skeleton className="h-7 w-40" />
          <Skeleton className="h-11 w-full" />
          <div className="grid gap-4 sm:grid-cols-2">
            <Skeleton className="h-11" />
            <Skeleton className="h-11" />
          </div>
        </div>
      ))}
    </div>
  );
}
