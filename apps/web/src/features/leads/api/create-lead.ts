import type { Lead, LeadRequest } from "@atelier/contract";
import { api } from "@/lib/api-client";

/** POST /api/leads/ (public): the contact page's and the landing page's enquiry forms. */
export function createLead(body: LeadRequest): Promise<Lead> {
  return api<Lead>("/leads/", { method: "POST", body, anonymous: true });
}
