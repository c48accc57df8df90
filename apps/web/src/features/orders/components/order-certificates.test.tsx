import type { Certificate } from "@atelier/contract";
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { OrderCertificates } from "./order-certificates";

const cert = (overrides: Partial<Certificate> = {}): Certificate => ({
  id: "c1",
  order_id: "o1",
  type: "gia",
  lab: "GIA",
  number: "2141438171",
  issued_on: "2026-11-18",
  stone: "Centre diamond 0.50 ct",
  verify_url: "https://www.gia.edu/report-check?reportno=2141438171",
  file: { file_name: "gia.pdf", content_type: "application/pdf", size: 120_000, url: "/api/files/users/u/certificates/x.pdf?exp=1&sig=s" },
  created_at: "2026-11-20T10:00:00Z",
  ...overrides,
});

describe("OrderCertificates", () => {
  it("shows each certificate with its lab, number, date, stone, file and the lab's verify link", () => {
    render(
      <OrderCertificates
        certificates={[cert(), cert({ id: "c2", type: "hallmark", lab: "BIS AHC Mumbai", number: "AB12CD", stone: "", verify_url: null })]}
      />,
    );
    const items = within(screen.getByRole("list", { name: "Certificates" })).getAllByRole("listitem");
    expect(items).toHaveLength(2);
    const gia = within(items[0]!);
    expect(gia.getByText("GIA", { selector: "span" })).toBeInTheDocument();
    expect(gia.getByText("2141438171")).toBeInTheDocument();
    expect(items[0]!.querySelector('time[datetime="2026-11-18"]')).toHaveTextContent(/2026/);
    expect(gia.getByText("Centre diamond 0.50 ct")).toBeInTheDocument();
    expect(gia.getByRole("link", { name: /View certificate/ })).toHaveAttribute("href", cert().file.url);
    const verify = gia.getByRole("link", { name: /Verify at GIA/ });
    expect(verify).toHaveAttribute("href", "https://www.gia.edu/report-check?reportno=2141438171");
    expect(verify).toHaveAttribute("rel", "noopener noreferrer");

    const hallmark = within(items[1]!);
    expect(hallmark.getByText("The whole piece")).toBeInTheDocument();
    expect(hallmark.getByText("BIS AHC Mumbai")).toBeInTheDocument();
    expect(hallmark.queryByRole("link", { name: /Verify/ })).not.toBeInTheDocument();
  });

  it("says when there are none yet", () => {
    render(<OrderCertificates certificates={[]} />);
    expect(screen.getByText(/No certificates yet/)).toBeInTheDocument();
  });
});
