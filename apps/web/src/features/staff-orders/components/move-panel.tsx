import {
  ORDER_STATUS_INFO,
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  STAFF_CANCELLABLE_STATUSES,
  STAFF_TRANSITION_TARGETS,
  type Order,
  type OrderStatus,
} from "@atelier/contract";
import { ArrowRight, Ban, Route, Undo2 } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input, Textarea } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { ApiError, errorMessage } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { useTransitionOrder } from "../api/actions";
import { Panel } from "./panel";
import { InlineAlert } from "@/components/ui/states";

type Target = (typeof STAFF_TRANSITION_TARGETS)[number];
const isStaffTarget = (s: OrderStatus): s is Target => (STAFF_TRANSITION_TARGETS as readonly string[]).includes(s);

/** The balance is confirmed (or nothing is owed): only then may an order be ready to ship. */
function balanceSettled(order: Order): boolean {
  return order.balance_due === null || Number(order.balance_due) <= 0;
}

/** The moves staff may make now, forward first; cancelling is apart, behind a confirmation. */
export function staffMoves(order: Order): Target[] {
  return ORDER_TRANSITIONS[order.status]
    .filter(isStaffTarget)
    .filter((to) => to !== "cancelled")
    .filter((to) => to !== "ready_to_ship" || balanceSettled(order))
    .sort((a, b) => {
      // A move back (quality check → manufacturing) comes after the move forward.
      const back = (s: OrderStatus) => ORDER_STATUSES.indexOf(s) < ORDER_STATUSES.indexOf(order.status);
      return Number(back(a)) - Number(back(b));
    });
}

function moveLabel(from: OrderStatus, to: Target): string {
  if (to === "delivered") return "Mark as delivered";
  if (ORDER_STATUSES.indexOf(to) < ORDER_STATUSES.indexOf(from)) return `Back to ${ORDER_STATUS_INFO[to].label}`;
  return `Move to ${ORDER_STATUS_INFO[to].label}`;
}

type Errors = { note?: string; carrier?: string; tracking_number?: string };

/** Move the order: the next allowed statuses as buttons, a note, shipping details, cancel with a reason. */
export function MovePanel({ order }: { order: Order }) {
  const id = useId();
  const move = useTransitionOrder(order.id);
  const [note, setNote] = useState("");
  const [carrier, setCarrier] = useState("");
  const [tracking, setTracking] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [conflict, setConflict] = useState<string | null>(null);
  const [cancelOpen, setCancelOpen] = useState(false);

  const moves = staffMoves(order);
  const canCancel = STAFF_CANCELLABLE_STATUSES.includes(order.status);
  const shipping = moves.includes("shipped");
  const waitingForBalance = order.status === "quality_check" && !balanceSettled(order);

  // A lost race can leave nothing to do (the order was cancelled meanwhile): the reason stays on screen.
  if (moves.length === 0 && !canCancel && !conflict) return null;

  function run(to: Target, reason?: string) {
    setConflict(null);
    const found: Errors = {};
    if (to === "shipped") {
      if (!carrier.trim()) found.carrier = "Enter the carrier.";
      if (!tracking.trim()) found.tracking_number = "Enter the tracking number.";
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    move.mutate(
      { to, note: to === "cancelled" ? (reason ?? "") : note.trim(), carrier: carrier.trim(), tracking_number: tracking.trim() },
      {
        onSuccess: () => {
          toast({
            title: to === "cancelled" ? "Order cancelled" : `Order moved to ${ORDER_STATUS_INFO[to].label}`,
            description: order.order_number,
          });
          setNote("");
          setCancelOpen(false);
        },
        onError: (err) => {
          setCancelOpen(false);
          if (err instanceof ApiError && err.status === 400 && !err.detail) {
            setErrors({ note: err.field("note"), carrier: err.field("carrier"), tracking_number: err.field("tracking_number") });
            if (!err.field("carrier") && !err.field("tracking_number") && !err.field("note")) setConflict(err.message);
          } else {
            // A lost race (409) says why in a sentence; the order is read again.
            setConflict(errorMessage(err, "The order could not be moved. Please try again."));
          }
        },
      },
    );
  }

  return (
    <Panel icon={<Route />} title="Move the order" description={`Now ${ORDER_STATUS_INFO[order.status].label}.`} testId="move-panel">
      {conflict && <InlineAlert testId="move-error">{conflict}</InlineAlert>}
      {moves.length > 0 && (
        <div className="flex flex-col gap-4">
          {shipping && (
            <div className="grid gap-4 sm:grid-cols-2">
              <Field id={`${id}-carrier`} label="Carrier" required error={errors.carrier}>
                <Input
                  id={`${id}-carrier`}
                  value={carrier}
                  maxLength={100}
                  onChange={(e) => setCarrier(e.target.value)}
                  aria-invalid={errors.carrier ? true : undefined}
                  aria-describedby={errors.carrier ? `${id}-carrier-error` : undefined}
                  placeholder="Blue Dart"
                />
              </Field>
              <Field id={`${id}-tracking`} label="Tracking number" required error={errors.tracking_number}>
                <Input
                  id={`${id}-tracking`}
                  value={tracking}
                  maxLength={100}
                  onChange={(e) => setTracking(e.target.value)}
                  aria-invalid={errors.tracking_number ? true : undefined}
                  aria-describedby={errors.tracking_number ? `${id}-tracking-error` : undefined}
                  className="font-mono"
                />
              </Field>
            </div>
          )}
          <Field id={`${id}-note`} label="Note" hint="Optional. Kept in the order's history." error={errors.note}>
            <Textarea id={`${id}-note`} value={note} onChange={(e) => setNote(e.target.value)} maxLength={2000} rows={2} />
          </Field>
          <div className="flex flex-wrap gap-2">
            {moves.map((to) => {
              const back = ORDER_STATUSES.indexOf(to) < ORDER_STATUSES.indexOf(order.status);
              return (
                <Button
                  key={to}
                  variant={back ? "secondary" : "primary"}
                  onClick={() => run(to)}
                  loading={move.isPending && move.variables.to === to}
                  disabled={move.isPending}
                  data-testid={`move-${to}`}
                >
                  {back ? <Undo2 /> : <ArrowRight />} {moveLabel(order.status, to)}
                </Button>
              );
            })}
          </div>
        </div>
      )}
      {waitingForBalance && (
        <p className="text-sm text-muted">Ready to ship becomes possible once the customer&apos;s balance payment is confirmed.</p>
      )}
      {canCancel && (
        <div className={cn("flex items-center justify-between gap-4", moves.length > 0 && "border-t border-border pt-4")}>
          <p className="text-sm text-muted">Cancelling tells the customer and cannot be undone.</p>
          <Button variant="ghost" className="shrink-0 text-destructive hover:bg-destructive-soft" onClick={() => setCancelOpen(true)}>
            <Ban /> Cancel order
          </Button>
        </div>
      )}
      <CancelDialog
        open={cancelOpen}
        onOpenChange={setCancelOpen}
        loading={move.isPending}
        error={errors.note}
        onConfirm={(reason) => run("cancelled", reason)}
        order={order}
      />
    </Panel>
  );
}

function CancelDialog({
  open,
  onOpenChange,
  loading,
  error,
  onConfirm,
  order,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  loading: boolean;
  error: string | undefined;
  onConfirm: (reason: string) => void;
  order: Order;
}) {
  const id = useId();
  const [reason, setReason] = useState("");
  const [missing, setMissing] = useState(false);
  const [wasOpen, setWasOpen] = useState(open);
  if (wasOpen !== open) {
    setWasOpen(open);
    if (open) {
      setReason("");
      setMissing(false);
    }
  }
  const shown = missing ? "Say why the order is cancelled." : error;
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Cancel ${order.order_number}?`}
      description="The customer is told at once, with your reason. A pending quote expires. This cannot be undone."
      confirmLabel="Cancel order"
      cancelLabel="Keep order"
      loading={loading}
      onConfirm={() => {
        if (!reason.trim()) {
          setMissing(true);
          return;
        }
        onConfirm(reason.trim());
      }}
    >
      <Field id={id} label="Reason" required error={shown}>
        <Textarea
          id={id}
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            setMissing(false);
          }}
          maxLength={2000}
          rows={3}
          aria-invalid={shown ? true : undefined}
          aria-describedby={shown ? `${id}-error` : undefined}
        />
      </Field>
    </ConfirmDialog>
  );
}
