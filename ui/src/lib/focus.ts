// Keyboard focus stays where the player acted. An answer from Rust redraws the screen: the control
// just used may be disabled while busy, replaced or gone, and the browser then drops focus to the
// top of the page. `keepFocus` notes the focused control before a call; the function it answers,
// run after the redraw, puts focus back on that control, on one with the same test id, or on the
// first usable control of the nearest enclosing part of the screen that is still there.

const CONTROLS = "button:not(:disabled), select:not(:disabled), input:not(:disabled), [tabindex='0']";

const usable = (el: Element | null): el is HTMLElement =>
  el instanceof HTMLElement && el.isConnected && !(el as HTMLButtonElement).disabled;

export function keepFocus(doc: Document = document): () => void {
  const start = doc.activeElement;
  if (!(start instanceof HTMLElement) || start === doc.body) return () => {};
  const id = start.getAttribute("data-testid");
  const containers: Element[] = [];
  for (let p = start.parentElement; p && p !== doc.body; p = p.parentElement) containers.push(p);
  return () => {
    const now = doc.activeElement;
    if (now instanceof HTMLElement && now !== doc.body && now.isConnected) return;
    const again = id ? [...doc.querySelectorAll("[data-testid]")].find((e) => e.getAttribute("data-testid") === id) ?? null : null;
    const target = [start, again].find(usable) ?? containers.filter((c) => c.isConnected).map((c) => c.querySelector(CONTROLS)).find(usable);
    target?.focus({ preventScroll: true });
  };
}
