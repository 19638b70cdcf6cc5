import { describe as suite, expect, it } from "vitest";
import type { LegacyPosition, PendingView, TableCommand, TableView } from "./bindings";
import {
  COLOUR_SHAPE,
  activationMarks,
  commandLabel,
  legalFight,
  moreAt,
  legalMove,
  KIND_COLOUR,
  boardLayout,
  historyText,
  locationName,
  pieceName,
  stoneAction,
  stoneName,
} from "./legacy";
import { t } from "./i18n";

suite("stone names", () => {
  it("follow the scenario for the shared symbols", () => {
    expect(stoneAction("taunt-loot", "lost-allies")).toBe("taunt");
    expect(stoneAction("taunt-loot", "pirates")).toBe("loot");
    expect(stoneName("courage-scare", "lost-allies")).toBe("Courage");
    expect(stoneName("courage-scare", "pirates")).toBe("Scare");
    expect(stoneName("rest", "pirates")).toBe("Rest");
  });
});

suite("translation table", () => {
  it("fills placeholders and leaves unknown ones visible", () => {
    expect(t("morale.heading", { scenario: "Pirates", id: 3 })).toBe("Pirates · Morale tracker, game 3");
    expect(t("morale.heading", { scenario: "Pirates" })).toBe("Pirates · Morale tracker, game {id}");
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
    expect(historyText({ type: "activate", option: 0 }, "sniper-1")).toBe("Sniper 1 activated");
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

suite("the activation on the board", () => {
  const p: LegacyPosition = {
    format: "neverland-legacy-position/1",
    scenario: "lost-allies",
    characters: [
      { id: "peter-pan", at: "bow", wounds: 0, despair: 0, destiny: true, fallen: false, coins: 0, items: [], carrying: [], on_rowboat: false },
      { id: "wendy", at: "stern", wounds: 0, despair: 0, destiny: true, fallen: false, coins: 0, items: [], carrying: [], on_rowboat: false },
    ],
    enemies: [{ id: "raider-1", kind: "raider", at: "mid-deck" }],
    named_enemies: [{ id: "captain-hook", at: "captains-cabin", wounds: 1 }],
    search_tokens: { "mid-deck": 1 },
    hostages: [{ id: "john", at: "hold" }],
    rowboat: null,
  };

  it("marks the acting Enemy's tile and where a single option lands", () => {
    const pending: PendingView = { enemy: "raider-1", priority: "4", queued: 0, choices: [], options: [{ action: "move", to: "fore-deck", path: ["fore-deck"] }] };
    const m = activationMarks(p, pending);
    expect(m["mid-deck"]).toEqual([{ role: "acts", option: null, text: "▶ Raider 1 acts" }]);
    expect(m["fore-deck"]).toEqual([{ role: "target", option: 0, text: "Move to Fore Deck" }]);
    expect(Object.keys(m).sort()).toEqual(["fore-deck", "mid-deck"]);
  });

  it("numbers a tie's targets like the buttons, on the wounded Characters' tiles", () => {
    const pending: PendingView = {
      enemy: "raider-1", priority: "1", queued: 1, choices: [],
      options: [
        { action: "wound", character: "peter-pan", wounds: 2 },
        { action: "wound", character: "wendy", wounds: 2 },
        { action: "kill-hostage", hostage: "john" },
      ],
    };
    const m = activationMarks(p, pending);
    expect(m["bow"]?.[0]?.text).toBe("1. Wound Peter Pan ×2");
    expect(m["stern"]?.[0]?.text).toBe("2. Wound Wendy ×2");
    expect(m["hold"]?.[0]?.text).toBe("3. Kill John");
    expect(m["hold"]?.[0]?.option).toBe(2);
  });

  it("marks a Named Enemy and nothing when there is no activation", () => {
    const pending: PendingView = { enemy: "captain-hook", priority: "red-1", queued: 0, choices: [], options: [{ action: "search", location: "captains-cabin" }] };
    const m = activationMarks(p, pending);
    expect(m["captains-cabin"]?.map((x) => x.role)).toEqual(["acts", "target"]);
    expect(activationMarks(p, null)).toEqual({});
  });

  it("lists the other legal commands that involve a tile", () => {
    const legal: TableCommand[] = [
      { type: "move", to: "hold", escort: [] },
      { type: "move", to: "hold", escort: ["john"] },
      { type: "taunt", enemy: "raider-1", also: null, coin: false },
      { type: "taunt", enemy: "raider-1", also: "brute-2", coin: false },
      { type: "taunt", enemy: "raider-1", also: null, coin: true },
      { type: "courage", character: "wendy" },
      { type: "give", to: "peter-pan", item: "bandage", coins: 0, hostage: null },
      { type: "capture", hostage: "john" },
      { type: "end-actions" },
    ];
    const v = { legal, table: p } as Pick<TableView, "legal" | "table"> as TableView;
    expect(moreAt(v, "hold")).toEqual([
      { type: "move", to: "hold", escort: ["john"] },
      { type: "capture", hostage: "john" },
    ]);
    expect(moreAt(v, "mid-deck")).toEqual([
      { type: "taunt", enemy: "raider-1", also: "brute-2", coin: false },
      { type: "taunt", enemy: "raider-1", also: null, coin: true },
    ]);
    expect(moreAt(v, "stern")).toEqual([{ type: "courage", character: "wendy" }]);
    expect(moreAt(v, "bow")).toEqual([{ type: "give", to: "peter-pan", item: "bandage", coins: 0, hostage: null }]);
    expect(moreAt(v, "galley")).toEqual([]);
  });

  it("labels every trade", () => {
    expect(commandLabel({ type: "give", to: "smee", item: "grog", coins: 0, hostage: null })).toBe("Give Grog to Smee (free)");
    expect(commandLabel({ type: "give", to: "smee", item: null, coins: 1, hostage: null })).toBe("Give 1 Coin to Smee (free)");
    expect(commandLabel({ type: "give", to: "smee", item: null, coins: 0, hostage: "twin-1" })).toBe("Hand Twin 1 to Smee (free)");
    expect(commandLabel({ type: "taunt", enemy: "raider-1", also: "brute-2", coin: false })).toBe("Taunt Raider 1, Brute 2");
    expect(commandLabel({ type: "taunt", enemy: "raider-1", also: null, coin: true })).toBe("Taunt Raider 1 for a Coin (no Action)");
    expect(commandLabel({ type: "trade-coins", card: "fairy-dust-2" })).toBe("2 Coins for a Fairy Dust card from the Search discard (free)");
    expect(historyText({ type: "trade-coins", card: "fairy-dust-2" }, "wendy")).toBe("Wendy traded 2 Coins for Fairy Dust");
  });

  it("finds the one-tap Move and Fight among the legal commands", () => {
    const legal: TableCommand[] = [
      { type: "move", to: "bow", escort: [] },
      { type: "move", to: "stern", escort: ["john"] },
      { type: "fight", target: "raider-1" },
      { type: "end-actions" },
    ];
    const v = { legal } as Pick<TableView, "legal"> as TableView;
    expect(legalMove(v, "bow")).toEqual({ type: "move", to: "bow", escort: [] });
    expect(legalMove(v, "stern")).toBeNull();
    expect(legalFight(v, "raider-1")).not.toBeNull();
    expect(legalFight(v, "captain-hook")).toBeNull();
  });
});
