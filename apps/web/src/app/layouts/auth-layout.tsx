import { Link, Outlet } from "react-router";
import { paths } from "@/config/paths";
import { BrandMark } from "@/components/brand";

/** The calm frame around sign-in, sign-up and password screens. */
export default function AuthLayout() {
  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <header className="container-page flex h-20 items-center">
        <Link to={paths.home.getHref()} className="rounded-md">
          <BrandMark />
        </Link>
      </header>
      <main id="main" className="flex flex-1 items-start justify-center px-4 pb-16 pt-6 sm:items-center sm:pt-0">
        <div className="w-full max-w-md">
          <Outlet />
        </div>
      </main>
      <footer className="py-6 text-center text-xs text-muted">Certified, handcrafted, made for you.</footer>
    </div>
  );
}
