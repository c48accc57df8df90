/**
 * The carriers the atelier ships with, and where a customer follows a parcel on each. Staff type
 * the carrier as free text when they mark an order shipped ("Blue Dart", "BlueDart", "bluedart"),
 * so a carrier is recognised by its name or an alias with case, spaces and punctuation ignored.
 *
 * `trackingUrl` is the carrier's public tracking page; `{number}` in it is replaced by the tracking
 * number, URL-encoded. A carrier whose page takes no number in its address (the customer types it
 * there) has no `{number}`: the link opens the page and the screen says to enter the number.
 */
export interface KnownCarrier {
  /** How the screens name the carrier. */
  name: string;
  /** Other spellings staff may type, compared as carrierKey() compares them. */
  aliases: readonly string[];
  trackingUrl: string;
}

export const NUMBER_PLACEHOLDER = "{number}";

export const KNOWN_CARRIERS: readonly KnownCarrier[] = [
  { name: "Blue Dart", aliases: ["Blue Dart Express"], trackingUrl: "https://www.bluedart.com/web/guest/trackdartresultthirdparty?trackFor=0&trackNo={number}" },
  { name: "Delhivery", aliases: [], trackingUrl: "https://www.delhivery.com/track/package/{number}" },
  { name: "DTDC", aliases: ["DTDC Express", "DTDC Courier"], trackingUrl: "https://www.dtdc.com/track-your-shipment/" },
  { name: "India Post", aliases: ["Speed Post", "India Speed Post"], trackingUrl: "https://www.indiapost.gov.in/_layouts/15/dop.portal.tracking/trackconsignment.aspx" },
  { name: "FedEx", aliases: ["Federal Express", "FedEx Express"], trackingUrl: "https://www.fedex.com/fedextrack/?trknbr={number}" },
  { name: "DHL", aliases: ["DHL Express"], trackingUrl: "https://www.dhl.com/global-en/home/tracking.html?tracking-id={number}&submit=1" },
  { name: "UPS", aliases: ["United Parcel Service"], trackingUrl: "https://www.ups.com/track?tracknum={number}" },
  { name: "USPS", aliases: ["United States Postal Service", "US Postal Service"], trackingUrl: "https://tools.usps.com/go/TrackConfirmAction?tLabels={number}" },
];

/** A carrier's name as compared: lower case, letters and digits only ("Blue-Dart " → "bluedart"). */
export function carrierKey(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, "");
}

const BY_KEY = new Map<string, KnownCarrier>(KNOWN_CARRIERS.flatMap((c) => [c.name, ...c.aliases].map((n) => [carrierKey(n), c] as const)));

/** The known carrier staff meant by what they typed; undefined for a carrier the product does not know. */
export function knownCarrier(carrier: string): KnownCarrier | undefined {
  const key = carrierKey(carrier);
  return key ? BY_KEY.get(key) : undefined;
}

/**
 * Where the customer follows a shipment: the carrier's tracking page with the number in it (encoded),
 * `prefilled` false when the page asks for the number itself. null for an unknown carrier or no number.
 */
export function trackingLink(shipment: { carrier: string; tracking_number: string }): { carrier: string; url: string; prefilled: boolean } | null {
  const carrier = knownCarrier(shipment.carrier);
  const number = shipment.tracking_number.trim();
  if (!carrier || !number) return null;
  const prefilled = carrier.trackingUrl.includes(NUMBER_PLACEHOLDER);
  return { carrier: carrier.name, url: carrier.trackingUrl.replace(NUMBER_PLACEHOLDER, encodeURIComponent(number)), prefilled };
}
