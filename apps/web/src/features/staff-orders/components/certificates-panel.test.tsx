import type { Certificate } from "@atelier/contract";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { stubXhr } from "@/test/fake-xhr";
import { renderRoutes, sentBody, stubBrowserApis, stubFetch } from "@/test/render";
import { makeOrder } from "../testing/fixtures";
import { checkCertificateFile, stoneChoices } from "./certificates-panel";
import { WorkbenchScreen } from "./workbench-screen";

const pdf = (name = "gia.pdf", size = 2000) => new File([new Uint8Array(size)], name, { type: "application/pdf" });

const certificate: Certificate = {
  id: "c1",
  order_id: "o1",
  type: "gia",
  lab: "GIA",
  number: "2141438171",
  issued_on: "2026-11-18",
  stone: "1 × Diamond 0.50 ct G VS1",
  verify_url: "https://www.gia.edu/report-check?reportno=2141438171",
  file: { file_name: "gia.pdf", content_type: "application/pdf", size: 2000, url: "/api/files/x.pdf?sig=1" },
  created_at: "2026-11-20T10:00:00Z",
};

const renderWorkbench = () =>
  renderRoutes([{ path: "/staff/orders/:orderId", element: <WorkbenchScreen orderId="o1" /> }], "/staff/orders/o1");

describe("Certificates panel", () => {
  beforeEach(() => {
    localStorage.setItem("authToken", "tok");
    stubBrowserApis();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("attaches a certificate: the fields as JSON and the file, in one multipart request", async () => {
    const requests = stubXhr();
    stubFetch((url) => (url.endsWith("/api/orders/o1/") ? { status: 200, body: makeOrder({ status: "quality_check" }) } : { status: 404 }));
    renderWorkbench();
    const panel = await screen.findByTestId("certificates-panel");
    expect(within(panel).getByText(/No certificates yet/)).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole("button", { name: "Attach" }));
    const dialog = await screen.findByRole("dialog", { name: "Attach a certificate" });
    await userEvent.type(within(dialog).getByLabelText(/Number/), "2141 438 171");
    const issued = within(dialog).getByLabelText(/Issued on/);
    await userEvent.clear(issued);
    await userEvent.type(issued, "2026-11-18");
    await userEvent.type(within(dialog).getByLabelText(/Covers/), "Centre diamond");
    await userEvent.upload(within(dialog).getByLabelText(/Choose the certificate file/), pdf());
    expect(within(dialog).getByText("gia.pdf")).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "Attach certificate" }));

    await waitFor(() => expect(requests).toHaveLength(1));
    const xhr = requests[0]!;
    expect(xhr.url).toBe("/api/staff/orders/o1/certificates/");
    expect(JSON.parse(xhr.body!.get("data") as string)).toEqual({
      type: "gia",
      number: "2141 438 171",
      lab: "",
      issued_on: "2026-11-18",
      stone: "Centre diamond",
    });
    expect((xhr.body!.get("file") as File).name).toBe("gia.pdf");
    act(() => xhr.respond(201, certificate));
    expect(await screen.findByText("Certificate attached")).toBeInTheDocument();
  });

  it("shows the server's refusals on their fields: a number already used (409) and a file that is not a certificate", async () => {
    const requests = stubXhr();
    stubFetch((url) => (url.endsWith("/api/orders/o1/") ? { status: 200, body: makeOrder({ status: "quality_check" }) } : { status: 404 }));
    renderWorkbench();
    const panel = await screen.findByTestId("certificates-panel");
    await userEvent.click(within(panel).getByRole("button", { name: "Attach" }));
    const dialog = await screen.findByRole("dialog", { name: "Attach a certificate" });

    // Nothing sent without a number or a file.
    await userEvent.click(within(dialog).getByRole("button", { name: "Attach certificate" }));
    expect(await within(dialog).findByText("This field is required.")).toBeInTheDocument();
    expect(within(dialog).getByText("Attach the certificate as a PDF or an image.")).toBeInTheDocument();
    expect(requests).toHaveLength(0);

    await userEvent.upload(
      within(dialog).getByLabelText(/Choose the certificate file/),
      new File(["x"], "notes.txt", { type: "text/plain" }),
      {
        applyAccept: false,
      },
    );
    expect(within(dialog).getByText("“notes.txt” is not a PDF or an image (JPEG, PNG or WebP).")).toBeInTheDocument();

    await userEvent.type(within(dialog).getByLabelText(/Number/), "2141438171");
    await userEvent.upload(within(dialog).getByLabelText(/Choose the certificate file/), pdf());
    await userEvent.click(within(dialog).getByRole("button", { name: "Attach certificate" }));
    await waitFor(() => expect(requests).toHaveLength(1));
    act(() =>
      requests[0]!.respond(409, {
        number: ["GIA 2141438171 is already attached to order JW-2026-000001. A certificate belongs to one order."],
      }),
    );
    expect(await within(dialog).findByText(/already attached to order JW-2026-000001/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Number/)).toHaveAttribute("aria-invalid", "true");
  });

  it("lists certificates and removes one after confirmation", async () => {
    const calls = stubFetch((url, init) => {
      if (init.method === "DELETE") return { status: 204 };
      return url.endsWith("/api/orders/o1/")
        ? { status: 200, body: makeOrder({ status: "quality_check", certificates: [certificate] }) }
        : { status: 404 };
    });
    renderWorkbench();
    const panel = await screen.findByTestId("certificates-panel");
    expect(within(panel).getByText("2141438171")).toBeInTheDocument();
    expect(within(panel).getByRole("link", { name: /Lab check/ })).toHaveAttribute("href", certificate.verify_url);
    await userEvent.click(within(panel).getByRole("button", { name: "Remove GIA certificate 2141438171" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Remove this certificate?" });
    await userEvent.click(within(confirm).getByRole("button", { name: "Remove certificate" }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith("/api/staff/certificates/c1/") && c.init.method === "DELETE")).toBe(true));
    expect(await screen.findByText("Certificate removed")).toBeInTheDocument();
  });

  it("edits a certificate's details without its file", async () => {
    const calls = stubFetch((url, init) => {
      if (init.method === "PATCH") return { status: 200, body: { ...certificate, stone: "Side stones" } };
      return url.endsWith("/api/orders/o1/")
        ? { status: 200, body: makeOrder({ status: "quality_check", certificates: [certificate] }) }
        : { status: 404 };
    });
    renderWorkbench();
    const panel = await screen.findByTestId("certificates-panel");
    await userEvent.click(within(panel).getByRole("button", { name: "Edit GIA certificate 2141438171" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit the certificate" });
    expect(within(dialog).queryByLabelText(/Choose the certificate file/)).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Number/)).toHaveValue("2141438171");
    const covers = within(dialog).getByLabelText(/Covers/);
    await userEvent.clear(covers);
    await userEvent.type(covers, "Side stones");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(calls.some((c) => c.init.method === "PATCH")).toBe(true));
    const patch = calls.find((c) => c.init.method === "PATCH")!;
    expect(patch.url).toMatch(/\/api\/staff\/certificates\/c1\/$/);
    expect(sentBody(patch)).toEqual({ type: "gia", number: "2141438171", lab: "GIA", issued_on: "2026-11-18", stone: "Side stones" });
    expect(await screen.findByText("Certificate updated")).toBeInTheDocument();
  });

  it("checks a file's type and size before sending, and offers the design's stones", () => {
    expect(checkCertificateFile(pdf())).toBeNull();
    expect(checkCertificateFile(new File(["x"], "scan.JPG", { type: "" }))).toBeNull();
    expect(checkCertificateFile(pdf("big.pdf", 10 * 1024 * 1024 + 1))).toBe("“big.pdf” is larger than 10 MB.");
    expect(checkCertificateFile(pdf("empty.pdf", 0))).toBe("“empty.pdf” is empty.");
    expect(stoneChoices("1 × Diamond 0.50 ct; 12 × Sapphire\n")).toEqual(["1 × Diamond 0.50 ct", "12 × Sapphire"]);
  });
});
