import type { Order } from "@atelier/contract";
import { FileDown, MapPin } from "lucide-react";
import { PostalAddressView } from "@/components/postal-address";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { errorMessage } from "@/lib/api-client";
import { useDownloadPackingSlip } from "../api/packing-slip";
import { Panel } from "./panel";

const sameAddress = (a: Order["delivery_address"], b: Order["delivery_address"]) => JSON.stringify(a) === JSON.stringify(b);

/** Where the order ships (the customer's chosen address, as copied into the order), its billing address and the packing slip. */
/** Staff's way to correct the address (the addresses feature's, handed in by the route). */
export type AddressActionSlot = React.ComponentType<{ order: Order }>;

export function DeliveryAddressPanel({ order, Action }: { order: Order; Action?: AddressActionSlot | undefined }) {
  const slip = useDownloadPackingSlip();
  const delivery = order.delivery_address;
  const download = () =>
    slip.mutate(
      { orderId: order.id, orderNumber: order.order_number },
      { onError: (err) => toast({ variant: "destructive", title: "Download failed", description: errorMessage(err, "The packing slip could not be downloaded. Please try again.") }) },
    );
  return (
    <Panel
      icon={<MapPin />}
      title="Delivery address"
      testId="delivery-address-panel"
      action={
        <div className="flex flex-wrap justify-end gap-1">
          {Action && <Action order={order} />}
          <Button variant="secondary" size="sm" loading={slip.isPending} onClick={download}>
            {!slip.isPending && <FileDown aria-hidden />} Packing slip
          </Button>
        </div>
      }
    >
      {delivery ? (
        <div className="flex flex-col gap-4">
          <PostalAddressView address={delivery} />
          {order.billing_address && !sameAddress(delivery, order.billing_address) && (
            <div className="flex flex-col gap-1">
              <span className="text-xs uppercase tracking-wider text-muted">Billed to</span>
              <PostalAddressView address={order.billing_address} showPhone={false} />
            </div>
          )}
        </div>
      ) : (
        <p className="text-sm text-muted">
          No delivery address yet. The customer chooses one on the order page before paying the balance; the order cannot ship without it.
        </p>
      )}
    </Panel>
  );
}
