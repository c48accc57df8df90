/**
 * Leaves a public page for the app. Public pages are separate, prerendered documents without
 * the app's router, so this is a full navigation. React Router reads a location's state from
 * `history.state.usr`; writing it there before loading the new address hands the state to the
 * app exactly as `navigate(to, { state })` would (a reload keeps `history.state`).
 */
export function goTo(href: string, state?: unknown): void {
  if (state === undefined) {
    window.location.assign(href);
    return;
  }
  const current = window.history.state as { idx?: unknown } | null;
  const idx = typeof current?.idx === "number" ? current.idx + 1 : 1;
  window.history.pushState({ usr: state, key: Math.random().toString(36).slice(2, 10), idx }, "", href);
  window.location.reload();
}
