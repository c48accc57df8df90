import type { InvoiceExportQuery } from "@atelier/contract";
import { useMutation } from "@tanstack/react-query";
import { apiBlob, saveBlob } from "@/lib/api-client";

/** GET /api/staff/invoices/export.csv?from=&to= (admins), saved by the browser; answers the file's name. */
export async function exportInvoices({ from, to }: InvoiceExportQuery): Promise<string> {
  const { blob, filename } = await apiBlob(`/staff/invoices/export.csv?${new URLSearchParams({ from, to }).toString()}`);
  const name = filename ?? `invoices-${from}-to-${to}.csv`;
  saveBlob(blob, name);
  return name;
}

export function useExportInvoices() {
  return useMutation({ mutationFn: exportInvoices });
}
