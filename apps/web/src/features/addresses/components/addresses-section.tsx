import type { Address } from "@atelier/contract";
import { MapPin, Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { PostalAddressView } from "@/components/postal-address";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmDialog, Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { EmptyState, ErrorState } from "@/components/ui/states";
import { toast } from "@/components/ui/use-toast";
import { errorMessage } from "@/lib/api-client";
import { useAddresses, useDeleteAddress, useSaveAddress } from "../api/addresses";
import { AddressForm } from "./address-form";

type Editing = { kind: "new" } | { kind: "edit"; address: Address } | null;

/** Profile → Addresses: the customer's delivery and billing addresses, with their defaults. */
export function AddressesSection() {
  const addresses = useAddresses();
  const [editing, setEditing] = useState<Editing>(null);
  const [removing, setRemoving] = useState<Address | null>(null);
  const remove = useDeleteAddress();
  const setDefault = useSaveAddress();

  function makeDefault(address: Address, kind: "delivery" | "billing") {
    const { id, created_at: _c, updated_at: _u, ...fields } = address;
    setDefault.mutate(
      { id, input: { ...fields, [`is_default_${kind}`]: true } },
      {
        onSuccess: () => toast({ title: kind === "delivery" ? "Default delivery address set" : "Default billing address set" }),
        onError: (err) => toast({ variant: "destructive", title: "Not saved", description: errorMessage(err, "The default could not be changed. Please try again.") }),
      },
    );
  }

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1.5">
          <CardTitle>Addresses</CardTitle>
          <CardDescription>Where your pieces are delivered and whom they are invoiced to. Orders keep the address they were given.</CardDescription>
        </div>
        {addresses.data && addresses.data.length > 0 && (
          <Button variant="secondary" onClick={() => setEditing({ kind: "new" })}>
            <Plus aria-hidden /> Add address
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {addresses.isPending ? (
          <div className="grid gap-4 sm:grid-cols-2" aria-busy="true" aria-label="Loading addresses">
            <Skeleton className="h-36" />
            <Skeleton className="h-36" />
          </div>
        ) : addresses.isError ? (
          <ErrorState message="Failed to load your addresses. Please try again." onRetry={() => void addresses.refetch()} />
        ) : addresses.data.length === 0 ? (
          <EmptyState
            icon={<MapPin aria-hidden />}
            title="No addresses yet"
            description="Add the address your pieces should be delivered to. You choose it on each order before the balance is paid."
            action={
              <Button onClick={() => setEditing({ kind: "new" })}>
                <Plus aria-hidden /> Add address
              </Button>
            }
          />
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2">
            {addresses.data.map((a) => (
              <li key={a.id} className="flex flex-col gap-3 rounded-md border border-border p-4" data-testid="saved-address">
                <div className="flex flex-wrap gap-2">
                  {a.is_default_delivery && <Badge tone="gold">Default delivery</Badge>}
                  {a.is_default_billing && <Badge tone="neutral">Default billing</Badge>}
                </div>
                <PostalAddressView address={a} />
                <div className="mt-auto flex flex-wrap gap-1">
                  <Button variant="ghost" size="sm" onClick={() => setEditing({ kind: "edit", address: a })} aria-label={`Edit the address of ${a.name}, ${a.line1}`}>
                    <Pencil aria-hidden /> Edit
                  </Button>
                  {!a.is_default_delivery && (
                    <Button variant="ghost" size="sm" disabled={setDefault.isPending} onClick={() => makeDefault(a, "delivery")}>
                      Make default delivery
                    </Button>
                  )}
                  {!a.is_default_billing && (
                    <Button variant="ghost" size="sm" disabled={setDefault.isPending} onClick={() => makeDefault(a, "billing")}>
                      Make default billing
                    </Button>
                  )}
                  <Button variant="ghost" size="sm" onClick={() => setRemoving(a)} aria-label={`Delete the address of ${a.name}, ${a.line1}`}>
                    <Trash2 aria-hidden /> Delete
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>

      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        <DialogContent className="max-w-2xl">
          <DialogHeader>
            <DialogTitle>{editing?.kind === "edit" ? "Edit address" : "Add an address"}</DialogTitle>
            <DialogDescription>We check the postal code and phone number for the country you choose.</DialogDescription>
          </DialogHeader>
          {editing && (
            <AddressForm
              address={editing.kind === "edit" ? editing.address : undefined}
              onCancel={() => setEditing(null)}
              onSaved={() => {
                toast({ title: editing.kind === "edit" ? "Address updated" : "Address added" });
                setEditing(null);
              }}
            />
          )}
        </DialogContent>
      </Dialog>

      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Delete this address?"
        description="Orders that already ship to it keep their copy of the address."
        confirmLabel="Delete address"
        loading={remove.isPending}
        onConfirm={() => {
          if (!removing) return;
          remove.mutate(removing.id, {
            onSuccess: () => {
              toast({ title: "Address deleted" });
              setRemoving(null);
            },
            onError: (err) => toast({ variant: "destructive", title: "Not deleted", description: errorMessage(err, "The address could not be deleted. Please try again.") }),
          });
        }}
      />
    </Card>
  );
}
