import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { stubXhr } from "@/test/fake-xhr";
import { makeDesign } from "../testing/fixtures";
import { renderWithProviders, stubBrowserApis, stubFetch } from "../testing/render";
import { DesignForm } from "./design-form";

const png = (name: string, size = 2048) => new File([new Uint8Array(size)], name, { type: "image/png" });

beforeEach(() => {
  stubBrowserApis();
  localStorage.setItem("authToken", "token-1");
});
afterEach(() => vi.unstubAllGlobals());

describe("DesignForm", () => {
  it("requires a name and a description (trimmed) and sends nothing", async () => {
    const calls = stubFetch(() => ({ status: 500 }));
    const requests = stubXhr();
    const user = userEvent.setup();
    renderWithProviders(<DesignForm />, { path: "/dashboard/new-design" });

    await user.type(screen.getByLabelText(/Design Name/), "   ");
    await user.type(screen.getByLabelText(/^Description/), "  ");
    await user.click(screen.getByRole("button", { name: "Submit Design" }));

    expect(await screen.findByText("Design name is required.")).toBeInTheDocument();
    expect(screen.getByText("Design description is required.")).toBeInTheDocument();
    expect(screen.getByLabelText(/Design Name/)).toHaveAttribute("aria-invalid", "true");
    expect(requests).toHaveLength(0);
    expect(calls).toHaveLength(0);
  });

  it("adds and removes stones, keeping the others' values", async () => {
    const user = userEvent.setup();
    renderWithProviders(<DesignForm />, { path: "/dashboard/new-design" });
    expect(screen.getByText(/No stones yet/)).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Add stone" }));
    await user.click(screen.getByRole("button", { name: "Add stone" }));
    expect(screen.getAllByRole("group", { name: /^Stone \d$/ })).toHaveLength(2);
    expect(screen.getByLabelText("Quantity", { selector: "#design-stone-0-quantity" })).toHaveValue(1);

    await user.type(screen.getByLabelText("Stone type", { selector: "#design-stone-1-stone_type" }), "Ruby");
    await user.click(screen.getByRole("button", { name: "Remove stone 1" }));

    const stones = screen.getAllByRole("group", { name: /^Stone \d$/ });
    expect(stones).toHaveLength(1);
    expect(within(stones[0]!).getByLabelText("Stone type")).toHaveValue("Ruby");
    await user.click(screen.getByRole("button", { name: "Remove stone 1" }));
    expect(screen.getByText(/No stones yet/)).toBeInTheDocument();
  });

  it("describes a stone's field by its message", async () => {
    const requests = stubXhr();
    const user = userEvent.setup();
    renderWithProviders(<DesignForm />, { path: "/dashboard/new-design" });
    await user.type(screen.getByLabelText(/Design Name/), "Halo");
    await user.type(screen.getByLabelText(/^Description/), "A halo ring.");
    await user.click(screen.getByRole("button", { name: "Add stone" }));
    const quantity = screen.getByLabelText("Quantity", { selector: "#design-stone-0-quantity" });
    await user.clear(quantity);
    await user.type(quantity, "1.5");
    await user.click(screen.getByRole("button", { name: "Submit Design" }));
    await waitFor(() => expect(quantity).toHaveAccessibleDescription("Quantity must be a whole number."));
    expect(quantity).toHaveAttribute("aria-invalid", "true");
    expect(requests).toHaveLength(0);
  });

  it("uploads the data JSON and the images with a progress bar per file, then opens the design", async () => {
    const requests = stubXhr();
    const user = userEvent.setup();
    const { router } = renderWithProviders(<DesignForm />, { path: "/dashboard/new-design" });

    await user.type(screen.getByLabelText(/Design Name/), "  Garden ring ");
    await user.click(screen.getByRole("radio", { name: "Necklace" }));
    await user.type(screen.getByLabelText(/^Description/), "Leaves around an emerald.");
    await user.selectOptions(screen.getByLabelText("Metal type"), "silver");
    await user.type(screen.getByLabelText("Weight (grams)"), "4.25");
    await user.type(screen.getByLabelText("Chain length"), "18 inches");
    await user.click(screen.getByRole("button", { name: "Add stone" }));
    await user.type(screen.getByLabelText("Stone type"), "Emerald");
    await user.clear(screen.getByLabelText("Quantity"));
    await user.type(screen.getByLabelText("Quantity"), "3");
    await user.type(screen.getByLabelText("Budget range"), "50000");
    await user.upload(screen.getByLabelText(/Choose images/), [png("front.png", 4000), png("side.png", 4000)]);
    expect(screen.getByRole("option", { name: "Sterling Silver" })).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Submit Design" }));
    await waitFor(() => expect(requests).toHaveLength(1));
    const req = requests[0]!;
    expect(req.method).toBe("POST");
    expect(req.url).toBe("/api/designs/");
    expect(req.headers.Authorization).toBe("Token token-1");
    const data = JSON.parse(req.body!.get("data") as string);
    expect(data).toMatchObject({
      name: "Garden ring",
      design_type: "necklace",
      description: "Leaves around an emerald.",
      metal_type: "silver",
      weight: 4.25,
      chain_length: "18 inches",
      budget: 50000,
      currency: "INR",
      stones: [{ stone_type: "Emerald", quantity: 3, stone_cut: "NA", stone_carat: null }],
      remove_image_ids: [],
    });
    expect((req.body!.getAll("images") as File[]).map((f) => f.name)).toEqual(["front.png", "side.png"]);
    expect(screen.getByRole("button", { name: "Submitting..." })).toBeDisabled();

    // Half of the body: the first file is through, the second has not started.
    req.progress(55, 100);
    // The bars appear before the progress reaches them on a slow machine: wait for both.
    await waitFor(() => {
      const bars = screen.getAllByRole("progressbar");
      expect(bars).toHaveLength(2);
      expect(Number(bars[0]!.getAttribute("aria-valuenow"))).toBeGreaterThan(90);
      expect(Number(bars[1]!.getAttribute("aria-valuenow"))).toBeLessThan(20);
    });

    req.respond(201, makeDesign({ id: "d-1", name: "Garden ring" }));
    expect(await screen.findByText("Design submitted successfully!")).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard/designs/d-1"));
  });

  it("puts server field errors on the fields and shows the server's message", async () => {
    const requests = stubXhr();
    const user = userEvent.setup();
    renderWithProviders(<DesignForm />, { path: "/dashboard/new-design" });
    await user.type(screen.getByLabelText(/Design Name/), "Ring");
    await user.type(screen.getByLabelText(/^Description/), "Plain band");
    await user.click(screen.getByRole("button", { name: "Submit Design" }));
    await waitFor(() => expect(requests).toHaveLength(1));
    requests[0]!.respond(400, { name: ["A design with this name already exists."] });

    expect(await screen.findAllByText("A design with this name already exists.")).toHaveLength(2); // field + toast
    // The button comes back once the mutation settles, a tick after the toast.
    expect(await screen.findByRole("button", { name: "Submit Design" })).toBeEnabled();
  });

  it("falls back to 'Failed to submit design' when the server says nothing useful", async () => {
    const requests = stubXhr();
    const user = userEvent.setup();
    renderWithProviders(<DesignForm />, { path: "/dashboard/new-design" });
    await user.type(screen.getByLabelText(/Design Name/), "Ring");
    await user.type(screen.getByLabelText(/^Description/), "Plain band");
    await user.click(screen.getByRole("button", { name: "Submit Design" }));
    await waitFor(() => expect(requests).toHaveLength(1));
    requests[0]!.respond(500, null);
    expect(await screen.findByText("Failed to submit design")).toBeInTheDocument();
  });

  it("edits a design: prefilled fields, removing a stored image sends remove_image_ids", async () => {
    const requests = stubXhr();
    const user = userEvent.setup();
    const design = makeDesign({
      id: "d-9",
      images: [
        { id: "11111111-1111-4111-8111-111111111111", image: "/img/1.png", thumbnail: "/img/1t.png", width: 10, height: 10 },
        { id: "22222222-2222-4222-8222-222222222222", image: "/img/2.png", thumbnail: "/img/2t.png", width: 10, height: 10 },
      ],
    });
    const { router } = renderWithProviders(<DesignForm design={design} />, { path: "/dashboard/new-design" });
    expect(screen.getByLabelText(/Design Name/)).toHaveValue("Anniversary solitaire");
    expect(screen.getByLabelText("Metal color")).toHaveValue("rose");
    expect(screen.getByLabelText("Ring size")).toHaveValue("7");
    expect(screen.getByText("2 of 10 images")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Remove Saved reference 1" }));
    await user.clear(screen.getByLabelText(/Design Name/));
    await user.type(screen.getByLabelText(/Design Name/), "Renamed");
    await user.click(screen.getByRole("button", { name: "Update Design" }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]!.method).toBe("PUT");
    expect(requests[0]!.url).toBe("/api/designs/d-9/");
    const data = JSON.parse(requests[0]!.body!.get("data") as string);
    expect(data.name).toBe("Renamed");
    expect(data.remove_image_ids).toEqual(["11111111-1111-4111-8111-111111111111"]);

    requests[0]!.respond(200, { ...design, name: "Renamed" });
    expect(await screen.findByText("Design updated successfully!")).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard/designs/d-9"));
  });
});
