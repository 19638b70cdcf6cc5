import { describe as suite, expect, it } from "vitest";
import type { MoraleView } from "./bindings";
import { historyLines, nextDespair, planLines } from "./morale";

function view(): MoraleView {
  return {
    game: {
      id: 1, kind: "legacy", pack_id: "pirates", pack_version: 1, seed: "42", title: "Pirates",
      created_at_ms: 0, updated_at_ms: 0, status: "in-progress", steps: 3, players: null, turn: null,
    },
    state: {
      scenario: "pirates",
      characters: [{ id: "smee", name: "Smee", despair: 3 }],
      active: "smee",
      rolls: [
        { character: "smee", despair: 0, stones: [], plan: { mandatory: [], chosen: 4, rest_rolled: 0 } },
        {
          character: "smee", despair: 3, stones: ["taunt-loot", "rest", "courage-scare"],
          plan: { mandatory: ["loot", "scare"], chosen: 2, rest_rolled: 1 },
        },
      ],
    },
    can_undo: true,
    can_redo: false,
    history: [
      { step: 4, command: { type: "morale-check", character: "smee" } },
      { step: 3, command: { type: "set-despair", character: "smee", despair: 3 } },
      { step: 2, command: { type: "morale-check", character: "smee" } },
      { step: 1, command: { type: "choose-character", character: "smee" } },
    ],
  };
}

suite("despair controls", () => {
  it("stay within 0..4", () => {
    expect(nextDespair(0, -1)).toBeNull();
    expect(nextDespair(0, 1)).toBe(1);
    expect(nextDespair(4, 1)).toBeNull();
    expect(nextDespair(4, -1)).toBe(3);
  });
});

suite("turn plan", () => {
  it("lists mandatory actions then chosen ones, four in all", () => {
    const lines = planLines(view().state.rolls[1]!);
    expect(lines.map((l) => l.kind)).toEqual(["mandatory", "mandatory", "chosen", "chosen"]);
    expect(lines[0]!.label).toBe("Loot");
  });
});

suite("history", () => {
  it("pairs each Morale Check with its own roll, newest first", () => {
    const lines = historyLines(view());
    expect(lines.map((l) => l.text)).toEqual([
      "Smee rolled a Morale Check: Loot, Rest, Scare",
      "Smee's Despair set to 3",
      "Smee rolled a Morale Check with no Despair",
      "Smee takes the turn",
    ]);
  });
});
