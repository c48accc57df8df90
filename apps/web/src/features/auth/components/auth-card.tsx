import type { ReactNode } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

export function AuthCard({ title, description, children, footer }: { title: string; description?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <Card className="animate-slide-in-up">
      <CardHeader className="items-center px-6 pt-10 text-center sm:px-10">
        <CardTitle className="text-4xl">{title}</CardTitle>
        {description && <CardDescription className="text-base">{description}</CardDescription>}
      </CardHeader>
      <CardContent className="px-6 pb-8 sm:px-10">{children}</CardContent>
      {footer && <div className="border-t border-border px-6 py-5 text-center text-sm text-muted sm:px-10">{footer}</div>}
    </Card>
  );
}
