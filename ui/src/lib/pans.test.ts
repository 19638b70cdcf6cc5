import { describe, expect, it } from "vitest";
import { apply, cardToPhoto, childAnswered, homography, leftOf, moveLimit, pathLength, scanToSleeve, track, undoTakesBackVerdict, type Pt } from "./pans";
import type { Scan } from "./bindings";

describe("homography", () => {
  it("maps each corner to its partner and keeps straight lines straight", () => {
    const from: Pt[] = [
      [0, 0],
      [60, 0],
      [60, 90],
      [0, 90],
    ];
    const to: Pt[] = [
      [812.4, 301.7],
      [1390.2, 355.0],
      [1321.9, 1210.3],
      [760.5, 1150.8],
    ];
    const h = homography(from, to);
    from.forEach((p, i) => {
      const [x, y] = apply(h, p);
      expect(x).toBeCloseTo(to[i]![0], 6);
      expect(y).toBeCloseTo(to[i]![1], 6);
    });
    // The card's middle lands where the photo's diagonals cross: on both diagonals.
    const [a, b, c, d] = to as [Pt, Pt, Pt, Pt];
    const m = cardToPhoto(to, 60, 90)([30, 45]);
    const side = (p: Pt, q: Pt, r: Pt) => (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]);
    expect(side(a, c, m)).toBeCloseTo(0, 3);
    expect(side(b, d, m)).toBeCloseTo(0, 3);
  });

  it("refuses corners that do not make a quadrilateral", () => {
    const p: Pt = [5, 5];
    expect(() => homography([p, p, p, p], [p, p, p, p])).toThrow();
  });
});

describe("sleeves", () => {
  const scan: Scan = {
    card: { corners_px: [[0, 0], [60, 0], [60, 90], [0, 90]] },
    hooks: [{ x: 10.5, y: 20.25, r: 3.1, hidden: true }],
    dark_areas: [[[1, 1], [9, 1], [9, 9]]],
    cross: { x: 30.5, y: 60.75 },
    confidence: { card: 1, orientation: 1, hooks: 1, dark_areas: 1, cross: 1 },
    doubts: [],
    warnings: [],
  };

  it("turns a scan into what the holder confirms, without the hidden flag", () => {
    expect(scanToSleeve(scan)).toEqual({
      cross: { x: 30.5, y: 60.75 },
      hooks: [{ x: 10.5, y: 20.25, r: 3.1 }],
      dark_areas: [[[1, 1], [9, 1], [9, 9]]],
    });
    expect(scanToSleeve({ ...scan, cross: null })).toBeNull();
  });

  it("seats and tracks", () => {
    expect(leftOf(2, 3)).toBe(0);
    expect(track(2, 5)).toEqual([true, true, false, false, false]);
  });
});

describe("issue 14 view rules", () => {
  // A minimal view: only what the helpers read.
  const view = (over: Record<string, unknown>) =>
    ({
      can_undo: true,
      history: [],
      state: {
        phase: { phase: "act", active: 0, moved: false, camped: false, explored: false },
        verdicts: [],
        movement: 90,
        tinker_bell_bonus: 60,
        magic_powder: false,
        players: [{ hero: "tinker-bell" }, { hero: "wendy" }],
        ...over,
      },
    }) as unknown as import("./bindings").PansView;
  const lost = { action: "explore", round: 3, player: 0, hook_encountered: true, child_found: false };

  it("says nothing about the Child on the Explore that lost the game", () => {
    const v = view({ phase: { phase: "ended", outcome: "lost" }, verdicts: [lost, lost] });
    expect(childAnswered(v, 1)).toBe(false);
    expect(childAnswered(v, 0)).toBe(true);
    const won = view({ phase: { phase: "ended", outcome: "won" }, verdicts: [lost] });
    expect(childAnswered(won, 0)).toBe(true);
  });

  it("measures a bent path and the reach after Events", () => {
    expect(pathLength({ x: 0, y: 0 }, [{ x: 30, y: 40 }, { x: 30, y: 0 }])).toBeCloseTo(90, 9);
    expect(moveLimit(view({}), 1)).toBe(90);
    expect(moveLimit(view({}), 0)).toBe(150);
    expect(moveLimit(view({ magic_powder: true }), 0)).toBeNull();
  });

  it("asks before taking back a verdict", () => {
    const withVerdict = { ...view({}), history: [{ step: 9, entry: {}, verdict: lost }] } as unknown as import("./bindings").PansView;
    expect(undoTakesBackVerdict(withVerdict)).toBe(true);
    const plain = { ...view({}), history: [{ step: 9, entry: {}, verdict: null }] } as unknown as import("./bindings").PansView;
    expect(undoTakesBackVerdict(plain)).toBe(false);
  });
});
