import type { Role, Tone } from "@atelier/contract";

/** How the console names each role, and what it may do (the invitation's and the role change's wording). */
export const ROLE_INFO: Record<Role, { label: string; plural: string; tone: Tone; description: string }> = {
  customer: {
    label: "Customer",
    plural: "Customers",
    tone: "neutral",
    description: "Their own designs, quotes and orders only; no staff console.",
  },
  staff: {
    label: "Staff",
    plural: "Staff",
    tone: "blue",
    description: "Works the queue, leads and gallery. Cannot save pricing, manage people or read the audit log.",
  },
  admin: {
    label: "Admin",
    plural: "Admins",
    tone: "gold",
    description: "Everything staff can do, and also saves pricing, manages people and reads the audit log.",
  },
};
