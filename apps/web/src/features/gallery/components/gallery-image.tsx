import type { GalleryPost } from "@atelier/contract";
import { ResponsiveImage, shippedImage } from "@/components/ui/responsive-image";

const WIDTHS = [320, 640] as const;

/** A post's picture: responsive when it is one of the shipped images, plain otherwise. */
export function GalleryImage({ post, sizes, className }: { post: GalleryPost; sizes: string; className?: string }) {
  const alt = `A piece made for ${post.customer_name}`;
  const shipped = shippedImage(post.image, WIDTHS);
  if (shipped) return <ResponsiveImage {...shipped} sizes={sizes} width={640} height={640} alt={alt} className={className} />;
  return <img src={post.image} width={640} height={640} alt={alt} loading="lazy" decoding="async" className={className} />;
}
