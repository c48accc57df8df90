import { describe, expect, it } from "vitest";
import { makeProduct } from "../testing/fixtures";
import { linkDesignPayload, metalText, missingInWords, reviewValuesFromProduct, stoneText, toDesignType, toNumber, toQuantity, type ReviewValues } from "@/lib/link-design";

describe("the JSON save of a reviewed product", () => {
  it("builds the spec's payload: metal, stones and budget as text", () => {
    const values = reviewValuesFromProduct(makeProduct());
    expect(linkDesignPayload(values)).toEqual({
      name: "Rose Gold Halo Ring",
      design_type: "ring",
      description: "A halo of pavé diamonds.",
      inspiration_link: "https://shop.example.com/products/halo-ring",
      metal: "18K Rose Gold",
      stones: "2 x Diamond 0.5ct G VS1",
      size: "7",
      style: "",
      setting_type: "",
      design_features: "",
      weight: "3.2 g",
      band_width: "",
      length: "",
      width: "",
      height: "",
      budget: "1299 USD",
      image_urls: ["https://shop.example.com/a.jpg"],
    });
  });

  it("sends at most the first ten photos", () => {
    const urls = Array.from({ length: 14 }, (_, i) => `https://cdn.example.com/${i}.jpg`);
    const payload = linkDesignPayload({ ...reviewValuesFromProduct(makeProduct()), image_urls: urls });
    expect(payload.image_urls).toEqual(urls.slice(0, 10));
  });

  it("converts price, carat and weight to numbers (0 if invalid) and quantity to a whole number (default 1)", () => {
    expect(toNumber("1,299.50")).toBe(1299.5);
    expect(toNumber("abc")).toBe(0);
    expect(toNumber("")).toBe(0);
    expect(toNumber("-4")).toBe(0);
    expect(toQuantity("2.7")).toBe(2);
    expect(toQuantity("")).toBe(1);
    expect(toQuantity("0")).toBe(1);
    expect(toQuantity("many")).toBe(1);

    const base = reviewValuesFromProduct(makeProduct());
    const values: ReviewValues = {
      ...base,
      price: "not a price",
      stones: [
        { ...base.stones[0]!, quantity: "", stone_carat: "zero" },
        { stone_type: "Sapphire", stone_cut: "", stone_carat: "1.25", stone_color: "Blue", stone_clarity: "", position: "", quantity: "3" },
      ],
    };
    const payload = linkDesignPayload(values);
    expect(payload.stones).toBe("1 x Diamond G VS1; 3 x Sapphire 1.25ct Blue");
    expect(payload.budget).toBe("");
  });

  it("writes the metal once, in the usual order", () => {
    expect(metalText({ purity: "18k", metal_color: "rose", metal_type: "gold" })).toBe("18K Rose Gold");
    expect(metalText({ purity: "", metal_color: "Rose", metal_type: "Rose Gold" })).toBe("Rose Gold");
    expect(metalText({ purity: "950", metal_color: "", metal_type: "platinum" })).toBe("950 Platinum");
    expect(metalText({ purity: "", metal_color: "", metal_type: "" })).toBe("");
    expect(stoneText({ stone_type: "", stone_cut: "", stone_carat: "", stone_color: "", stone_clarity: "", position: "", quantity: "1" })).toBe("1 x Stone");
  });

  it("maps extracted jewelry types and NA dimensions", () => {
    expect(toDesignType("Ring")).toBe("ring");
    expect(toDesignType("Nose Pin")).toBe("nose_pin");
    expect(toDesignType("earring")).toBe("earrings");
    expect(toDesignType("Necklaces")).toBe("necklace");
    expect(toDesignType("Brooch")).toBe("other");
    const values = reviewValuesFromProduct(makeProduct());
    expect(values.width).toBe("");
    expect(values.weight).toBe("3.2");
  });

  it("names missing fields in plain words", () => {
    expect(missingInWords(["price", "metal_details.purity", "media.image_urls", "something_new"])).toEqual(["price", "metal purity", "images", "something new"]);
  });
});
