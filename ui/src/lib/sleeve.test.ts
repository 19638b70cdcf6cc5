import { describe, expect, it } from "vitest";
import type { Doubt, Scan } from "./bindings";
import { canConfirm, checks, draftFromScan, moveTo, removeRing, tap, withDark } from "./sleeve";

const doubt = (field: string, hook: number | null = null, at: [number, number] | null = null): Doubt => ({
  field,
  hook,
  corner: null,
  at,
  confidence: 0.3,
});

const scan = (over: Partial<Scan> = {}): Scan => ({
  card: { corners_px: [[0, 0], [600, 0], [600, 900], [0, 900]] },
  hooks: [
    { x: 10, y: 20, r: 3, hidden: false },
    { x: 40, y: 50, r: 4, hidden: false },
  ],
  dark_areas: [[[30, 40], [50, 40], [50, 60], [30, 60]]],
  cross: null,
  confidence: { card: 1, orientation: 1, hooks: 1, dark_areas: 1, cross: 0 },
  doubts: [doubt("cross")],
  warnings: [],
  ...over,
});

describe("the sleeve draft", () => {
  it("a missed cross: 'no cross' until one tap places it, then confirm", () => {
    const s = scan();
    let d = draftFromScan(s);
    let list = checks(s, d, new Set());
    expect(list.map((c) => c.kind)).toEqual(["no-cross"]);
    expect(canConfirm(d, list)).toBe(false);
    d = tap(d, [25, 70], "cross");
    list = checks(s, d, new Set());
    expect(list).toEqual([]);
    expect(d.cross).toEqual([25, 70]);
    expect(canConfirm(d, list)).toBe(true);
  });

  it("a tap on a ring removes it whatever the tool; elsewhere the ring tool adds one", () => {
    const d = draftFromScan(scan());
    const one = tap(d, [41, 51], "cross");
    expect(one.hooks.map((h) => h.id)).toEqual([0]);
    expect(one.cross).toBeNull();
    const added = tap(one, [20, 80], "hook");
    expect(added.hooks).toHaveLength(2);
    expect(added.hooks[1]).toMatchObject({ x: 20, y: 80, added: true });
    // Tapping the added ring takes it away again.
    expect(tap(added, [20, 80], "hook").hooks).toHaveLength(1);
  });

  it("a doubtful ring stays a check until looked at, moved or removed", () => {
    const s = scan({ cross: { x: 20, y: 70 }, doubts: [doubt("hooks", 1, [40, 50]), doubt("hidden", 1, [40, 50])] });
    const d = draftFromScan(s);
    let list = checks(s, d, new Set());
    expect(list.map((c) => [c.kind, c.at])).toEqual([
      ["ring", [40, 50]],
      ["hidden", [40, 50]],
    ]);
    expect(canConfirm(d, list)).toBe(false);
    // Acknowledged: still listed, no longer blocking.
    list = checks(s, d, new Set(["doubt-0", "doubt-1"]));
    expect(list.every((c) => c.acknowledged)).toBe(true);
    expect(canConfirm(d, list)).toBe(true);
    // Removed (one tap on it): both checks about it are gone.
    expect(checks(s, tap(d, [40, 50], "cross"), new Set())).toEqual([]);
    expect(checks(s, removeRing(d, 1), new Set())).toEqual([]);
    // Moved: answered too, and the check follows the ids, not the positions in the list.
    expect(checks(s, moveTo(d, 1, [45, 55]), new Set())).toEqual([]);
    const other = removeRing(d, 0);
    expect(checks(s, other, new Set()).map((c) => c.at)).toEqual([
      [40, 50],
      [40, 50],
    ]);
  });

  it("a ring the scanner may have missed is answered by a ring added near it", () => {
    const s = scan({ cross: { x: 20, y: 70 }, doubts: [doubt("hooks", null, [50, 10])] });
    const d = draftFromScan(s);
    expect(checks(s, d, new Set()).map((c) => c.kind)).toEqual(["missed-ring"]);
    expect(checks(s, tap(d, [20, 85], "hook"), new Set()).map((c) => c.kind)).toEqual(["missed-ring"]);
    expect(checks(s, tap(d, [51, 12], "hook"), new Set())).toEqual([]);
  });

  it("the rings' places doubted with the outline are one check over the whole card, gone with the rings", () => {
    const s = scan({ cross: { x: 20, y: 70 }, doubts: [doubt("card"), doubt("hooks")] });
    const d = draftFromScan(s);
    const list = checks(s, d, new Set());
    expect(list.map((c) => [c.kind, c.at])).toEqual([
      ["card", null],
      ["placed", null],
    ]);
    expect(canConfirm(d, list)).toBe(false);
    expect(canConfirm(d, checks(s, d, new Set(["doubt-0", "doubt-1"])))).toBe(true);
    const bare = d.hooks.reduce((x, h) => removeRing(x, h.id), d);
    expect(checks(s, bare, new Set()).map((c) => c.kind)).toEqual(["card"]);
    // Rings placed by hand, or every scanned one moved by hand, are not measured from it.
    expect(checks(s, tap(bare, [30, 30], "hook"), new Set()).map((c) => c.kind)).toEqual(["card"]);
    const moved = d.hooks.reduce((x, h) => moveTo(x, h.id, [h.x + 1, h.y]), d);
    expect(checks(s, moved, new Set()).map((c) => c.kind)).toEqual(["card"]);
  });

  it("a doubtful cross is answered by moving it; removing every cross brings 'no cross' back", () => {
    const s = scan({ cross: { x: 20, y: 70 }, doubts: [doubt("cross", null, [20, 70]), doubt("dark_areas")] });
    const d = draftFromScan(s);
    expect(checks(s, d, new Set()).map((c) => c.kind)).toEqual(["cross", "dark"]);
    const moved = withDark(moveTo(d, "cross", [22, 71]), []);
    expect(checks(s, moved, new Set())).toEqual([]);
    const none = { ...d, cross: null };
    const list = checks(s, none, new Set(["doubt-0", "doubt-1"]));
    expect(list.map((c) => c.kind)).toEqual(["no-cross", "dark"]);
    expect(canConfirm(none, list)).toBe(false);
  });

  it("a doubt about a field this screen does not know is still listed, to look at", () => {
    const s = scan({ cross: { x: 20, y: 70 }, doubts: [doubt("laces")] });
    const d = draftFromScan(s);
    const list = checks(s, d, new Set());
    expect(list.map((c) => [c.kind, c.key])).toEqual([["other", "doubt-0"]]);
    expect(canConfirm(d, list)).toBe(false);
    expect(canConfirm(d, checks(s, d, new Set(["doubt-0"])))).toBe(true);
  });

  it("by hand (no scan): only the cross is required", () => {
    const d = draftFromScan(null);
    expect(checks(null, d, new Set()).map((c) => c.kind)).toEqual(["no-cross"]);
    expect(canConfirm(tap(d, [1, 1], "cross"), [])).toBe(true);
  });
});
