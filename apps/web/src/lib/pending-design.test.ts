import { describe, expect, it } from "vitest";
import { normaliseProductLink, takePendingLinkFromUrl } from "./pending-design";

describe("normaliseProductLink", () => {
  it("keeps full links, adds https:// to bare addresses and refuses the rest", () => {
    expect(normaliseProductLink(" https://shop.example.com/ring-1?size=6 ")).toBe("https://shop.example.com/ring-1?size=6");
    expect(normaliseProductLink("www.example.com/rings/halo")).toBe("https://www.example.com/rings/halo");
    expect(normaliseProductLink("http://example.com/a")).toBe("http://example.com/a");
    expect(normaliseProductLink("not a link")).toBeNull();
    expect(normaliseProductLink("ftp://example.com/file")).toBeNull();
    expect(normaliseProductLink("localhost")).toBeNull();
  });
});

describe("takePendingLinkFromUrl", () => {
  it("keeps the link of /signup?link=... as the pending design, as the quote dialog does", () => {
    expect(takePendingLinkFromUrl({ search: "?link=www.example.com%2Frings%2Fhalo%3Fsize%3D6" })).toEqual({
      stored: true,
      signedIn: false,
    });
    expect(JSON.parse(sessionStorage.getItem("pendingDesign") ?? "null")).toEqual({
      type: "link",
      data: "https://www.example.com/rings/halo?size=6",
    });
  });

  it("says when the visitor is already signed in", () => {
    localStorage.setItem("authToken", "abc");
    expect(takePendingLinkFromUrl({ search: "?link=https%3A%2F%2Fshop.example.com%2Fp%2F1" })).toEqual({ stored: true, signedIn: true });
  });

  it("stores nothing without a link or for something that is not a web address", () => {
    expect(takePendingLinkFromUrl({ search: "" })).toEqual({ stored: false, signedIn: false });
    expect(takePendingLinkFromUrl({ search: "?link=javascript%3Aalert(1)" })).toEqual({ stored: false, signedIn: false });
    expect(sessionStorage.getItem("pendingDesign")).toBeNull();
  });
});
