import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { page, renderRoutes, stubBrowserApis, stubFetch } from "@/test/render";
import { makeOrder } from "../testing/fixtures";
import { DeliveryAddressPanel } from "./delivery-address-panel";

const pune = {
  name: "Asha Rao",
  phone: "+91 98200 12345",
  line1: "12 MG Road",
  line2: "Flat 4B",
  city: "Pune",
  state: "Maharashtra",
  postal_code: "411001",
  country: "IN",
};

beforeEach(() => {
  stubBrowserApis();
  localStorage.setItem("authToken", "tok");
});
afterEach(() => vi.restoreAllMocks());

const show = (order: ReturnType<typeof makeOrder>) => renderRoutes([page("/staff/orders/o1", <DeliveryAddressPanel order={order} />)], "/staff/orders/o1");

describe("the workbench's delivery address", () => {
  it("shows the chosen address, the billing address when it differs, and downloads the packing slip", async () => {
    URL.createObjectURL = vi.fn(() => "blob:slip");
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => undefined);
    const calls = stubFetch(() => ({ status: 200, body: "%PDF" }));
    show(makeOrder({ delivery_address: pune, billing_address: { ...pune, line1: "5 Residency Road", city: "Bengaluru", state: "Karnataka", postal_code: "560025" } }));
    const panel = screen.getByTestId("delivery-address-panel");
    expect(panel).toHaveTextContent("12 MG Road");
    expect(panel).toHaveTextContent("Pune 411001, Maharashtra");
    expect(panel).toHaveTextContent("+91 98200 12345");
    expect(within(panel).getByText("Billed to")).toBeInTheDocument();
    expect(panel).toHaveTextContent("Bengaluru 560025, Karnataka");

    await userEvent.click(within(panel).getByRole("button", { name: "Packing slip" }));
    await vi.waitFor(() => expect(click).toHaveBeenCalled());
    expect(calls.map((c) => c.url)).toEqual(["/api/staff/orders/o1/packing-slip.pdf"]);
  });

  it("says when the customer has not chosen an address yet", () => {
    stubFetch(() => ({ status: 200 }));
    show(makeOrder());
    expect(screen.getByTestId("delivery-address-panel")).toHaveTextContent(
      "No delivery address yet. The customer chooses one on the order page before paying the balance; the order cannot ship without it.",
    );
  });
});
