import type { Certificate, CertificateInput, CertificatePatch } from "@atelier/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, apiUpload } from "@/lib/api-client";
import { invalidateAfterAction } from "./keys";

/** The multipart body of a certificate: `data` (the fields as JSON) and `file`. */
export function buildCertificateFormData(input: CertificateInput, file: File): FormData {
  const form = new FormData();
  form.append("data", JSON.stringify(input));
  form.append("file", file, file.name);
  return form;
}

/** POST /api/staff/orders/{id}/certificates/ (multipart): attaches a certificate with its PDF or image. */
export function useAttachCertificate(orderId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ input, file }: { input: CertificateInput; file: File }) =>
      apiUpload<Certificate>(`/staff/orders/${encodeURIComponent(orderId)}/certificates/`, buildCertificateFormData(input, file)),
    onSuccess: () => invalidateAfterAction(qc, orderId),
  });
}

/** PATCH /api/staff/certificates/{id}/ (JSON): changes the details; the file stays. */
export function useUpdateCertificate(orderId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: CertificatePatch }) =>
      api<Certificate>(`/staff/certificates/${encodeURIComponent(id)}/`, { method: "PATCH", body: input }),
    onSuccess: () => invalidateAfterAction(qc, orderId),
  });
}

/** DELETE /api/staff/certificates/{id}/: removes the certificate and its file. */
export function useRemoveCertificate(orderId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (certificateId: string) => api<null>(`/staff/certificates/${encodeURIComponent(certificateId)}/`, { method: "DELETE" }),
    onSuccess: () => invalidateAfterAction(qc, orderId),
  });
}
