import { Outlet, useLocation } from "react-router";
import { PublicFrame } from "@/features/marketing/components/public-frame";

/**
 * The public pages inside the single-page app (reached by client-side navigation, and the
 * 404 page). Visitors normally get these pages prerendered (src/entry-public.tsx), in the
 * same frame.
 */
export default function PublicLayout() {
  const { pathname } = useLocation();
  return (
    <PublicFrame pathname={pathname}>
      <Outlet />
    </PublicFrame>
  );
}
