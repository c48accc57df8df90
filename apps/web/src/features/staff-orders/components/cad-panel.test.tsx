import type { CadStatus } from "@atelier/contract";
import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderRoutes, stubBrowserApis, stubFetch } from "@/test/render";
import { makeOrder } from "../testing/fixtures";
import { stubXhr } from "@/test/fake-xhr";
import { cadUploadLayout, fileProgress } from "../utils/cad-upload";
import { WorkbenchScreen } from "./workbench-screen";

const png = (name: string, size: number) => new File([new Uint8Array(size)], name, { type: "image/png" });

describe("CAD versions", () => {
  beforeEach(() => {
    localStorage.setItem("authToken", "tok");
    stubBrowserApis();
  });

  it("read the server's status: an older version is Superseded, the approved one Approved", async () => {
    const version = (id: string, n: number, status: CadStatus) => ({
      id,
      version: n,
      image: null,
      images: [],
      model: null,
      description: "",
      is_approved: status === "approved",
      status,
      approved_at: status === "approved" ? new Date().toISOString() : null,
      created_at: new Date().toISOString(),
    });
    stubFetch((url) =>
      url.endsWith("/api/orders/o1/")
        ? {
            status: 200,
            body: makeOrder({ status: "completed", quoted_price: "1240.00", cad_designs: [version("c1", 1, "superseded"), version("c2", 2, "approved")] }),
          }
        : { status: 404 },
    );
    renderRoutes([{ path: "/staff/orders/:orderId", element: <WorkbenchScreen orderId="o1" /> }], "/staff/orders/o1");
    const panel = await screen.findByTestId("cad-panel");
    const [v2, v1] = within(panel).getAllByTestId("cad-version");
    expect(v2).toHaveTextContent("Version 2");
    expect(within(v2!).getByText("Approved")).toBeInTheDocument();
    expect(v1).toHaveTextContent("Version 1");
    expect(within(v1!).getByText("Superseded")).toBeInTheDocument();
    expect(within(panel).queryByText("Not approved")).not.toBeInTheDocument();
  });
});

describe("CAD upload", () => {
  beforeEach(() => {
    localStorage.setItem("authToken", "tok");
    stubBrowserApis();
    URL.createObjectURL = vi.fn(() => "blob:preview");
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("sends renderings, the 3D file and the description in one request, with progress per file", async () => {
    const requests = stubXhr();
    stubFetch((url) =>
      url.endsWith("/api/orders/o1/") ? { status: 200, body: makeOrder({ status: "approved", quoted_price: "1240.00" }) } : { status: 404 },
    );
    renderRoutes([{ path: "/staff/orders/:orderId", element: <WorkbenchScreen orderId="o1" /> }], "/staff/orders/o1");
    const panel = await screen.findByTestId("cad-panel");
    await userEvent.upload(within(panel).getByLabelText(/Choose images/), [png("front.png", 1000), png("side.png", 1000)]);
    await userEvent.upload(
      within(panel).getByLabelText(/Choose a 3D file/),
      new File(["solid ring\nendsolid ring\n"], "ring.stl", { type: "model/stl" }),
    );
    await userEvent.type(within(panel).getByLabelText("Description"), "Version with a thinner band.");
    await userEvent.click(within(panel).getByRole("button", { name: "Upload CAD version" }));

    const xhr = requests[0]!;
    expect(xhr.url).toBe("/api/staff/orders/o1/cad-designs/");
    expect(xhr.body!.getAll("images").map((f) => (f as File).name)).toEqual(["front.png", "side.png"]);
    expect((xhr.body!.get("model") as File).name).toBe("ring.stl");
    expect(xhr.body!.get("description")).toBe("Version with a thinner band.");

    const layout = cadUploadLayout(
      [png("front.png", 1000), png("side.png", 1000)],
      new File(["solid ring\nendsolid ring\n"], "ring.stl", { type: "model/stl" }),
      "Version with a thinner band.",
    );
    // Halfway through the second image: the first is sent, the model not started.
    const second = layout.files[1]!;
    act(() => xhr.progress(second.start + 500, layout.total));
    expect(within(panel).getByText("Uploaded")).toBeInTheDocument();
    expect(within(panel).getByText("Uploading… 50%")).toBeInTheDocument();
    expect(within(panel).getByText("Uploading… 0%")).toBeInTheDocument();

    act(() => xhr.respond(201, { id: "cad1", version: 1 }));
    expect(await screen.findByText("CAD version 1 uploaded")).toBeInTheDocument();
  });

  it("describes the description by the server's refusal of it", async () => {
    const requests = stubXhr();
    stubFetch((url) =>
      url.endsWith("/api/orders/o1/") ? { status: 200, body: makeOrder({ status: "approved", quoted_price: "1240.00" }) } : { status: 404 },
    );
    renderRoutes([{ path: "/staff/orders/:orderId", element: <WorkbenchScreen orderId="o1" /> }], "/staff/orders/o1");
    const panel = await screen.findByTestId("cad-panel");
    const description = within(panel).getByLabelText("Description");
    expect(description).toHaveAccessibleDescription("What changed in this version, for the customer.");
    await userEvent.upload(within(panel).getByLabelText(/Choose images/), [png("front.png", 1000)]);
    await userEvent.type(description, "Thinner band.");
    await userEvent.click(within(panel).getByRole("button", { name: "Upload CAD version" }));
    act(() => requests[0]!.respond(400, { description: ["Ensure this field has no more than 5000 characters."] }));
    expect(await within(panel).findByText("Ensure this field has no more than 5000 characters.")).toBeInTheDocument();
    expect(within(panel).getByLabelText("Description")).toHaveAttribute("aria-invalid", "true");
    expect(within(panel).getByLabelText("Description")).toHaveAccessibleDescription("Ensure this field has no more than 5000 characters.");
  });

  it("refuses a file that is not a 3D model and asks for a rendering", async () => {
    const requests = stubXhr();
    stubFetch((url) => (url.endsWith("/api/orders/o1/") ? { status: 200, body: makeOrder({ status: "cad_design" }) } : { status: 404 }));
    renderRoutes([{ path: "/staff/orders/:orderId", element: <WorkbenchScreen orderId="o1" /> }], "/staff/orders/o1");
    const panel = await screen.findByTestId("cad-panel");
    await userEvent.upload(within(panel).getByLabelText(/Choose a 3D file/), new File(["x"], "notes.txt", { type: "text/plain" }), {
      applyAccept: false,
    });
    expect(within(panel).getByText("“notes.txt” is not an STL, OBJ, GLB, 3DM or STEP file.")).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole("button", { name: "Upload CAD version" }));
    expect(within(panel).getByText("Add at least one rendering.")).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it("splits the request's progress by each file's bytes", () => {
    const layout = cadUploadLayout([png("a.png", 100)], null, "");
    expect(fileProgress(layout, 0)).toEqual([0]);
    expect(fileProgress(layout, 1)).toEqual([1]);
    const mid = (layout.files[0]!.start + 50) / layout.total;
    expect(fileProgress(layout, mid)[0]).toBeCloseTo(0.5, 5);
  });
});
