import { describe, expect, it } from "vitest";
import { designLinks } from "./design-links";

describe("design links", () => {
  it("finds each http(s) address once, without the sentence's punctuation", () => {
    const text =
      "Like this one (https://www.pinterest.com/pin/123/), or https://shop.example.com/ring?id=7. Again: https://www.pinterest.com/pin/123/";
    expect(designLinks(text)).toEqual([
      { href: "https://www.pinterest.com/pin/123/", label: "pinterest.com/pin/123/" },
      { href: "https://shop.example.com/ring?id=7", label: "shop.example.com/ring?id=7" },
    ]);
  });

  it("takes addresses pasted without a scheme, and keeps a bracket the address itself opened", () => {
    const text = "Seen at www.etsy.com/listing/42/halo-ring; see also (https://en.wikipedia.org/wiki/Halo_(jewellery)).";
    expect(designLinks(text)).toEqual([
      { href: "https://www.etsy.com/listing/42/halo-ring", label: "etsy.com/listing/42/halo-ring" },
      { href: "https://en.wikipedia.org/wiki/Halo_(jewellery)", label: "en.wikipedia.org/wiki/Halo_(jewellery)" },
    ]);
  });

  it("ignores other schemes and plain text", () => {
    expect(designLinks("javascript:alert(1) ftp://x.example.com a ring with a halo")).toEqual([]);
  });
});
