import type { Address, addressInputSchema, Order, orderAddressesInputSchema, PostalAddress, staffOrderAddressesInputSchema } from "@atelier/contract";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import { assertStaff, type Actor } from "../../lib/access.ts";
import { ConflictError, NotFoundError, ValidationError } from "../../lib/errors.ts";
import type { OrdersService } from "../orders/orders.service.ts";
import { validatePostalAddress } from "./address-validation.ts";
import * as repo from "./addresses.repository.ts";
import type { AddressRow } from "./addresses.repository.ts";

export type AddressesService = ReturnType<typeof createAddressesService>;
type AddressInput = z.output<typeof addressInputSchema>;

const ADDRESS_NOT_FOUND = "Address not found.";
/** A customer's saved addresses at most (homes, offices, family): a bound on what one account stores. */
export const MAX_ADDRESSES = 20;

export function toAddressResponse(row: AddressRow): Address {
  return {
    id: row.id,
    ...row.address,
    is_default_delivery: row.isDefaultDelivery,
    is_default_billing: row.isDefaultBilling,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function postalOf(input: AddressInput): PostalAddress {
  const { name, phone, line1, line2, city, state, postal_code, country } = input;
  return validatePostalAddress({ name, phone, line1, line2, city, state, postal_code, country });
}

/**
 * A customer's saved delivery and billing addresses (each customer sees only their own; another's
 * is a 404), and the order's choice among them, which the orders service snapshots.
 */
export function createAddressesService(deps: { db: Db; clock: Clock; orders: OrdersService }) {
  const { db, clock, orders } = deps;

  /** One writer at a time per customer, so "only one default" and the cap hold under concurrent saves. */
  const lockCustomer = repo.lockCustomer;

  /** Keeps one default of each kind: the new default takes the flag from the others. */
  async function settleDefaults(tx: Db, row: AddressRow): Promise<void> {
    if (row.isDefaultDelivery) await repo.clearDefault(tx, row.userId, "delivery", row.id);
    if (row.isDefaultBilling) await repo.clearDefault(tx, row.userId, "billing", row.id);
  }

  async function list(actor: Actor): Promise<Address[]> {
    return (await repo.listAddresses(db, actor.id)).map(toAddressResponse);
  }

  async function create(actor: Actor, input: AddressInput): Promise<Address> {
    const address = postalOf(input);
    return db.transaction(async (tx) => {
      await lockCustomer(tx, actor.id);
      const existing = (await repo.listAddresses(tx, actor.id)).length;
      if (existing >= MAX_ADDRESSES) {
        throw new ConflictError(`You can keep up to ${MAX_ADDRESSES} addresses: delete one you no longer use, then add this one.`);
      }
      // The first address is the default for both until the customer says otherwise.
      const first = existing === 0;
      const now = clock.now();
      const row = await repo.insertAddress(tx, {
        userId: actor.id,
        address,
        isDefaultDelivery: first || input.is_default_delivery,
        isDefaultBilling: first || input.is_default_billing,
        createdAt: now,
        updatedAt: now,
      });
      await settleDefaults(tx, row);
      return toAddressResponse(row);
    });
  }

  async function update(actor: Actor, id: string, input: AddressInput): Promise<Address> {
    const address = postalOf(input);
    return db.transaction(async (tx) => {
      await lockCustomer(tx, actor.id);
      const before = await repo.findAddress(tx, actor.id, id);
      if (!before) throw new NotFoundError(ADDRESS_NOT_FOUND);
      // A default stays one until another address takes the flag (unticking alone would leave none).
      const row = await repo.updateAddress(tx, actor.id, id, {
        address,
        isDefaultDelivery: before.isDefaultDelivery || input.is_default_delivery,
        isDefaultBilling: before.isDefaultBilling || input.is_default_billing,
        updatedAt: clock.now(),
      });
      if (!row) throw new NotFoundError(ADDRESS_NOT_FOUND);
      await settleDefaults(tx, row);
      return toAddressResponse(row);
    });
  }

  /** Removes a saved address; orders keep their snapshots. A removed default passes to the first address left. */
  async function remove(actor: Actor, id: string): Promise<void> {
    await db.transaction(async (tx) => {
      await lockCustomer(tx, actor.id);
      const row = await repo.findAddress(tx, actor.id, id);
      if (!row || !(await repo.deleteAddress(tx, actor.id, id))) throw new NotFoundError(ADDRESS_NOT_FOUND);
      const [heir] = await repo.listAddresses(tx, actor.id);
      if (heir && (row.isDefaultDelivery || row.isDefaultBilling)) {
        await repo.updateAddress(tx, actor.id, heir.id, {
          isDefaultDelivery: heir.isDefaultDelivery || row.isDefaultDelivery,
          isDefaultBilling: heir.isDefaultBilling || row.isDefaultBilling,
        });
      }
    });
  }

  /**
   * PUT /api/orders/{id}/addresses/: the order ships to (and bills) saved addresses of the order's
   * customer, copied into the order. Billing defaults to the delivery address.
   */
  async function chooseForOrder(actor: Actor, orderId: string, input: z.output<typeof orderAddressesInputSchema>): Promise<Order> {
    await orders.setAddresses(actor, orderId, async (tx, order) => {
      const saved = async (id: string, field: "delivery_address_id" | "billing_address_id") => {
        const row = UUID.test(id) ? await repo.findAddress(tx, order.userId, id.toLowerCase()) : undefined;
        // Another customer's address is not found, like one that does not exist.
        if (!row) throw new NotFoundError(`${field === "delivery_address_id" ? "Delivery" : "Billing"} address not found.`);
        return row.address;
      };
      const delivery = await saved(input.delivery_address_id, "delivery_address_id");
      const billing = input.billing_address_id ? await saved(input.billing_address_id, "billing_address_id") : delivery;
      return { delivery, billing };
    });
    return orders.get(actor, orderId);
  }

  /**
   * PUT /api/staff/orders/{id}/addresses/: staff correct the order's addresses as the customer
   * asked (a call, a message), until the order ships; audited. Validated like a saved address.
   */
  async function correctForOrder(actor: Actor, orderId: string, input: z.output<typeof staffOrderAddressesInputSchema>): Promise<Order> {
    assertStaff(actor);
    const delivery = validateAt("delivery_address", input.delivery_address);
    const billing = input.billing_address ? validateAt("billing_address", input.billing_address) : null;
    await orders.setAddresses(actor, orderId, () => Promise.resolve({ delivery, billing }));
    return orders.get(actor, orderId);
  }

  return { list, create, update, remove, chooseForOrder, correctForOrder };
}

/** The per-country checks of one of a request's addresses, its field errors under the address's key ("delivery_address.phone"). */
function validateAt(key: string, address: PostalAddress): PostalAddress {
  try {
    return validatePostalAddress(address);
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    throw new ValidationError(Object.fromEntries(Object.entries(err.fields).map(([field, messages]) => [`${key}.${field}`, messages])));
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
