import { describe, expect, it } from "vitest";
import { KNOWN_CARRIERS, carrierKey, knownCarrier, trackingLink } from "./carriers.ts";

describe("known carriers and their tracking links", () => {
  it("recognises a carrier however staff typed it", () => {
    expect(carrierKey(" Blue-Dart ")).toBe("bluedart");
    expect(knownCarrier("BlueDart")?.name).toBe("Blue Dart");
    expect(knownCarrier("blue dart")?.name).toBe("Blue Dart");
    expect(knownCarrier("Blue Dart Express")?.name).toBe("Blue Dart");
    expect(knownCarrier("Speed Post")?.name).toBe("India Post");
    expect(knownCarrier("fedex")?.name).toBe("FedEx");
    expect(knownCarrier("D.H.L.")?.name).toBe("DHL");
    expect(knownCarrier("Aramex")).toBeUndefined();
    expect(knownCarrier("  ")).toBeUndefined();
  });

  it("knows the product's carriers, each with an https tracking page", () => {
    expect(KNOWN_CARRIERS.map((c) => c.name)).toEqual(["Blue Dart", "Delhivery", "DTDC", "India Post", "FedEx", "DHL", "UPS", "USPS"]);
    for (const c of KNOWN_CARRIERS) expect(new URL(c.trackingUrl.replace("{number}", "X")).protocol).toBe("https:");
    // No two carriers claim the same spelling.
    const keys = KNOWN_CARRIERS.flatMap((c) => [c.name, ...c.aliases].map(carrierKey));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("puts the tracking number, trimmed and URL-encoded, into the carrier's page", () => {
    expect(trackingLink({ carrier: "BlueDart", tracking_number: " BD77812345IN " })).toEqual({
      carrier: "Blue Dart",
      url: "https://www.bluedart.com/web/guest/trackdartresultthirdparty?trackFor=0&trackNo=BD77812345IN",
      prefilled: true,
    });
    expect(trackingLink({ carrier: "UPS", tracking_number: "1Z 999&x=1/#" })?.url).toBe("https://www.ups.com/track?tracknum=1Z%20999%26x%3D1%2F%23");
    expect(trackingLink({ carrier: "Delhivery", tracking_number: "../admin" })?.url).toBe("https://www.delhivery.com/track/package/..%2Fadmin");
    expect(trackingLink({ carrier: "USPS", tracking_number: "9400 1000" })?.url).toBe("https://tools.usps.com/go/TrackConfirmAction?tLabels=9400%201000");
  });

  it("links a carrier whose page asks for the number itself to that page, and says it is not filled in", () => {
    expect(trackingLink({ carrier: "India Post", tracking_number: "EE123456789IN" })).toEqual({
      carrier: "India Post",
      url: "https://www.indiapost.gov.in/_layouts/15/dop.portal.tracking/trackconsignment.aspx",
      prefilled: false,
    });
  });

  it("has no link for an unknown carrier or a blank number", () => {
    expect(trackingLink({ carrier: "Aramex", tracking_number: "AR1" })).toBeNull();
    expect(trackingLink({ carrier: "FedEx", tracking_number: "  " })).toBeNull();
  });
});
