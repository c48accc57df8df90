import type { DesignData, Estimate } from "@atelier/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { stubXhr } from "@/test/fake-xhr";
import { makeDesign } from "../testing/fixtures";
import { renderWithProviders, stubBrowserApis, stubFetch } from "../testing/render";
import { DesignForm } from "./design-form";
import type { ReviewEstimate } from "./design-review";

const png = (name: string, size = 2048) => new File([new Uint8Array(size)], name, { type: "image/png" });

beforeEach(() => {
  stubBrowserApis();
  localStorage.setItem("authToken", "token-1");
});
afterEach(() => vi.unstubAllGlobals());

const stepText = () => screen.getByText(/^Step \d of 6$/).textContent;
const currentStep = () => within(screen.getByRole("navigation", { name: "Design steps" })).getAllByRole("listitem").find((li) => li.getAttribute("aria-current") === "step");
const next = (user: UserEvent) => user.click(screen.getByRole("button", { name: "Next" }));

async function fillPiece(user: UserEvent, name = "Ring", description = "Plain band") {
  await user.type(screen.getByLabelText(/Design Name/), name);
  await user.type(screen.getByLabelText(/^Description/), description);
}

/** Next until the review, then waits for Submit (it waits a moment, against a double click on Next). */
async function toReview(user: UserEvent, label = "Submit Design") {
  while (!screen.queryByRole("heading", { level: 2, name: "Review" })) await next(user);
  await waitFor(() => expect(screen.getByRole("button", { name: label })).toBeEnabled());
}

describe("DesignForm steps", () => {
  it("checks the first step's name and description (trimmed) before Next, with the contract's messages", async () => {
    const calls = stubFetch(() => ({ status: 500 }));
    const requests = stubXhr();
    const user = userEvent.setup();
    renderWithProviders(<DesignForm />, { path: "/dashboard/new-design" });
    expect(stepText()).toBe("Step 1 of 6");
    expect(currentStep()).toHaveTextContent("The piece");

    await fillPiece(user, "   ", "  ");
    await next(user);

    expect(await screen.findByText("Design name is required.")).toBeInTheDocument();
    expect(screen.getByText("Design description is required.")).toBeInTheDocument();
    expect(screen.getByLabelText(/Design Name/)).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText(/Design Name/)).toHaveFocus();
    expect(stepText()).toBe("Step 1 of 6");

    // The message goes as soon as the field is right.
    await user.type(screen.getByLabelText(/Design Name/), "Halo");
    await waitFor(() => expect(screen.queryByText("Design name is required.")).not.toBeInTheDocument());
    expect(screen.getByText("Design description is required.")).toBeInTheDocument();
    expect(requests).toHaveLength(0);
    expect(calls).toHaveLength(0);
  });

  it("moves on with Next, shows where it is, and keeps every value going back", async () => {
    const user = userEvent.setup();
    renderWithProviders(<DesignForm />, { path: "/dashboard/new-design" });
    // Later steps cannot be opened from the indicator before they are reached.
    expect(within(screen.getByRole("navigation", { name: "Design steps" })).queryAllByRole("button")).toHaveLength(0);

    await fillPiece(user, "Garden ring", "Leaves around an emerald.");
    await user.click(screen.getByRole("radio", { name: "Necklace" }));
    await next(user);
    expect(stepText()).toBe("Step 2 of 6");
    expect(currentStep()).toHaveTextContent("Metal");
    expect(screen.getByRole("heading", { level: 2, name: "Metal" })).toHaveFocus();
    await user.selectOptions(screen.getByLabelText("Metal type"), "gold");
    await user.selectOptions(screen.getByLabelText("Purity"), "18K");

    await user.click(screen.getByRole("button", { name: "Back" }));
    expect(stepText()).toBe("Step 1 of 6");
    expect(screen.getByLabelText(/Design Name/)).toHaveValue("Garden ring");
    expect(screen.getByRole("radio", { name: "Necklace" })).toBeChecked();

    // A step already reached opens from the indicator, with its values.
    await user.click(within(screen.getByRole("navigation", { name: "Design steps" })).getByRole("button", { name: /Metal/ }));
    expect(stepText()).toBe("Step 2 of 6");
    expect(screen.getByLabelText("Metal type")).toHaveValue("gold");
    expect(screen.getByLabelText("Purity")).toHaveValue("18K");
  });

  it("checks the metal step's weight", async () => {
    const user = userEvent.setup();
    renderWithProviders(<DesignForm />, { path: "/dashboard/new-design" });
    await fillPiece(user);
    await next(user);
    await user.type(screen.getByLabelText("Weight (grams)"), "4.255");
    await next(user);
    expect(await screen.findByText("Ensure that there are no more than 2 decimal places.")).toBeInTheDocument();
    expect(stepText()).toBe("Step 2 of 6");
    await user.clear(screen.getByLabelText("Weight (grams)"));
    await user.type(screen.getByLabelText("Weight (grams)"), "2001");
    await next(user);
    expect(await screen.findByText("Ensure this value is less than or equal to 2000.")).toBeInTheDocument();
    expect(stepText()).toBe("Step 2 of 6");
  });

  it("Enter in a field goes to the next step, never submits", async () => {
    const requests = stubXhr();
    const user = userEvent.setup();
    renderWithProviders(<DesignForm />, { path: "/dashboard/new-design" });
    await fillPiece(user);
    await user.type(screen.getByLabelText("Style"), "Minimal{Enter}");
    expect(stepText()).toBe("Step 2 of 6");
    await user.type(screen.getByLabelText("Weight (grams)"), "3{Enter}");
    expect(stepText()).toBe("Step 3 of 6");
    expect(requests).toHaveLength(0);
  });

  it("adds and removes stones, keeping the others' values", async () => {
    const user = userEvent.setup();
    renderWithProviders(<DesignForm />, { path: "/dashboard/new-design" });
    await fillPiece(user);
    await next(user);
    await next(user);
    expect(screen.getByRole("heading", { level: 2, name: "Stones" })).toBeInTheDocument();
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

    // Kept through Back and Next.
    await user.click(screen.getByRole("button", { name: "Back" }));
    await next(user);
    expect(screen.getByLabelText("Stone type")).toHaveValue("Ruby");
    await user.click(screen.getByRole("button", { name: "Remove stone 1" }));
    expect(screen.getByText(/No stones yet/)).toBeInTheDocument();
  });

  it("checks each stone before Next and describes the field by its message", async () => {
    const requests = stubXhr();
    const user = userEvent.setup();
    renderWithProviders(<DesignForm />, { path: "/dashboard/new-design" });
    await fillPiece(user, "Halo", "A halo ring.");
    await next(user);
    await next(user);
    await user.click(screen.getByRole("button", { name: "Add stone" }));
    const quantity = screen.getByLabelText("Quantity", { selector: "#design-stone-0-quantity" });
    await user.clear(quantity);
    await user.type(quantity, "1.5");
    await next(user);
    await waitFor(() => expect(quantity).toHaveAccessibleDescription("Quantity must be a whole number."));
    expect(quantity).toHaveAttribute("aria-invalid", "true");
    expect(quantity).toHaveFocus();
    expect(stepText()).toBe("Step 3 of 6");
    await user.clear(quantity);
    await user.type(quantity, "2");
    await next(user);
    expect(stepText()).toBe("Step 4 of 6");
    expect(requests).toHaveLength(0);
  });

  it("checks the budget on the size step", async () => {
    const user = userEvent.setup();
    renderWithProviders(<DesignForm />, { path: "/dashboard/new-design" });
    await fillPiece(user);
    await next(user);
    await next(user);
    await next(user);
    expect(screen.getByLabelText("Ring size")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Budget range"), "100000001");
    await next(user);
    expect(await screen.findByText("Ensure this value is less than or equal to 100000000.")).toBeInTheDocument();
    expect(screen.getByLabelText("Budget range")).toHaveAccessibleDescription("Ensure this value is less than or equal to 100000000.");
    expect(stepText()).toBe("Step 4 of 6");
  });
});

describe("DesignForm submit", () => {
  it("reviews everything and sends the same data JSON and images as before, with a progress bar per file", async () => {
    const requests = stubXhr();
    const user = userEvent.setup();
    const { router } = renderWithProviders(<DesignForm />, { path: "/dashboard/new-design" });

    await fillPiece(user, "  Garden ring ", "Leaves around an emerald.");
    await user.click(screen.getByRole("radio", { name: "Necklace" }));
    await next(user);
    await user.selectOptions(screen.getByLabelText("Metal type"), "silver");
    expect(screen.getByRole("option", { name: "Sterling Silver" })).toBeInTheDocument();
    await user.type(screen.getByLabelText("Weight (grams)"), "4.25");
    await next(user);
    await user.click(screen.getByRole("button", { name: "Add stone" }));
    await user.type(screen.getByLabelText("Stone type"), "Emerald");
    await user.clear(screen.getByLabelText("Quantity"));
    await user.type(screen.getByLabelText("Quantity"), "3");
    await next(user);
    await user.type(screen.getByLabelText("Chain length"), "18 inches");
    await user.type(screen.getByLabelText("Budget range"), "50000");
    await next(user);
    await user.upload(screen.getByLabelText(/Choose images/), [png("front.png", 4000), png("side.png", 4000)]);
    await toReview(user);

    const review = (name: string) => screen.getByRole("region", { name });
    expect(review("The piece")).toHaveTextContent("Garden ring");
    expect(review("The piece")).toHaveTextContent("Necklace");
    expect(review("Metal")).toHaveTextContent("Sterling Silver");
    expect(review("Metal")).toHaveTextContent("4.25 g");
    expect(review("Stones")).toHaveTextContent("3 × Emerald");
    expect(review("Size & details")).toHaveTextContent("18 inches");
    expect(review("Size & details")).toHaveTextContent("₹50,000.00");
    expect(review("Reference images")).toHaveTextContent("2 new");
    expect(screen.getByText("Estimate unavailable")).toBeInTheDocument();

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

  it("opens the step of a server field error with its field focused, and loses nothing", async () => {
    const requests = stubXhr();
    const user = userEvent.setup();
    renderWithProviders(<DesignForm />, { path: "/dashboard/new-design" });
    await fillPiece(user);
    await next(user);
    await next(user);
    await next(user);
    await user.type(screen.getByLabelText("Special requests"), "Gift box");
    await next(user);
    await user.upload(screen.getByLabelText(/Choose images/), [png("front.png")]);
    await toReview(user);
    await user.click(screen.getByRole("button", { name: "Submit Design" }));
    await waitFor(() => expect(requests).toHaveLength(1));
    requests[0]!.respond(400, { name: ["A design with this name already exists."] });

    expect(await screen.findAllByText("A design with this name already exists.")).toHaveLength(2); // field + toast
    expect(stepText()).toBe("Step 1 of 6");
    await waitFor(() => expect(screen.getByLabelText(/Design Name/)).toHaveFocus());
    expect(screen.getByLabelText(/Design Name/)).toHaveValue("Ring");

    await user.clear(screen.getByLabelText(/Design Name/));
    await user.type(screen.getByLabelText(/Design Name/), "Ring two");
    await waitFor(() => expect(screen.queryByText("A design with this name already exists.", { selector: "p" })).not.toBeInTheDocument());
    // Back on the review: every other value and the image are still there, and the same call goes again.
    await user.click(within(screen.getByRole("navigation", { name: "Design steps" })).getByRole("button", { name: /Review/ }));
    await waitFor(() => expect(screen.getByRole("button", { name: "Submit Design" })).toBeEnabled());
    expect(screen.getByRole("region", { name: "Size & details" })).toHaveTextContent("Gift box");
    expect(screen.getByRole("region", { name: "Reference images" })).toHaveTextContent("1 new");
    await user.click(screen.getByRole("button", { name: "Submit Design" }));
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(JSON.parse(requests[1]!.body!.get("data") as string)).toMatchObject({ name: "Ring two", special_requests: "Gift box" });
    expect((requests[1]!.body!.getAll("images") as File[]).map((f) => f.name)).toEqual(["front.png"]);
  });

  it("stays on the review with 'Failed to submit design' when the server says nothing useful", async () => {
    const requests = stubXhr();
    const user = userEvent.setup();
    renderWithProviders(<DesignForm />, { path: "/dashboard/new-design" });
    await fillPiece(user);
    await toReview(user);
    await user.click(screen.getByRole("button", { name: "Submit Design" }));
    await waitFor(() => expect(requests).toHaveLength(1));
    requests[0]!.respond(500, null);
    expect(await screen.findByText("Failed to submit design")).toBeInTheDocument();
    expect(stepText()).toBe("Step 6 of 6");
    expect(await screen.findByRole("button", { name: "Submit Design" })).toBeEnabled();
    expect(screen.getByRole("region", { name: "The piece" })).toHaveTextContent("Plain band");
  });

  it("edits a design: every step open at once, removing a stored image sends remove_image_ids", async () => {
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
    await user.clear(screen.getByLabelText(/Design Name/));
    await user.type(screen.getByLabelText(/Design Name/), "Renamed");

    const steps = within(screen.getByRole("navigation", { name: "Design steps" }));
    await user.click(steps.getByRole("button", { name: /Metal/ }));
    expect(screen.getByLabelText("Metal color")).toHaveValue("rose");
    await user.click(steps.getByRole("button", { name: /Size & details/ }));
    expect(screen.getByLabelText("Ring size")).toHaveValue("7");
    await user.click(steps.getByRole("button", { name: /Reference images/ }));
    expect(screen.getByText("2 of 10 images")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Remove Saved reference 1" }));
    await toReview(user, "Update Design");
    expect(screen.getByRole("region", { name: "Reference images" })).toHaveTextContent("1 saved");

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

  it("an edited design with a field the form now refuses opens that step instead of the next", async () => {
    const user = userEvent.setup();
    renderWithProviders(<DesignForm design={makeDesign({ weight: 2500 })} />, { path: "/dashboard/new-design" });
    await user.click(within(screen.getByRole("navigation", { name: "Design steps" })).getByRole("button", { name: /Review/ }));
    expect(stepText()).toBe("Step 2 of 6");
    expect(await screen.findByText("Ensure this value is less than or equal to 2000.")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText("Weight (grams)")).toHaveFocus());
  });
});

describe("DesignForm review estimate", () => {
  const estimate: Estimate = {
    currency: "INR",
    low: "180000.00",
    point: "200000.00",
    high: "220000.00",
    lines: [
      { label: "Metal: 18K yellow gold, 4.00 g", amount: "40000.00" },
      { label: "Stones: 1 diamond, 1.00 ct", amount: "160000.00" },
    ],
    retail_price: null,
    savings_percent: null,
    assumptions: [],
    pricing_version: 3,
  };

  function renderWith(result: ReviewEstimate) {
    const seen: (DesignData | null)[] = [];
    const useEstimate = (details: DesignData | null) => {
      seen.push(details);
      return result;
    };
    renderWithProviders(<DesignForm useEstimate={useEstimate} />, { path: "/dashboard/new-design" });
    return seen;
  }

  async function fillSolitaire(user: UserEvent, budget: string, { review = true } = {}) {
    await fillPiece(user, "Solitaire", "One round diamond.");
    await next(user);
    await user.selectOptions(screen.getByLabelText("Metal type"), "gold");
    await user.selectOptions(screen.getByLabelText("Purity"), "18K");
    await next(user);
    await user.click(screen.getByRole("button", { name: "Add stone" }));
    await user.type(screen.getByLabelText("Stone type"), "Diamond");
    await user.type(screen.getByLabelText("Carat"), "1");
    await next(user);
    await user.type(screen.getByLabelText("Budget range"), budget);
    if (review) await toReview(user);
  }

  it("asks for the estimate of the parsed details only on the review", async () => {
    const user = userEvent.setup();
    const seen = renderWith({ data: undefined, status: "pending" });
    await fillSolitaire(user, "100000", { review: false });
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((d) => d === null)).toBe(true);
    await toReview(user);
    const last = seen.at(-1)!;
    expect(last).toMatchObject({ name: "Solitaire", metal_type: "gold", purity: "18K", budget: 100000, stones: [{ stone_type: "Diamond", stone_carat: 1, quantity: 1 }] });
    expect(screen.getByLabelText("Loading the instant estimate")).toHaveAttribute("aria-busy", "true");
    await user.click(screen.getByRole("button", { name: "Edit Metal" }));
    expect(stepText()).toBe("Step 2 of 6");
    expect(seen.at(-1)).toBeNull();
  });

  it("warns calmly when the estimate is far above the budget, with what would bring it down", async () => {
    const user = userEvent.setup();
    renderWith({ data: estimate, status: "success" });
    await fillSolitaire(user, "100000");
    expect(screen.getByRole("region", { name: "Your instant estimate" })).toHaveTextContent("₹2,00,000.00");
    expect(screen.getByText("Above your budget")).toBeInTheDocument();
    expect(screen.getByText("The estimate starts at ₹1,80,000.00, well above your budget of ₹1,00,000.00.")).toBeInTheDocument();
    const ways = within(screen.getByRole("list", { name: "Ways to lower the estimate" })).getAllByRole("listitem").map((li) => li.textContent);
    expect(ways).toEqual([
      "Lab-grown instead of natural diamonds: the same look and hardness at a much lower price.",
      "A smaller stone than the 1.00 ct diamond.",
      "14K gold instead of 18K: it holds less gold in every gram and wears harder.",
    ]);
  });

  it("says nothing about the budget when the estimate is within reach", async () => {
    const user = userEvent.setup();
    renderWith({ data: estimate, status: "success" });
    await fillSolitaire(user, "160000");
    expect(screen.getByRole("region", { name: "Your instant estimate" })).toBeInTheDocument();
    expect(screen.queryByText("Above your budget")).not.toBeInTheDocument();
  });

  it("says when the estimate is unavailable and offers to try again", async () => {
    const refetch = vi.fn();
    const user = userEvent.setup();
    renderWith({ data: undefined, status: "error", refetch });
    await fillSolitaire(user, "100000");
    expect(screen.getByText("Estimate unavailable")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Try Again" }));
    expect(refetch).toHaveBeenCalledOnce();
    expect(screen.getByRole("button", { name: "Submit Design" })).toBeEnabled();
  });
});
