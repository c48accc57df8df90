import type { StaffGalleryPost } from "@atelier/contract";

export function makePost(overrides: Partial<StaffGalleryPost> = {}): StaffGalleryPost {
  return {
    id: "11111111-1111-4111-8111-111111111111",
    image: "/files/gallery/p1.webp",
    customer_name: "Priya N.",
    customer_quote: "The ring is exactly what I drew.",
    date: "2026-01-15",
    position: 0,
    published: true,
    created_at: "2026-01-20T10:00:00.000Z",
    ...overrides,
  };
}

export const posts: StaffGalleryPost[] = [
  makePost(),
  makePost({
    id: "22222222-2222-4222-8222-222222222222",
    image: "/images/gallery/halo.jpg",
    customer_name: "Arjun Mehta",
    customer_quote: "Her halo pendant arrived a week early.",
    date: "2025-12-02",
    position: 1,
  }),
  makePost({
    id: "33333333-3333-4333-8333-333333333333",
    image: "/images/gallery/studs.jpg",
    customer_name: "Sara K.",
    customer_quote: "Simple studs, perfectly made.",
    date: "2025-11-20",
    position: 2,
    published: false,
  }),
];

/** A small file of the given type (its content is never read in tests). */
export const imageFile = (name = "piece.jpg", type = "image/jpeg", bytes = 2048) => new File([new Uint8Array(bytes)], name, { type });
