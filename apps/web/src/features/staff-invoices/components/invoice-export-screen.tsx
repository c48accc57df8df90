import { zodResolver } from "@hookform/resolvers/zod";
import { invoiceExportQuerySchema, type InvoiceExportQuery } from "@atelier/contract";
import { FileSpreadsheet } from "lucide-react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field, fieldAria } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { errorMessage } from "@/lib/api-client";
import { useExportInvoices } from "../api/export-invoices";

const resolver = zodResolver(invoiceExportQuerySchema);

/** Today in India's calendar (invoices are dated there): "2026-11-26". */
export function indianToday(now = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata", year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

/** The first day of the financial year (April to March) that holds `day`: "2026-04-01". */
export function financialYearStart(day: string): string {
  const [y = "0", m = "0"] = day.split("-");
  const year = Number(m) >= 4 ? Number(y) : Number(y) - 1;
  return `${year}-04-01`;
}

const COLUMNS = [
  "number",
  "type",
  "kind",
  "date",
  "financial year",
  "order",
  "buyer and e-mail",
  "place of supply",
  "seller GSTIN and state",
  "credited invoice",
  "taxable value",
  "CGST",
  "SGST",
  "IGST",
  "other tax",
  "total",
  "currency",
];

/** /staff/invoices (admins): the CSV of invoices and credit notes of a date range, for the accountant. */
export function InvoiceExportScreen({ now }: { now?: Date } = {}) {
  const today = indianToday(now);
  const exportCsv = useExportInvoices();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<InvoiceExportQuery>({ resolver, defaultValues: { from: financialYearStart(today), to: today } });

  const onSubmit = (query: InvoiceExportQuery) =>
    exportCsv.mutate(query, {
      onSuccess: (name) => toast({ title: "Invoices exported", description: `${name} has been downloaded.` }),
      onError: (err) =>
        toast({
          variant: "destructive",
          title: "Error",
          description: errorMessage(err, "The invoices could not be exported. Please try again."),
        }),
    });

  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-2">
        <p className="eyebrow">Administration</p>
        <h1 className="text-4xl sm:text-5xl">Invoices</h1>
        <p className="max-w-2xl text-muted">
          Every tax invoice and credit note is issued by itself when a payment is received or a refund goes through, and can never be
          edited. Export those of a period as a spreadsheet for your accountant.
        </p>
      </div>

      <Card className="flex max-w-2xl flex-col gap-6 p-5 sm:p-7">
        <section aria-labelledby="invoice-export-title" className="flex flex-col gap-6">
          <div className="flex gap-3">
            <FileSpreadsheet className="mt-1 size-5 shrink-0 text-accent" aria-hidden />
            <div>
              <h2 id="invoice-export-title" className="text-2xl">
                Export to CSV
              </h2>
              <p className="mt-1 text-sm text-muted">
                Documents dated from the first day to the last, both included, by India&apos;s calendar (the date printed on each document).
              </p>
            </div>
          </div>
          <form onSubmit={(e) => void handleSubmit(onSubmit)(e)} noValidate className="flex flex-col gap-5" aria-label="Export invoices">
            <div className="grid gap-4 sm:grid-cols-2">
              <Field id="export-from" label="From" required error={errors.from?.message}>
                <Input id="export-from" type="date" required {...fieldAria("export-from", errors.from?.message)} {...register("from")} />
              </Field>
              <Field id="export-to" label="To" required error={errors.to?.message}>
                <Input id="export-to" type="date" required {...fieldAria("export-to", errors.to?.message)} {...register("to")} />
              </Field>
            </div>
            <Button type="submit" className="self-start" loading={exportCsv.isPending}>
              {exportCsv.isPending ? "Exporting…" : "Export CSV"}
            </Button>
          </form>
          <p className="text-xs text-muted">
            Columns: {COLUMNS.join(", ")}. Credit notes carry positive amounts and the invoice they credit; a period with no documents gives
            a file with the header row only.
          </p>
        </section>
      </Card>
    </div>
  );
}
