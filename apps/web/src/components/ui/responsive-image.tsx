import type { ComponentProps } from "react";

/**
 * An image the build ships at several widths (`<base>-<width>.webp`): the browser picks the
 * width it needs. Width and height are the intrinsic ratio, so nothing shifts while loading;
 * below-the-fold images load lazily, the page's main image with high priority.
 */
export function ResponsiveImage({
  base,
  widths,
  sizes,
  width,
  height,
  alt,
  priority = false,
  ...props
}: Omit<ComponentProps<"img">, "src" | "srcSet" | "width" | "height"> & {
  base: string;
  widths: readonly number[];
  sizes: string;
  width: number;
  height: number;
  alt: string;
  priority?: boolean;
}) {
  const largest = widths[widths.length - 1] ?? width;
  return (
    <img
      src={`${base}-${largest}.webp`}
      srcSet={widths.map((w) => `${base}-${w}.webp ${w}w`).join(", ")}
      sizes={sizes}
      width={width}
      height={height}
      alt={alt}
      loading={priority ? "eager" : "lazy"}
      decoding={priority ? undefined : "async"}
      fetchPriority={priority ? "high" : "auto"}
      {...props}
    />
  );
}

/** For a URL of a shipped image (`/images/...-640.webp`), the base and widths; otherwise null. */
export function shippedImage(url: string, widths: readonly number[]): { base: string; widths: readonly number[] } | null {
  const m = /^(\/images\/[\w/-]+)-(\d+)\.webp$/.exec(url);
  return m?.[1] ? { base: m[1], widths } : null;
}
