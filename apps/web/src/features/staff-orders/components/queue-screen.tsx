export function QueueScreen() {
  return (
    <div>
      <p className="eyebrow">Staff console</p>
      <h1 className="text-4xl">Queue</h1>
    </div>
  );
}
