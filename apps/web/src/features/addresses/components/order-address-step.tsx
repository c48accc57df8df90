import { canChooseOrderAddress, type Address, type Order } from "@atelier/contract";
import { MapPin, Plus } from "lucide-react";
import { useId, useState } from "react";
import { PostalAddressView } from "@/components/postal-address";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { NativeSelect } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { ErrorState, InlineAlert } from "@/components/ui/states";
import { toast } from "@/components/ui/use-toast";
import { errorMessage } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { useAddresses, useChooseOrderAddresses } from "../api/addresses";
import { AddressForm } from "./address-form";

const sameAddress = (a: Order["delivery_address"], b: Order["delivery_address"]) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The order page's address step: from the advance until the balance is paid, the customer
 * chooses where the piece ships (a saved address, or one added here) and, if it differs, whom
 * it is billed to. Once chosen it shows the address with a way to change it.
 */
export function OrderAddressStep({ order }: { order: Order }) {
  const [changing, setChanging] = useState(false);
  if (!canChooseOrderAddress(order)) return null;
  const chosen = order.delivery_address;
  return (
    <Card className="flex flex-col gap-4 p-5 sm:p-7" role="region" aria-label="Delivery address" data-testid="order-address-step">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex items-start gap-3">
          <MapPin className="mt-1 size-5 shrink-0 text-accent" aria-hidden />
          <div>
            <h2 className="text-2xl">{chosen ? "Ships to" : "Where should we deliver your piece?"}</h2>
            <p className="text-sm text-muted">
              {chosen
                ? "You can change the address until the balance is paid."
                : "Choose the delivery address before you pay the balance: the piece ships there, insured."}
            </p>
          </div>
        </div>
        {chosen && !changing && (
          <Button variant="secondary" size="sm" onClick={() => setChanging(true)}>
            Change address
          </Button>
        )}
      </div>
      {chosen && !changing ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <PostalAddressView address={chosen} />
          {order.billing_address && !sameAddress(chosen, order.billing_address) && (
            <div className="flex flex-col gap-1">
              <span className="text-xs uppercase tracking-wider text-muted">Billed to</span>
              <PostalAddressView address={order.billing_address} showPhone={false} />
            </div>
          )}
        </div>
      ) : (
        <AddressPicker order={order} onDone={() => setChanging(false)} onCancel={chosen ? () => setChanging(false) : undefined} />
      )}
    </Card>
  );
}

function AddressPicker({ order, onDone, onCancel }: { order: Order; onDone: () => void; onCancel?: (() => void) | undefined }) {
  const addresses = useAddresses();
  const choose = useChooseOrderAddresses();
  const [picked, setPicked] = useState<string | null>(null);
  const [billing, setBilling] = useState("");
  const [adding, setAdding] = useState(false);
  const name = useId();

  if (addresses.isPending) {
    return (
      <div className="grid gap-3 sm:grid-cols-2" aria-busy="true" aria-label="Loading your addresses">
        <Skeleton className="h-28" />
        <Skeleton className="h-28" />
      </div>
    );
  }
  if (addresses.isError) return <ErrorState message="Failed to load your addresses. Please try again." onRetry={() => void addresses.refetch()} />;

  const list = addresses.data;
  const delivery = picked ?? list.find((a) => a.is_default_delivery)?.id ?? list[0]?.id ?? null;

  function shipTo(deliveryId: string, billingId: string) {
    choose.mutate(
      { orderId: order.id, input: { delivery_address_id: deliveryId, billing_address_id: billingId || null } },
      {
        onSuccess: () => {
          toast({ title: "Delivery address saved", description: `Order ${order.order_number} will ship there.` });
          onDone();
        },
      },
    );
  }

  if (adding || list.length === 0) {
    return (
      <div className="flex flex-col gap-3">
        {list.length === 0 && <p className="text-sm text-muted">You have no saved addresses yet. Add one: it is kept in your profile for next time.</p>}
        <AddressForm
          idPrefix="order-address"
          submitLabel="Save and ship here"
          onCancel={list.length > 0 ? () => setAdding(false) : onCancel}
          onSaved={(a: Address | undefined) => {
            if (!a) return;
            setAdding(false);
            setPicked(a.id);
            shipTo(a.id, billing);
          }}
        />
        {choose.error && <InlineAlert>{errorMessage(choose.error, "The address could not be set on the order. Please try again.")}</InlineAlert>}
      </div>
    );
  }

  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (delivery) shipTo(delivery, billing);
      }}
    >
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium">Deliver to</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {list.map((a) => (
            <label
              key={a.id}
              className={cn(
                "flex cursor-pointer gap-3 rounded-md border p-4 transition-colors duration-150 hover:border-accent",
                delivery === a.id ? "border-accent-strong bg-accent-soft/40" : "border-border",
              )}
            >
              <input type="radio" name={name} value={a.id} checked={delivery === a.id} onChange={() => setPicked(a.id)} className="mt-1 size-4 accent-[var(--color-accent-strong)]" />
              <PostalAddressView address={a} />
            </label>
          ))}
        </div>
      </fieldset>
      <Field id={`${name}-billing`} label="Bill to" className="max-w-md">
        <NativeSelect id={`${name}-billing`} value={billing} onChange={(e) => setBilling(e.target.value)}>
          <option value="">The same address</option>
          {list.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}, {a.line1}, {a.city}
            </option>
          ))}
        </NativeSelect>
      </Field>
      {choose.error && <InlineAlert>{errorMessage(choose.error, "The address could not be set on the order. Please try again.")}</InlineAlert>}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={choose.isPending} disabled={!delivery}>
          {choose.isPending ? "Saving..." : "Ship here"}
        </Button>
        <Button type="button" variant="secondary" onClick={() => setAdding(true)}>
          <Plus aria-hidden /> Add a new address
        </Button>
        {onCancel && (
          <Button type="button" variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
