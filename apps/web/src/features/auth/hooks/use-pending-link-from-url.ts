import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { paths } from "@/config/paths";
import { PRODUCT_LINK_PARAM, takePendingLinkFromUrl } from "@/lib/pending-design";

/**
 * /signup?link=...: the quote form sent by the browser itself (clicked before the public page
 * was hydrated, or without JavaScript). The link becomes the pending design, exactly as the
 * quote dialog stores it, and leaves the address; a customer who is already signed in goes to
 * the dashboard, which recovers it and opens New design.
 */
export function usePendingLinkFromUrl(): void {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (!new URLSearchParams(location.search).has(PRODUCT_LINK_PARAM)) return;
    const { signedIn } = takePendingLinkFromUrl(location);
    void navigate(signedIn ? paths.dashboard.root.getHref() : { pathname: location.pathname, hash: location.hash }, { replace: true });
  }, [location, navigate]);
}
