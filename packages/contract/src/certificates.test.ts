import { describe, expect, it } from "vitest";
import { certificateInputSchema, certificatePatchSchema, certificateVerifyUrl, normaliseCertificateNumber } from "./certificates.ts";

describe("certificate numbers and verify links", () => {
  it("normalises a number: upper case, letters and digits only", () => {
    expect(normaliseCertificateNumber(" 2141 438-171 ")).toBe("2141438171");
    expect(normaliseCertificateNumber("lg/5123.45")).toBe("LG512345");
  });

  it("builds the lab's report check where it has one, with the number encoded", () => {
    expect(certificateVerifyUrl("gia", "2141 438 171")).toBe("https://www.gia.edu/report-check?reportno=2141438171");
    expect(certificateVerifyUrl("igi", "lg-601234567")).toBe("https://www.igi.org/verify-your-report/?r=LG601234567");
    expect(certificateVerifyUrl("hrd", "210000123456")).toBe("https://my.hrdantwerp.com/?record_number=210000123456");
    expect(certificateVerifyUrl("hallmark", "AB12CD")).toBeNull();
    expect(certificateVerifyUrl("other", "X-1")).toBeNull();
  });
});

describe("certificate input", () => {
  it("takes GIA without a lab, and asks a hallmark for its centre", () => {
    expect(certificateInputSchema.parse({ type: "gia", number: "2141438171", issued_on: "2026-01-10" })).toEqual({
      type: "gia",
      number: "2141438171",
      lab: "",
      issued_on: "2026-01-10",
      stone: "",
    });
    const hallmark = certificateInputSchema.safeParse({ type: "hallmark", number: "AB12CD", issued_on: "2026-01-10" });
    expect(hallmark.success).toBe(false);
    expect(hallmark.error?.issues[0]).toMatchObject({ path: ["lab"], message: "Name the issuing lab or hallmarking centre." });
  });

  it("refuses numbers with other characters, and an empty change", () => {
    const bad = certificateInputSchema.safeParse({ type: "gia", number: "<script>", issued_on: "2026-01-10" });
    expect(bad.error?.issues[0]?.path).toEqual(["number"]);
    expect(certificatePatchSchema.safeParse({}).error?.issues[0]?.message).toBe("Nothing to change.");
    expect(certificatePatchSchema.parse({ stone: " Side stones " })).toEqual({ stone: "Side stones" });
  });
});
