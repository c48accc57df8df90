import { zodResolver } from "@hookform/resolvers/zod";
import {
  ORDER_STATUS_INFO,
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  STAFF_CANCELLABLE_STATUSES,
  STAFF_TRANSITION_TARGETS,
  staffCancelFormSchema,
  transitionFormSchema,
  type Order,
  type OrderStatus,
  type TransitionInput,
} from "@atelier/contract";
import { ArrowRight, Ban, Route, Undo2 } from "lucide-react";
import { useId, useState } from "react";
import { useForm, type Resolver } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/dialog";
import { Field, fieldAria } from "@/components/ui/field";
import { Input, Textarea } from "@/components/ui/input";
import { InlineAlert } from "@/components/ui/states";
import { toast } from "@/components/ui/use-toast";
import { ApiError, errorMessage } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { applyServerErrors } from "@/lib/form-errors";
import { useTransitionOrder } from "../api/actions";
import { useCancelRefund } from "./cancel-refund";
import { Panel } from "./panel";

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

type MoveValues = Required<TransitionInput>;
const MOVE_FIELDS = ["carrier", "tracking_number", "note"] as const;
// The contract's rules for a move (a shipment names its carrier and tracking number), on the values as typed.
const resolver = zodResolver(transitionFormSchema, undefined, { raw: true }) as Resolver<MoveValues>;

/** Move the order: the next allowed statuses as buttons, a note, shipping details, cancel with a reason. */
export function MovePanel({ order }: { order: Order }) {
  const id = useId();
  const move = useTransitionOrder(order.id);
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    clearErrors,
    resetField,
    formState: { errors },
  } = useForm<MoveValues>({ resolver, defaultValues: { to: "manufacturing", note: "", carrier: "", tracking_number: "" } });
  const [cancelError, setCancelError] = useState<string | undefined>();
  const [conflict, setConflict] = useState<string | null>(null);
  const [cancelOpen, setCancelOpen] = useState(false);
  const cancelRefund = useCancelRefund(order);

  const moves = staffMoves(order);
  const canCancel = STAFF_CANCELLABLE_STATUSES.includes(order.status);
  const shipping = moves.includes("shipped");
  const waitingForBalance = order.status === "quality_check" && !balanceSettled(order);

  // A lost race can leave nothing to do (the order was cancelled meanwhile): the reason stays on screen.
  if (moves.length === 0 && !canCancel && !conflict) return null;

  async function send(input: MoveValues) {
    setConflict(null);
    setCancelError(undefined);
    const to = input.to;
    try {
      await move.mutateAsync({ to, note: input.note.trim(), carrier: input.carrier.trim(), tracking_number: input.tracking_number.trim() });
      toast({
        title: to === "cancelled" ? "Order cancelled" : `Order moved to ${ORDER_STATUS_INFO[to].label}`,
        description: order.order_number,
      });
      resetField("note");
      setCancelOpen(false);
      if (to === "cancelled") await cancelRefund.run(input.note.trim());
    } catch (err) {
      setCancelOpen(false);
      if (err instanceof ApiError && err.status === 400 && !err.detail) {
        // A cancellation's note is the dialog's reason.
        if (to === "cancelled") setCancelError(err.field("note"));
        const placed = applyServerErrors(err, setError, to === "cancelled" ? ["carrier", "tracking_number"] : MOVE_FIELDS);
        if (!placed && !err.field("note")) setConflict(err.message);
      } else {
        // A lost race (409) says why in a sentence; the order is read again.
        setConflict(errorMessage(err, "The order could not be moved. Please try again."));
      }
    }
  }

  function run(to: Target) {
    setValue("to", to);
    clearErrors();
    void handleSubmit(send)();
  }

  function cancel(reason: string) {
    clearErrors();
    void send({ to: "cancelled", note: reason, carrier: "", tracking_number: "" });
  }

  return (
    <Panel icon={<Route />} title="Move the order" description={`Now ${ORDER_STATUS_INFO[order.status].label}.`} testId="move-panel">
      {conflict && <InlineAlert testId="move-error">{conflict}</InlineAlert>}
      {moves.length > 0 && (
        <div className="flex flex-col gap-4">
          {shipping && (
            <div className="grid gap-4 sm:grid-cols-2">
              <Field id={`${id}-carrier`} label="Carrier" required error={errors.carrier?.message}>
                <Input
                  id={`${id}-carrier`}
                  maxLength={100}
                  {...fieldAria(`${id}-carrier`, errors.carrier?.message)}
                  {...register("carrier")}
                  placeholder="Blue Dart"
                />
              </Field>
              <Field id={`${id}-tracking`} label="Tracking number" required error={errors.tracking_number?.message}>
                <Input
                  id={`${id}-tracking`}
                  maxLength={100}
                  {...fieldAria(`${id}-tracking`, errors.tracking_number?.message)}
                  {...register("tracking_number")}
                  className="font-mono"
                />
              </Field>
            </div>
          )}
          <Field id={`${id}-note`} label="Note" hint="Optional. Kept in the order's history." error={errors.note?.message}>
            <Textarea
              id={`${id}-note`}
              maxLength={2000}
              rows={2}
              {...fieldAria(`${id}-note`, errors.note?.message, { hint: true })}
              {...register("note")}
            />
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
          <Button
            variant="ghost"
            className="shrink-0 text-destructive hover:bg-destructive-soft"
            onClick={() => {
              cancelRefund.reset();
              setCancelOpen(true);
            }}
          >
            <Ban /> Cancel order
          </Button>
        </div>
      )}
      <CancelDialog
        open={cancelOpen}
        onOpenChange={setCancelOpen}
        loading={move.isPending}
        error={cancelError}
        onConfirm={cancel}
        refund={cancelRefund}
        order={order}
      />
    </Panel>
  );
}

const cancelResolver = zodResolver(staffCancelFormSchema);
function CancelDialog({
  open,
  onOpenChange,
  loading,
  error,
  onConfirm,
  order,
  refund,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  loading: boolean;
  error: string | undefined;
  onConfirm: (reason: string) => void;
  order: Order;
  refund?: ReturnType<typeof useCancelRefund>;
}) {
  const id = useId();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({ resolver: cancelResolver, defaultValues: { reason: "" } });
  const [wasOpen, setWasOpen] = useState(open);
  if (wasOpen !== open) {
    setWasOpen(open);
    if (open) reset({ reason: "" });
  }
  const shown = errors.reason?.message ?? error;
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Cancel ${order.order_number}?`}
      description="The customer is told at once, with your reason. A pending quote expires. This cannot be undone."
      confirmLabel="Cancel order"
      cancelLabel="Keep order"
      loading={loading}
      onConfirm={() => void handleSubmit(({ reason }) => (refund?.check() ?? true) && onConfirm(reason))()}
    >
      <Field id={id} label="Reason" required error={shown}>
        <Textarea id={id} maxLength={2000} rows={3} {...fieldAria(id, shown)} {...register("reason")} />
      </Field>
      {refund?.section}
    </ConfirmDialog>
  );
}
