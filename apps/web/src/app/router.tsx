import { createBrowserRouter, type RouteObject } from "react-router";
import { paths } from "@/config/paths";
// Not lazy: the error page already puts NotFoundPage in the main chunk.
import { NotFoundPage } from "@/routes/not-found";
import { ErrorPage } from "./error-page";

/** Lazy route modules export `default` (the screen); only what a page needs is downloaded. */
const page = (load: () => Promise<{ default: React.ComponentType }>): Pick<RouteObject, "lazy"> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

export const routes: RouteObject[] = [
  {
    errorElement: <ErrorPage />,
    children: [
      {
        ...page(() => import("./layouts/auth-layout")),
        children: [
          { path: paths.login.path, ...page(() => import("@/routes/auth/login")) },
          { path: paths.signup.path, ...page(() => import("@/routes/auth/signup")) },
          { path: paths.forgotPassword.path, ...page(() => import("@/routes/auth/forgot-password")) },
          { path: paths.resetPassword.path, ...page(() => import("@/routes/auth/reset-password")) },
        ],
      },
      {
        path: paths.dashboard.root.path,
        ...page(() => import("./layouts/dashboard-layout")),
        children: [
          { index: true, ...page(() => import("@/routes/dashboard/overview")) },
          { path: paths.dashboard.profile.path, ...page(() => import("@/routes/dashboard/profile")) },
          { path: paths.dashboard.newDesign.path, ...page(() => import("@/routes/dashboard/new-design")) },
          { path: paths.dashboard.designs.path, ...page(() => import("@/routes/dashboard/designs")) },
          { path: paths.dashboard.design.path, ...page(() => import("@/routes/dashboard/design-detail")) },
          { path: paths.dashboard.uploadHistory.path, ...page(() => import("@/routes/dashboard/upload-history")) },
          { path: paths.dashboard.orders.path, ...page(() => import("@/routes/dashboard/orders")) },
          { path: paths.dashboard.order.path, ...page(() => import("@/routes/dashboard/order-detail")) },
          { path: paths.dashboard.quotes.path, ...page(() => import("@/routes/dashboard/quotes")) },
          { path: paths.dashboard.quote.path, ...page(() => import("@/routes/dashboard/quote-detail")) },
          { path: paths.dashboard.notifications.path, ...page(() => import("@/routes/dashboard/notifications")) },
          { path: paths.dashboard.messages.path, ...page(() => import("@/routes/dashboard/messages")) },
          { path: paths.dashboard.messageNew.path, ...page(() => import("@/routes/dashboard/message-new")) },
          { path: paths.dashboard.message.path, ...page(() => import("@/routes/dashboard/message-thread")) },
          { path: paths.dashboard.support.path, ...page(() => import("@/routes/dashboard/support")) },
          { path: paths.dashboard.settings.path, ...page(() => import("@/routes/dashboard/settings")) },
          { path: paths.dashboard.search.path, ...page(() => import("@/routes/dashboard/search")) },
          { path: "*", Component: NotFoundPage },
        ],
      },
      {
        path: paths.staff.root.path,
        ...page(() => import("./layouts/staff-layout")),
        children: [
          { index: true, ...page(() => import("@/routes/staff/queue")) },
          { path: paths.staff.order.path, ...page(() => import("@/routes/staff/order")) },
          // staff-admin screens:
          { path: paths.staff.leads.path, ...page(() => import("@/routes/staff/leads")) },
          { path: paths.staff.payments.path, ...page(() => import("@/routes/staff/payments")) },
          { path: paths.staff.messages.path, ...page(() => import("@/routes/staff/messages")) },
          { path: paths.staff.message.path, ...page(() => import("@/routes/staff/message-thread")) },
          { path: paths.staff.people.path, ...page(() => import("@/routes/staff/people")) },
          { path: paths.staff.audit.path, ...page(() => import("@/routes/staff/audit")) },
          { path: paths.staff.jobs.path, ...page(() => import("@/routes/staff/jobs")) },
          { path: paths.staff.invoices.path, ...page(() => import("@/routes/staff/invoices")) },
          { path: paths.staff.gallery.path, ...page(() => import("@/routes/staff/gallery")) },
          { path: paths.staff.pricing.path, ...page(() => import("@/routes/staff/pricing")) },
          { path: paths.staff.search.path, ...page(() => import("@/routes/staff/search")) },
          { path: "*", Component: NotFoundPage },
        ],
      },
      {
        ...page(() => import("./layouts/public-layout")),
        children: [
          { index: true, ...page(() => import("@/routes/public/home")) },
          { path: paths.howItWorks.path, ...page(() => import("@/routes/public/how-it-works")) },
          { path: paths.gallery.path, ...page(() => import("@/routes/public/gallery")) },
          { path: paths.contact.path, ...page(() => import("@/routes/public/contact")) },
          { path: paths.faq.path, ...page(() => import("@/routes/public/faq")) },
          { path: paths.privacy.path, ...page(() => import("@/routes/public/privacy")) },
          { path: paths.terms.path, ...page(() => import("@/routes/public/terms")) },
          { path: paths.quote.path, ...page(() => import("@/routes/public/quote")) },
          { path: paths.unsubscribe.path, ...page(() => import("@/routes/unsubscribe")) },
          { path: "*", Component: NotFoundPage },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
