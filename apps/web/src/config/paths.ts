/** Every web route, defined once; links use `getHref`. */
export const paths = {
  home: { path: "/", getHref: () => "/" },
  howItWorks: { path: "/how-it-works", getHref: () => "/how-it-works" },
  gallery: { path: "/gallery", getHref: () => "/gallery" },
  contact: { path: "/contact", getHref: () => "/contact" },
  faq: { path: "/faq", getHref: () => "/faq" },
  privacy: { path: "/privacy", getHref: () => "/privacy" },
  terms: { path: "/terms", getHref: () => "/terms" },
  /** The quote dialog as a page: where 'Share Jewelry Link' leads before the page is hydrated. */
  quote: { path: "/quote", getHref: () => "/quote" },
  /** An e-mail's one-click unsubscribe link (signed token; no sign-in). */
  unsubscribe: { path: "/unsubscribe", getHref: (token: string) => `/unsubscribe?token=${encodeURIComponent(token)}` },
  login: { path: "/login", getHref: () => "/login" },
  signup: { path: "/signup", getHref: () => "/signup" },
  forgotPassword: { path: "/forgot-password", getHref: () => "/forgot-password" },
  resetPassword: {
    path: "/reset-password/:uid?/:token?",
    getHref: (uid: string, token: string) => `/reset-password/${encodeURIComponent(uid)}/${encodeURIComponent(token)}`,
  },
  dashboard: {
    root: { path: "/dashboard", getHref: () => "/dashboard" },
    newDesign: { path: "/dashboard/new-design", getHref: () => "/dashboard/new-design" },
    designs: { path: "/dashboard/designs", getHref: () => "/dashboard/designs" },
    design: { path: "/dashboard/designs/:designId", getHref: (id: string) => `/dashboard/designs/${id}` },
    uploadHistory: { path: "/dashboard/upload-history", getHref: () => "/dashboard/upload-history" },
    quotes: { path: "/dashboard/quotes", getHref: () => "/dashboard/quotes" },
    quote: { path: "/dashboard/quotes/:quoteId", getHref: (id: string) => `/dashboard/quotes/${id}` },
    messages: { path: "/dashboard/messages", getHref: () => "/dashboard/messages" },
    /** With an order id, the new message is about that order (its conversation), chosen already. */
    messageNew: {
      path: "/dashboard/messages/new",
      getHref: (orderId?: string) => (orderId ? `/dashboard/messages/new?order=${encodeURIComponent(orderId)}` : "/dashboard/messages/new"),
    },
    message: { path: "/dashboard/messages/:conversationId", getHref: (id: string) => `/dashboard/messages/${id}` },
    orders: { path: "/dashboard/orders", getHref: () => "/dashboard/orders" },
    order: { path: "/dashboard/orders/:orderId", getHref: (id: string) => `/dashboard/orders/${id}` },
    profile: { path: "/dashboard/profile", getHref: () => "/dashboard/profile" },
    support: { path: "/dashboard/support", getHref: () => "/dashboard/support" },
    settings: { path: "/dashboard/settings", getHref: () => "/dashboard/settings" },
    notifications: { path: "/dashboard/notifications", getHref: () => "/dashboard/notifications" },
    search: { path: "/dashboard/search", getHref: (q: string) => `/dashboard/search?q=${encodeURIComponent(q)}` },
  },
  /** The staff console (staff and admins; Pricing, People, Audit and Jobs for admins only). */
  staff: {
    root: { path: "/staff", getHref: () => "/staff" },
    order: { path: "/staff/orders/:orderId", getHref: (id: string) => `/staff/orders/${id}` },
    leads: { path: "/staff/leads", getHref: () => "/staff/leads" },
    messages: { path: "/staff/messages", getHref: () => "/staff/messages" },
    message: { path: "/staff/messages/:conversationId", getHref: (id: string) => `/staff/messages/${id}` },
    gallery: { path: "/staff/gallery", getHref: () => "/staff/gallery" },
    pricing: { path: "/staff/pricing", getHref: () => "/staff/pricing" },
    people: { path: "/staff/people", getHref: () => "/staff/people" },
    audit: { path: "/staff/audit", getHref: () => "/staff/audit" },
    jobs: { path: "/staff/jobs", getHref: () => "/staff/jobs" },
    invoices: { path: "/staff/invoices", getHref: () => "/staff/invoices" },
    search: { path: "/staff/search", getHref: (q: string) => `/staff/search?q=${encodeURIComponent(q)}` },
  },
} as const;
