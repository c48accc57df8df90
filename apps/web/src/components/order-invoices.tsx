import { taxDocumentListSchema, type TaxDocument } from "@atelier/contract";
import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { Download, ReceiptText } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { ErrorState } from "@/components/ui/states";
import { toast } from "@/components/ui/use-toast";
import { api, apiBlob, errorMessage, saveBlob } from "@/lib/api-client";
import { formatAmount, formatDay } from "@/lib/format";

/**
 * GET /api/orders/{id}/invoices/. Its key sits under the order's (`orders`, `detail`, id), so every
 * refresh of the order (a live event, a staff action, a payment) refreshes its invoices too.
 */
export const orderInvoicesQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: ["orders", "detail", orderId, "invoices"] as const,
    // Parsed: an answer of another shape is an error state, never a broken card.
    queryFn: async () => taxDocumentListSchema.parse(await api<unknown>(`/orders/${encodeURIComponent(orderId)}/invoices/`)),
  });

/** The PDF, fetched with the token (pdf_url is the API's path, "/api/invoices/{id}.pdf"). */
async function downloadInvoice(doc: TaxDocument): Promise<void> {
  const { blob, filename } = await apiBlob(doc.pdf_url.replace(/^\/api/, ""));
  saveBlob(blob, filename ?? `${doc.number.replace(/[^A-Za-z0-9-]+/g, "-")}.pdf`);
}

/**
 * The order's tax invoices and credit notes (number, date, kind, amount, download), on the
 * customer's order page and the staff workbench. A tax invoice is issued for every payment
 * received and a credit note for every refund; the list only reads them.
 */
export function OrderInvoices({ orderId, audience = "customer" }: { orderId: string; audience?: "customer" | "staff" }) {
  const invoices = useQuery(orderInvoicesQueryOptions(orderId));
  const download = useMutation({
    mutationFn: downloadInvoice,
    onError: (err, doc) =>
      toast({
        variant: "destructive",
        title: "Error",
        description: errorMessage(err, `Failed to download ${doc.number}. Please try again.`),
      }),
  });
  const headingId = `order-invoices-${orderId}`;

  return (
    <Card className="flex min-w-0 flex-col gap-5 p-5 sm:p-7">
      <section aria-labelledby={headingId} className="flex flex-col gap-5" data-testid="order-invoices">
        <div className="flex min-w-0 gap-3">
          <ReceiptText className="mt-1 size-5 shrink-0 text-accent" aria-hidden />
          <div className="min-w-0">
            <h2 id={headingId} className="text-2xl">
              Invoices
            </h2>
            <p className="mt-1 text-sm text-muted">
              {audience === "staff"
                ? "Tax invoices issued for this order's payments and credit notes for its refunds."
                : "A tax invoice for each payment we receive, and a credit note for each refund."}
            </p>
          </div>
        </div>

        {invoices.isPending ? (
          <div className="flex flex-col gap-3" aria-busy="true" aria-label="Loading invoices">
            {[0, 1].map((i) => (
              <div key={i} className="flex items-center justify-between gap-4 rounded-md border border-border p-4">
                <div className="flex flex-col gap-2">
                  <Skeleton className="h-4 w-44" />
                  <Skeleton className="h-3 w-28" />
                </div>
                <Skeleton className="h-9 w-28" />
              </div>
            ))}
          </div>
        ) : invoices.isError ? (
          <ErrorState message="The invoices could not be loaded. Please try again." onRetry={() => void invoices.refetch()} />
        ) : invoices.data.results.length === 0 ? (
          <p className="text-sm text-muted">
            {audience === "staff"
              ? "No invoice yet. One is issued when a payment of this order is confirmed or captured."
              : "No invoices yet. Your tax invoice appears here as soon as we receive a payment."}
          </p>
        ) : (
          <ul className="flex flex-col divide-y divide-border rounded-md border border-border" aria-label="Invoices and credit notes">
            {invoices.data.results.map((doc) => (
              <li key={doc.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
                <div className="flex min-w-0 flex-col gap-1.5">
                  <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                    <span className="break-all font-mono text-sm font-medium">{doc.number}</span>
                    <Badge tone={doc.kind === "credit_note" ? "garnet" : doc.payment_kind === "balance" ? "green" : "gold"}>
                      {doc.label}
                    </Badge>
                  </div>
                  <p className="text-sm text-muted">
                    <time dateTime={doc.date}>{formatDay(doc.date)}</time>
                    {" · "}
                    <span className="tabular-nums text-foreground">
                      {doc.kind === "credit_note" ? "−" : ""}
                      {formatAmount(doc.total, doc.currency)}
                    </span>
                    {doc.against_number && <> · against {doc.against_number}</>}
                  </p>
                </div>
                <Button
                  variant="secondary"
                  size="sm"
                  className="self-start sm:self-center"
                  loading={download.isPending && download.variables.id === doc.id}
                  aria-label={`Download PDF ${doc.number}`}
                  onClick={() => download.mutate(doc)}
                >
                  {!(download.isPending && download.variables.id === doc.id) && <Download aria-hidden />} Download PDF
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </Card>
  );
}
