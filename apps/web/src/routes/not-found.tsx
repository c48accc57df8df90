import { Link } from "react-router";
import { buttonVariants } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { useDocumentTitle } from "@/lib/use-document-title";

export function NotFoundPage() {
  useDocumentTitle("Page not found");
  return (
    // Rendered inside a layout's <main> (public site, dashboard) or the error page's.
    <div className="flex min-h-[70dvh] flex-col items-center justify-center gap-5 px-6 py-24 text-center">
      <p className="eyebrow">Error 404</p>
      <h1 className="text-5xl">Page not found</h1>
      <p className="max-w-md text-muted">The page you are looking for does not exist or has moved.</p>
      <Link to={paths.home.getHref()} className={buttonVariants({ size: "lg" })}>
        Back to home
      </Link>
    </div>
  );
}

export default NotFoundPage;
