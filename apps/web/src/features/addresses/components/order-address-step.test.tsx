import type { Address, Order } from "@atelier/contract";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { page, renderRoutes, sentBody, stubBrowserApis, stubFetch } from "@/test/render";
import { OrderAddressStep } from "./order-address-step";

const home: Address = {
  id: "a1",
  name: "Asha Rao",
  phone: "+91 98200 12345",
  line1: "12 MG Road",
  line2: "",
  city: "Pune",
  state: "Maharashtra",
  postal_code: "411001",
  country: "IN",
  is_default_delivery: false,
  is_default_billing: true,
  created_at: "2026-11-01T10:00:00Z",
  updated_at: "2026-11-01T10:00:00Z",
};
const office: Address = { ...home, id: "a2", line1: "5 Residency Road", city: "Bengaluru", state: "Karnataka", postal_code: "560025", is_default_delivery: true, is_default_billing: false };
const { id: _id, is_default_delivery: _d, is_default_billing: _b, created_at: _c, updated_at: _u, ...homeSnapshot } = home;

type OrderView = Pick<Order, "id" | "order_number" | "status" | "payments" | "delivery_address" | "billing_address">;
const approved: OrderView = { id: "o1", order_number: "JW-2026-000123", status: "cad_approved", payments: [], delivery_address: null, billing_address: null };
const balancePaid = {
  id: "p2",
  order_id: "o1",
  kind: "balance",
  amount: "50000.00",
  currency: "INR",
  provider: "manual",
  reference: "UTR1",
  status: "confirmed",
  rejection_reason: "",
  failure_reason: "",
  flag_reason: "",
  created_at: "2026-11-20T10:00:00Z",
  decided_at: "2026-11-20T11:00:00Z",
} as const;

beforeEach(() => {
  stubBrowserApis();
  localStorage.setItem("authToken", "tok");
});

// Only the fields the step reads; the rest of the order does not matter to it.
const show = (order: OrderView) => renderRoutes([page("/dashboard/orders/o1", <OrderAddressStep order={order as Order} />)], "/dashboard/orders/o1");

describe("the order's address step", () => {
  it("is not shown before the advance, nor once the balance is paid", () => {
    stubFetch(() => ({ status: 200, body: [home] }));
    show({ ...approved, status: "quoted" });
    expect(screen.queryByRole("region", { name: "Delivery address" })).not.toBeInTheDocument();
    show({ ...approved, status: "ready_to_ship", payments: [balancePaid], delivery_address: homeSnapshot, billing_address: homeSnapshot });
    expect(screen.queryByRole("region", { name: "Delivery address" })).not.toBeInTheDocument();
  });

  it("offers the saved addresses with the default delivery one chosen, and ships to the one picked, billing elsewhere", async () => {
    const calls = stubFetch((_url, init) => (init.method === "PUT" ? { status: 200, body: {} } : { status: 200, body: [office, home] }));
    show(approved);
    const step = await screen.findByRole("region", { name: "Delivery address" });
    expect(within(step).getByRole("heading", { name: "Where should we deliver your piece?" })).toBeInTheDocument();
    const radios = await within(step).findAllByRole("radio");
    expect(radios[0]).toBeChecked();
    expect(radios[1]).not.toBeChecked();
    await userEvent.click(radios[1]!);
    await userEvent.selectOptions(within(step).getByLabelText("Bill to"), "a2");
    await userEvent.click(within(step).getByRole("button", { name: "Ship here" }));
    expect(await screen.findByText("Delivery address saved")).toBeInTheDocument();
    const put = calls.find((c) => c.init.method === "PUT");
    expect(put?.url).toBe("/api/orders/o1/addresses/");
    expect(sentBody(put)).toEqual({ delivery_address_id: "a1", billing_address_id: "a2" });
  });

  it("shows the refusal the server gives", async () => {
    stubFetch((_url, init) =>
      init.method === "PUT"
        ? { status: 409, body: { detail: "The address of order JW-2026-000123 is fixed once the balance is paid. Write to us in the order's messages if it must change." } }
        : { status: 200, body: [home] },
    );
    show(approved);
    await userEvent.click(await screen.findByRole("button", { name: "Ship here" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("is fixed once the balance is paid");
  });

  it("with no saved address, adds one inline and ships there", async () => {
    const calls = stubFetch((_url, init) => {
      if (init.method === "POST") return { status: 201, body: home };
      if (init.method === "PUT") return { status: 200, body: {} };
      return { status: 200, body: [] };
    });
    show(approved);
    const form = await screen.findByRole("form", { name: "New address" });
    expect(screen.getByText(/You have no saved addresses yet/)).toBeInTheDocument();
    await userEvent.type(within(form).getByLabelText(/^Full name/), "Asha Rao");
    await userEvent.type(within(form).getByLabelText(/^Phone/), "98200 12345");
    await userEvent.type(within(form).getByLabelText(/^Address line 1/), "12 MG Road");
    await userEvent.type(within(form).getByLabelText(/^City/), "Pune");
    await userEvent.type(within(form).getByLabelText(/^PIN code/), "411001");
    await userEvent.selectOptions(within(form).getByLabelText(/^State or union territory/), "Maharashtra");
    await userEvent.click(within(form).getByRole("button", { name: "Save and ship here" }));
    expect(await screen.findByText("Delivery address saved")).toBeInTheDocument();
    expect(calls.map((c) => c.init.method ?? "GET").filter((m) => m !== "GET")).toEqual(["POST", "PUT"]);
    expect(sentBody(calls.find((c) => c.init.method === "PUT"))).toEqual({ delivery_address_id: "a1", billing_address_id: null });
  });

  it("once chosen, shows where it ships with a way to change it", async () => {
    stubFetch(() => ({ status: 200, body: [home, office] }));
    show({ ...approved, delivery_address: homeSnapshot, billing_address: homeSnapshot });
    const step = screen.getByRole("region", { name: "Delivery address" });
    expect(within(step).getByRole("heading", { name: "Ships to" })).toBeInTheDocument();
    expect(step).toHaveTextContent("Pune 411001, Maharashtra");
    expect(within(step).queryByText("Billed to")).not.toBeInTheDocument();
    await userEvent.click(within(step).getByRole("button", { name: "Change address" }));
    expect(await within(step).findAllByRole("radio")).toHaveLength(2);
    await userEvent.click(within(step).getByRole("button", { name: "Cancel" }));
    expect(within(step).getByRole("button", { name: "Change address" })).toBeInTheDocument();
  });
});
