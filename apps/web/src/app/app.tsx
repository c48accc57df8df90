import { QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "react-router";
import { Toaster } from "@/components/ui/toaster";
import { toast } from "@/components/ui/use-toast";
import { paths } from "@/config/paths";
import { setUnauthorizedHandler } from "@/lib/api-client";
import { queryClient } from "@/lib/query-client";
import { router } from "./router";

// Any 401 from a data call: the token is gone (cleared by the client), so back to sign-in.
setUnauthorizedHandler((reason) => {
  if (reason === "missing") {
    toast({ variant: "destructive", title: "Authentication Error", description: "You are not logged in. Please log in to continue." });
  } else {
    toast({ variant: "destructive", title: "Session Expired", description: "Your session has expired. Please log in again." });
  }
  queryClient.clear();
  if (window.location.pathname !== paths.login.getHref()) void router.navigate(paths.login.getHref());
});

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>
  );
}
