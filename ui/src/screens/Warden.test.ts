import { cleanup, fireEvent, render, waitFor } from "@testing-library/svelte";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { WardenCommand, WardenCreatureView, WardenView } from "../lib/bindings";

const sent: WardenCommand[] = [];
let current: WardenView;

vi.mock("../lib/api", () => ({
  api: {
    wardenCampaign: vi.fn(async () => current),
    wardenTables: vi.fn(async () => ({
      scars: Array.from({ length: 12 }, (_, i) => ({
        row: i + 1, id: `row-${i + 1}`, name: i === 3 ? "Broken Limb" : `Row ${i + 1}`, source: "rulebook",
        text: "Something breaks.", when: "once mended", deprived: false, doomed: false,
        follow_up: { type: "max-hp-if-higher", dice: "2d6" },
      })),
      reactions: [],
    })),
    wardenCommand: vi.fn(async (_id: number, c: WardenCommand) => {
      sent.push(c);
      return current;
    }),
    wardenUndo: vi.fn(async () => current),
    wardenRedo: vi.fn(async () => current),
  },
  asAppError: (e: unknown) => e,
}));

import Warden from "./Warden.svelte";

function member(id: string, name: string, over: Partial<WardenCreatureView> = {}): WardenCreatureView {
  return {
    id, name, kind: "pc", str: { current: 10, max: 10 }, dex: { current: 10, max: 10 }, wil: { current: 10, max: 10 },
    hp: { current: 4, max: 4 }, armor: 0, shield: 0, shield_held: false, items: [], fatigue: 0,
    conditions: { critical: false, critical_save_due: false, dead: false, doomed: false, deprived: false, fled: false },
    pending_scars: [], scars: [], effective_hp: 4, effective_armor: 0, slots_used: 0, paralysed: false, delirious: false,
    ...over,
  };
}

function viewWith(creatures: WardenCreatureView[]): WardenView {
  return {
    game: { id: 3, kind: "warden", pack_id: "warden", pack_version: 1, seed: "9", title: "Skull Rock",
            created_at_ms: 0, updated_at_ms: 0, status: "in-progress", steps: 0, players: null, turn: null },
    state: { seed: 9, steps: 0, creatures, rolls: [], initiative: [] },
    can_undo: true, can_redo: false, history: [],
  };
}

describe("the Warden's screen", () => {
  afterEach(() => {
    cleanup();
    sent.length = 0;
  });

  it("sends one attack from the picked attackers, weapons and targets", async () => {
    current = viewWith([member("ann", "Ann"), member("wolves", "Wolves", { kind: "detachment" })]);
    const { getByTestId, findByTestId } = render(Warden, { id: 3, onback: vi.fn(), onerror: vi.fn() });
    await findByTestId("row-ann");
    await fireEvent.click(getByTestId("attacker-ann"));
    await fireEvent.click(getByTestId("weapon-ann-d10"));
    await fireEvent.click(getByTestId("target-wolves"));
    await fireEvent.click(getByTestId("mode-enhanced"));
    expect(getByTestId("attack-summary").textContent).toBe("Ann → Wolves");
    await fireEvent.click(getByTestId("attack"));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      type: "attack", attackers: [{ id: "ann", dice: ["d10"], mode: "enhanced", blast: false }], targets: ["wolves"],
    });
    // A stepper sends a set command; morale is offered only for non-PCs.
    await fireEvent.click(getByTestId("less-hp-ann"));
    await waitFor(() => expect(sent[1]).toEqual({ type: "set", id: "ann", stat: "hp", value: 3 }));
    expect(() => getByTestId("morale-ann")).toThrow();
    getByTestId("morale-wolves");
  });

  it("shows a waiting Scar in words with its roll, and the critical save", async () => {
    current = viewWith([
      member("ann", "Ann", { hp: { current: 0, max: 4 }, effective_hp: 0, pending_scars: [{ row: 4, id: "broken-limb" }] }),
      member("bo", "Bo", { conditions: { critical: false, critical_save_due: true, dead: false, doomed: false, deprived: false, fled: false } }),
    ]);
    const { getByTestId, findByText } = render(Warden, { id: 3, onback: vi.fn(), onerror: vi.fn() });
    await findByText("Scar 4: Broken Limb");
    expect(getByTestId("scar-ann").textContent).toContain("Its roll comes once mended.");
    expect(getByTestId("hp-ann").textContent).toBe("0/4");
    expect(getByTestId("row-bo").textContent).toContain("STR save due");
    await fireEvent.click(getByTestId("critical-bo"));
    await fireEvent.click(getByTestId("scar-confirm-ann"));
    await waitFor(() => expect(sent.map((c) => c.type)).toEqual(["critical-save", "confirm-scar"]));
  });
});
