import { describe as suite, expect, it } from "vitest";
import type { LegacyView } from "./bindings";
import {
  COLOUR_SHAPE,
  KIND_COLOUR,
  boardLayout,
  historyLines,
  historyText,
  locationName,
  nextDespair,
  pieceName,
  planLines,
  stoneAction,
  stoneName,
} from "./legacy";
import { t } from "./i18n";

function view(): LegacyView {
  return {
    game: {
      id: 1, kind: "legacy", pack_id: "pirates", pack_version: 1, seed: "42", title: "Pirates",
      created_at_ms: 0, updated_at_ms: 0, status: "in-progress", steps: 3,
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

suite("stone names", () => {
  it("follow the scenario for the shared symbols", () => {
    expect(stoneAction("taunt-loot", "lost-allies")).toBe("taunt");
    expect(stoneAction("taunt-loot", "pirates")).toBe("loot");
    expect(stoneName("courage-scare", "lost-allies")).toBe("Courage");
    expect(stoneName("courage-scare", "pirates")).toBe("Scare");
    expect(stoneName("rest", "pirates")).toBe("Rest");
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

suite("translation table", () => {
  it("fills placeholders and leaves unknown ones visible", () => {
    expect(t("game.heading", { scenario: "Pirates", id: 3 })).toBe("Pirates · game 3");
    expect(t("game.heading", { scenario: "Pirates" })).toBe("Pirates · game {id}");
  });
});

suite("the table screen's view logic", () => {
  it("lays out every Location of the position contract once, the small board marked", () => {
    const la = boardLayout("lost-allies");
    const locs = la.flatMap((b) => b.locations);
    expect(new Set(locs).size).toBe(locs.length);
    expect(locs).toHaveLength(11);
    expect(la.filter((b) => b.small).map((b) => b.locations)).toEqual([["neverland"]]);
    const pi = boardLayout("pirates").flatMap((b) => b.locations);
    expect(pi).toHaveLength(11);
    expect(pi).toContain("jolly-roger");
    // Every Location has a name in the translation table.
    for (const l of [...locs, ...pi]) expect(locationName(l)).not.toBe(l);
  });

  it("names pieces by kind and number", () => {
    expect(pieceName("raider-3")).toBe("Raider 3");
    expect(pieceName("twin-2")).toBe("Twin 2");
    expect(pieceName("captain-hook")).toBe("Captain Hook");
    expect(pieceName("mystery")).toBe("mystery");
  });

  it("tells the History in words, naming who did it", () => {
    expect(historyText({ type: "move", to: "bow", escort: [] }, "peter-pan")).toBe("Peter Pan moved to the Bow");
    expect(historyText({ type: "move", to: "mid-deck", escort: ["john"] }, "wendy")).toBe(
      "Wendy moved to the Mid Deck with John",
    );
    expect(historyText({ type: "fight", target: "raider-2" }, "peter-pan")).toBe("Peter Pan fought Raider 2");
    expect(historyText({ type: "activate", option: 0 }, "sniper-1")).toBe("Sniper 1 activated (choice 1)");
    expect(historyText({ type: "change-colour", character: "wendy", colour: "blue" }, "wendy")).toBe(
      "Wendy spent Destiny: the Threat became ■ Blue",
    );
    expect(historyText({ type: "end-actions" }, "smee")).toBe("Smee ended the Actions");
  });

  it("gives every Enemy kind a colour that also has a shape", () => {
    for (const kind of ["raider", "brute", "sniper", "orphan", "native", "fairy"]) {
      expect(COLOUR_SHAPE[KIND_COLOUR[kind]!]).toMatch(/[▲■●]/);
    }
  });
});
