import type { LeadSource } from "./leads.ts";

/*
 * The lead forms also work as plain HTML forms (before the page's script has run, or without
 * it): they post here, and the answer is a 303 back to the form's page with one of the
 * fragments below, which the page shows as a notice (CSS :target, no script needed).
 * No zod in this file: the prerendered public pages import it (subpath "@atelier/contract/lead-form")
 * and their JavaScript has a budget.
 */
export const LEAD_FORM_ACTION = "/api/leads/form/";
export const LEAD_SOURCE_PAGES: Record<LeadSource, string> = { contact: "/contact", home: "/" };
export const LEAD_FORM_RESULTS = { sent: "lead-sent", notSent: "lead-not-sent", throttled: "lead-throttled" } as const;
export type LeadFormResult = (typeof LEAD_FORM_RESULTS)[keyof typeof LEAD_FORM_RESULTS];

/**
 * The phone check of leadRequestSchema as an <input pattern>, so the browser refuses what the
 * server would before the form is posted. Browsers compile it with the `v` flag, which wants
 * the punctuation in the class escaped.
 */
export const PHONE_INPUT_PATTERN = String.raw`\+?[0-9 \(\)\.\/\-]{6,}`;
