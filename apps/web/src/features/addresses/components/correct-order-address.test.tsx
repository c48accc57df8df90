import type { Order } from "@atelier/contract";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { page, renderRoutes, sentBody, stubBrowserApis, stubFetch } from "@/test/render";
import { CorrectOrderAddress } from "./correct-order-address";

const pune = { name: "Asha Rao", phone: "+91 98200 12345", line1: "12 MG Road", line2: "Flat 4B", city: "Pune", state: "Maharashtra", postal_code: "411001", country: "IN" };
type OrderView = Pick<Order, "id" | "order_number" | "status" | "delivery_address" | "billing_address">;
const order: OrderView = { id: "o1", order_number: "JW-2026-000123", status: "ready_to_ship", delivery_address: pune, billing_address: pune };

beforeEach(() => {
  stubBrowserApis();
  localStorage.setItem("authToken", "tok");
});

const show = (o: OrderView) => renderRoutes([page("/staff/orders/o1", <CorrectOrderAddress order={o as Order} />)], "/staff/orders/o1");

describe("staff correcting the order's address", () => {
  it("prefills the order's address, shows the server's messages under the fields, then saves", async () => {
    let answer: { status: number; body: unknown } = { status: 400, body: { "delivery_address.postal_code": ["Enter a 6-digit PIN code, for example 400001."] } };
    const calls = stubFetch(() => answer);
    show(order);
    await userEvent.click(screen.getByRole("button", { name: "Correct address" }));
    const dialog = await screen.findByRole("dialog", { name: "Correct the delivery address" });
    expect(within(dialog).getByLabelText(/^Address line 2/)).toHaveValue("Flat 4B");
    expect(within(dialog).queryByText("Use as my default delivery address")).not.toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText(/^Address line 2/));
    await userEvent.type(within(dialog).getByLabelText(/^Address line 2/), "Flat 4C");
    await userEvent.clear(within(dialog).getByLabelText(/^PIN code/));
    await userEvent.type(within(dialog).getByLabelText(/^PIN code/), "41");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save address on the order" }));
    expect(await within(dialog).findByText("Enter a 6-digit PIN code, for example 400001.")).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^PIN code/)).toHaveFocus();

    answer = { status: 200, body: {} };
    await userEvent.clear(within(dialog).getByLabelText(/^PIN code/));
    await userEvent.type(within(dialog).getByLabelText(/^PIN code/), "411001");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save address on the order" }));
    expect(await screen.findByText("Delivery address saved")).toBeInTheDocument();
    const put = calls.at(-1);
    expect(put?.url).toBe("/api/staff/orders/o1/addresses/");
    expect(sentBody(put)).toEqual({ delivery_address: { ...pune, line2: "Flat 4C" }, billing_address: null });
  });

  it("is not offered once the order has shipped", () => {
    stubFetch(() => ({ status: 200 }));
    show({ ...order, status: "shipped" });
    expect(screen.queryByRole("button", { name: "Correct address" })).not.toBeInTheDocument();
  });
});
