// Pure view logic for the Pan's Island screens: no IPC, no DOM.
import type { CardSleeve, Hero, PansView, Ring, Scan } from "./bindings";

export type Pt = [number, number];

/** The 3 x 3 projective map (row-major, h[8] = 1) taking each `from` point to its `to` point. */
export function homography(from: Pt[], to: Pt[]): number[] {
  // Eight equations in eight unknowns, solved by Gaussian elimination with partial pivoting.
  const a: number[][] = [];
  for (let i = 0; i < 4; i++) {
    const [x, y] = from[i] ?? [0, 0];
    const [u, v] = to[i] ?? [0, 0];
    a.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u]);
    a.push([0, 0, 0, x, y, 1, -v * x, -v * y, v]);
  }
  const at = (r: number, c: number) => a[r]![c]!;
  for (let c = 0; c < 8; c++) {
    let p = c;
    for (let r = c + 1; r < 8; r++) if (Math.abs(at(r, c)) > Math.abs(at(p, c))) p = r;
    [a[c], a[p]] = [a[p]!, a[c]!];
    if (Math.abs(at(c, c)) < 1e-12) throw new Error("the four corners do not make a quadrilateral");
    for (let r = 0; r < 8; r++) {
      if (r === c) continue;
      const f = at(r, c) / at(c, c);
      for (let k = c; k < 9; k++) a[r]![k]! -= f * at(c, k);
    }
  }
  return [...a.map((row, i) => row[8]! / row[i]!), 1];
}

export function apply(h: number[], [x, y]: Pt): Pt {
  const m = (i: number) => h[i] ?? 0;
  const z = m(6) * x + m(7) * y + m(8);
  return [(m(0) * x + m(1) * y + m(2)) / z, (m(3) * x + m(4) * y + m(5)) / z];
}

/** Card millimetres to photo pixels, from the card's corners in the photo (TL, TR, BR, BL). */
export function cardToPhoto(corners: Pt[], cardW: number, cardH: number): (p: Pt) => Pt {
  const h = homography(
    [
      [0, 0],
      [cardW, 0],
      [cardW, cardH],
      [0, cardH],
    ],
    corners,
  );
  return (p) => apply(h, p);
}

/** What the holder confirms from a scan; null while the cross is missing (they tap it). */
export function scanToSleeve(scan: Scan): CardSleeve | null {
  if (!scan.cross) return null;
  return {
    cross: { x: scan.cross.x, y: scan.cross.y },
    hooks: scan.hooks.map((h): Ring => ({ x: h.x, y: h.y, r: h.r })),
    dark_areas: scan.dark_areas,
  };
}

/** The first seat still without a sleeve (the one the tablet goes to next), or null. */
export function nextHolder(view: PansView): number | null {
  const i = view.state.players.findIndex((p) => !p.has_sleeve);
  return i < 0 ? null : i;
}

/** The seat on the left of `seat` (seats go clockwise). */
export function leftOf(seat: number, players: number): number {
  return (seat + 1) % players;
}

/** The seat on the right of `seat`: who receives `seat`'s Visions. */
export function rightOf(seat: number, players: number): number {
  return (seat + players - 1) % players;
}

/** The first seat still receiving Visions, or null when everyone is done. */
export function visionsSeat(view: PansView): number | null {
  const i = view.state.players.findIndex((p) => !p.visions_done);
  return i < 0 ? null : i;
}

/** The Hero of each seat, for "pass the tablet to…". */
export function heroAt(view: PansView, seat: number): Hero {
  return view.state.players[seat]!.hero;
}

/** Spaces of a track as filled/empty, for drawing with a shape and a word. */
export function track(filled: number, spaces: number): boolean[] {
  return Array.from({ length: spaces }, (_, i) => i < filled);
}

/** A Hook circle the holder taps in by hand: the middle of the contract's 2.5–5 mm range. */
export const MANUAL_HOOK_RADIUS = 3.75;

/**
 * Does the screen say anything about the Child for verdict number `index`? Not for the Explore
 * that marked the last Hook space: the game ended at once and the neighbour never answered.
 */
export function childAnswered(view: PansView, index: number): boolean {
  const p = view.state.phase;
  const v = view.state.verdicts[index];
  if (!v || v.action !== "explore") return false;
  const last = index === view.state.verdicts.length - 1;
  return !(last && p.phase === "ended" && p.outcome === "lost" && v.hook_encountered);
}

/** Length of a path from `from` through `points`, in board millimetres. */
export function pathLength(from: { x: number; y: number }, points: { x: number; y: number }[]): number {
  let len = 0;
  let at = from;
  for (const p of points) {
    len += Math.hypot(p.x - at.x, p.y - at.y);
    at = p;
  }
  return len;
}

/** How far the active Hero may move this turn (Events included), or null when there is no limit. */
export function moveLimit(view: PansView, seat: number): number | null {
  const s = view.state;
  if (heroAt(view, seat) !== "tinker-bell") return s.movement;
  return s.magic_powder ? null : s.movement + s.tinker_bell_bonus;
}

/** Does undoing the newest step take back a verdict the table has heard? */
export function undoTakesBackVerdict(view: PansView): boolean {
  return view.can_undo && view.history.length > 0 && view.history[0]!.verdict !== null;
}
