// Pure logic of the sleeve set-up screen (no IPC, no DOM): the holder's draft of the sleeve,
// the edits a tap or a drag makes, and which of the scanner's doubts the holder must still look
// at. Every check is recomputed from the scan, the draft and what the holder did, so what the
// screen says is true after every edit.
import type { Doubt, Scan } from "./bindings";
import { MANUAL_HOOK_RADIUS, type Pt } from "./pans";

/** A Hook circle of the draft. `id` stays with the circle when others are removed. */
export type DraftRing = { id: number; x: number; y: number; r: number; added: boolean };

export type Draft = {
  cross: Pt | null;
  hooks: DraftRing[];
  dark: Pt[][];
  /** What the holder changed by hand: "cross", "dark", `ring:<id>` (moved). */
  touched: string[];
};

export type CheckKind = "card" | "ring" | "missed-ring" | "placed" | "hidden" | "dark" | "cross" | "no-cross" | "other";

/** Something the holder must look at before confirming. */
export type Check = {
  /** Stable for one scan: what an acknowledgement is remembered by. */
  key: string;
  kind: CheckKind;
  /** Where to draw it, in card millimetres (null: the whole card). */
  at: Pt | null;
  /** The outline corner concerned (0 top-left .. 3 bottom-left), for the card. */
  corner: number | null;
  /** The draft ring concerned (its id), for a ring or its hidden flag. */
  ring: number | null;
  /** "no cross" is fixed only by placing the cross; the others may also be acknowledged. */
  required: boolean;
  /** Looked at and left as it is. */
  acknowledged: boolean;
};

/** The first reading as the holder's draft: ring ids are the scanner's ring indices. */
export function draftFromScan(scan: Scan | null): Draft {
  if (!scan) return { cross: null, hooks: [], dark: [], touched: [] };
  return {
    cross: scan.cross ? [scan.cross.x, scan.cross.y] : null,
    hooks: scan.hooks.map((h, id) => ({ id, x: h.x, y: h.y, r: h.r, added: false })),
    dark: scan.dark_areas.map((p) => p.map(([x, y]) => [x, y] as Pt)),
    touched: [],
  };
}

/** A tap this close to a ring's centre (its radius plus this) is a tap on the ring. */
export const RING_GRAB_MM = 1.0;
/** A holder's added ring this close to a place the scanner said a ring may be missed answers it. */
export const MISSED_RING_MM = 6.0;

/** The index of the ring a tap at `p` is on, or -1. */
export function ringAt(d: Draft, [x, y]: Pt): number {
  return d.hooks.findIndex((h) => Math.hypot(h.x - x, h.y - y) <= h.r + RING_GRAB_MM);
}

const touch = (d: Draft, what: string): string[] => (d.touched.includes(what) ? d.touched : [...d.touched, what]);

/**
 * What one tap at `p` does: on a ring it removes the ring (whatever the tool); elsewhere the
 * cross tool places (or moves) the cross and the ring tool adds a ring. Dark-area corners are
 * collected by the screen, not here.
 */
export function tap(d: Draft, p: Pt, tool: "cross" | "hook"): Draft {
  const on = ringAt(d, p);
  if (on >= 0) return { ...d, hooks: d.hooks.filter((_, i) => i !== on) };
  if (tool === "cross") return { ...d, cross: p, touched: touch(d, "cross") };
  const id = Math.max(999, ...d.hooks.map((h) => h.id)) + 1;
  return { ...d, hooks: [...d.hooks, { id, x: p[0], y: p[1], r: MANUAL_HOOK_RADIUS, added: true }] };
}

/** Moves the cross or the ring with id `ring` to `p` (a drag, or the keyboard). */
export function moveTo(d: Draft, what: "cross" | number, p: Pt): Draft {
  if (what === "cross") return { ...d, cross: p, touched: touch(d, "cross") };
  return {
    ...d,
    hooks: d.hooks.map((h) => (h.id === what ? { ...h, x: p[0], y: p[1] } : h)),
    touched: touch(d, `ring:${what}`),
  };
}

/** The ring with id `ring` removed (one tap on it, or its warning's button). */
export function removeRing(d: Draft, ring: number): Draft {
  return { ...d, hooks: d.hooks.filter((h) => h.id !== ring) };
}

/** A dark area added or removed by hand: every check about dark areas has been answered. */
export function withDark(d: Draft, dark: Pt[][]): Draft {
  return { ...d, dark, touched: touch(d, "dark") };
}

const CORNERS: Pt[] = [
  [0, 0],
  [60, 0],
  [60, 90],
  [0, 90],
];

/** One scanner doubt as a check on the current draft, or null once the draft has answered it. */
function fromDoubt(doubt: Doubt, key: string, d: Draft): Check | null {
  const open = (kind: CheckKind, at: Pt | null, corner: number | null = null): Check => ({
    key,
    kind,
    at,
    corner,
    ring: ring?.id ?? null,
    required: false,
    acknowledged: false,
  });
  const ring = doubt.hook === null ? undefined : d.hooks.find((h) => h.id === doubt.hook && !h.added);
  const edited = (what: string) => d.touched.includes(what);
  switch (doubt.field) {
    case "card": {
      const c = doubt.corner;
      return open("card", c === null ? null : (CORNERS[c] ?? null), c);
    }
    case "hooks": {
      if (doubt.hook !== null) {
        // Gone (removed) or moved by the holder: answered.
        if (!ring || edited(`ring:${ring.id}`)) return null;
        return open("ring", [ring.x, ring.y]);
      }
      const at = doubt.at as Pt | null;
      // No ring and no place: the rings' places, measured from an outline in doubt (answered
      // once no ring the scanner placed is left where it put it).
      if (!at) return d.hooks.some((h) => !h.added && !edited(`ring:${h.id}`)) ? open("placed", null) : null;
      if (d.hooks.some((h) => h.added && Math.hypot(h.x - at[0], h.y - at[1]) <= MISSED_RING_MM)) return null;
      return open("missed-ring", at);
    }
    case "hidden": {
      if (doubt.hook === null) return edited("dark") ? null : open("hidden", null);
      if (!ring || edited(`ring:${ring.id}`) || edited("dark")) return null;
      return open("hidden", [ring.x, ring.y]);
    }
    case "cross": {
      // With no cross on the draft the "no cross" check stands in for this one.
      if (!d.cross || edited("cross")) return null;
      return open("cross", d.cross);
    }
    case "dark_areas":
      return edited("dark") ? null : open("dark", (doubt.at as Pt | null) ?? null);
    default:
      // A field this screen does not know: shown with the scanner's own warning, to look at.
      return open("other", (doubt.at as Pt | null) ?? null);
  }
}

/**
 * Everything the holder must look at, in the order the screen lists them: the scanner's doubts
 * the draft has not answered (acknowledged ones marked so), and "no cross" while there is none.
 */
export function checks(scan: Scan | null, d: Draft, acknowledged: ReadonlySet<string>): Check[] {
  const out: Check[] = [];
  if (!d.cross) out.push({ key: "no-cross", kind: "no-cross", at: null, corner: null, ring: null, required: true, acknowledged: false });
  (scan?.doubts ?? []).forEach((doubt, i) => {
    const c = fromDoubt(doubt, `doubt-${i}`, d);
    if (c) out.push({ ...c, acknowledged: acknowledged.has(c.key) });
  });
  return out;
}

/** Confirm is allowed once there is a cross and every check has been answered or looked at. */
export function canConfirm(d: Draft, list: Check[]): boolean {
  return d.cross !== null && list.every((c) => !c.required && c.acknowledged);
}
