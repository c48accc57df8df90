export function WorkbenchScreen({ orderId }: { orderId: string }) {
  return (
    <div>
      <p className="eyebrow">Order</p>
      <h1 className="text-4xl">{orderId}</h1>
    </div>
  );
}
