import type { ExtractedProduct } from "@atelier/contract";
import { useQueryClient } from "@tanstack/react-query";
import { Link2, Sparkles } from "lucide-react";
import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Label } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { paths } from "@/config/paths";
import { ApiError } from "@/lib/api-client";
import { authStorage } from "@/lib/auth-storage";
import { useScrapeProduct } from "../api/scrape-product";
import { LinkReviewForm } from "./link-review-form";

/**
 * Share a Link: idle → extracting → extracted (review form) or failed, which hands the link to the
 * custom design form as its inspiration link (spec §4).
 */
export function LinkExtraction({ initialUrl = "", onFallback }: { initialUrl?: string; onFallback: (url: string) => void }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [url, setUrl] = useState(initialUrl);
  const [product, setProduct] = useState<ExtractedProduct | null>(null);
  const scrape = useScrapeProduct();

  function onExtract(e: FormEvent) {
    e.preventDefault();
    const link = url.trim();
    if (!link) {
      toast({ variant: "destructive", title: "Error", description: "Please enter a product link" });
      return;
    }
    scrape.mutate(link, {
      onSuccess: (p) => {
        setProduct(p);
        toast({ title: "Product details extracted successfully! Please review and complete any missing details." });
      },
      onError: (err) => {
        // 401: the API client has cleared the token and the app shows 'Session Expired' and opens /login.
        if (err instanceof ApiError && err.status === 401) return;
        if (err instanceof ApiError && err.status === 403) {
          authStorage.clear();
          qc.clear();
          toast({ variant: "destructive", title: "Authentication Error", description: "Please log in again to continue." });
          void navigate(paths.login.getHref());
          return;
        }
        toast({
          variant: "destructive",
          title: "Unable to Extract Details",
          description: "We couldn't extract the product details from this link. Please fill in the custom design form instead; we've added the link as your inspiration.",
        });
        onFallback(link);
      },
    });
  }

  return (
    <div className="flex flex-col gap-6">
      <Card className="p-5 sm:p-8">
        <form onSubmit={onExtract} noValidate className="flex flex-col gap-5" aria-label="Share a link">
          <div className="flex items-start gap-4">
            <span className="hidden size-11 shrink-0 items-center justify-center rounded-full bg-accent-soft text-accent-hover sm:inline-flex">
              <Link2 className="size-5" aria-hidden />
            </span>
            <div className="flex flex-col gap-1">
              <h2 className="text-2xl">Share a piece you love</h2>
              <p className="text-sm text-muted">Paste the address of a jewelry product from any shop. We read its metal, stones, size and price so you only check and complete the details.</p>
            </div>
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="product-link">Product link</Label>
            <div className="flex flex-col gap-3 sm:flex-row">
              <Input
                id="product-link"
                type="url"
                inputMode="url"
                autoComplete="url"
                placeholder="https://www.example.com/products/diamond-solitaire-ring"
                value={url}
                onChange={(e) => setUrl(e.target.value)}
                disabled={scrape.isPending}
                className="flex-1"
              />
              <Button type="submit" size="lg" loading={scrape.isPending} className="sm:min-w-44">
                {!scrape.isPending && <Sparkles aria-hidden />}
                {scrape.isPending ? "Extracting..." : "Extract Details"}
              </Button>
            </div>
          </div>
          {scrape.isPending && (
            <p role="status" className="text-sm text-muted">
              Reading the product page… this usually takes a few seconds.
            </p>
          )}
        </form>
      </Card>

      {product && (
        <LinkReviewForm
          key={`${product.url}-${scrape.submittedAt}`}
          product={product}
          onStartOver={() => {
            setProduct(null);
            setUrl("");
          }}
        />
      )}
    </div>
  );
}
