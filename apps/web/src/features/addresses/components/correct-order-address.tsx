import type { Order } from "@atelier/contract";
import { Pencil } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { toast } from "@/components/ui/use-toast";
import { useCorrectOrderAddress } from "../api/correct-order-address";
import { AddressForm } from "./address-form";

const SHIPPED_OR_CLOSED: readonly Order["status"][] = ["shipped", "delivered", "completed", "cancelled"];

/**
 * The workbench's "Correct address": staff type the delivery address the customer gave them (by
 * phone, in a message), until the order ships. Audited on the server. Mounted by the staff route
 * into the workbench's address panel.
 */
export function CorrectOrderAddress({ order }: { order: Order }) {
  const [open, setOpen] = useState(false);
  const correct = useCorrectOrderAddress();
  if (SHIPPED_OR_CLOSED.includes(order.status)) return null;
  const current = order.delivery_address ?? undefined;
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)}>
        <Pencil aria-hidden /> {current ? "Correct address" : "Enter address"}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-w-2xl">
          <DialogHeader>
            <DialogTitle>{current ? "Correct the delivery address" : "Enter the delivery address"}</DialogTitle>
            <DialogDescription>
              As the customer gave it to you. The change is recorded in the audit log; the billing address stays as it is unless it was the same.
            </DialogDescription>
          </DialogHeader>
          <AddressForm
            idPrefix="staff-address"
            showDefaults={false}
            defaults={current}
            submitLabel="Save address on the order"
            submit={({ is_default_delivery: _d, is_default_billing: _b, ...address }) => {
              // A billing address that was the delivery address follows it; a separate one is kept.
              const sameBilling = !order.billing_address || JSON.stringify(order.billing_address) === JSON.stringify(order.delivery_address);
              return correct.mutateAsync({ orderId: order.id, input: { delivery_address: address, billing_address: sameBilling ? null : order.billing_address } });
            }}
            onCancel={() => setOpen(false)}
            onSaved={() => {
              toast({ title: "Delivery address saved", description: `Order ${order.order_number} will ship there.` });
              setOpen(false);
            }}
          />
        </DialogContent>
      </Dialog>
    </>
  );
}
