import { describe, expect, it } from "vitest";
import type { SearchDrawn, TableBoard, TableHistoryItem, TableView, ThreatCardView } from "./bindings";
import {
  actionsLeft,
  boardGrid,
  discoverMarks,
  discoverText,
  gridSize,
  historyLine,
  humanize,
  lastSearch,
  refusal,
  searchText,
  threatCardText,
  threatEffectText,
} from "./table";

const mainDeck: TableBoard = {
  id: "main-deck",
  locations: ["bow", "fore-deck", "crows-nest", "mid-deck", "stern"],
  adjacent: [
    ["bow", "fore-deck"],
    ["fore-deck", "crows-nest"],
    ["fore-deck", "mid-deck"],
    ["crows-nest", "mid-deck"],
    ["mid-deck", "stern"],
  ],
};

const red: ThreatCardView = {
  card: "red-5",
  colour: "red",
  named_enemy: false,
  effect: { kind: "despair-on-board", board: "hold-board" },
  discover: [
    { at: "hold", enemies: 2, search: 1 },
    { at: "galley", enemies: 0, search: 1 },
  ],
};

const drawn = (effect: SearchDrawn["effect"], enemy = false): SearchDrawn => ({
  card: "x-1",
  by: enemy ? "raider-2" : "wendy",
  enemy,
  at: "hold",
  effect,
});

describe("the drawn table", () => {
  it("lays a board out by its connections: neighbours in the next column, never a row of strangers", () => {
    const g = boardGrid(mainDeck);
    expect(g["bow"]).toEqual({ col: 1, row: 1 });
    expect(g["fore-deck"]).toEqual({ col: 2, row: 1 });
    // The Crow's Nest and the Mid Deck are both one step past the Fore Deck.
    expect(g["crows-nest"]).toEqual({ col: 3, row: 1 });
    expect(g["mid-deck"]).toEqual({ col: 3, row: 2 });
    expect(g["stern"]).toEqual({ col: 4, row: 1 });
    expect(gridSize(g)).toEqual({ cols: 4, rows: 2 });
    // The Bow is never beside the Crow's Nest: two columns apart.
    expect(g["crows-nest"]!.col - g["bow"]!.col).toBe(2);
  });

  it("puts a board's unjoined Locations after the joined ones", () => {
    const g = boardGrid({ id: "b", locations: ["a-1", "b-1", "c-1"], adjacent: [["a-1", "b-1"]] });
    expect(g["c-1"]!.col).toBe(3);
    expect(gridSize(boardGrid({ id: "n", locations: ["neverland"], adjacent: [] }))).toEqual({ cols: 1, rows: 1 });
  });
});

describe("cards as cards", () => {
  it("reads a Threat card's colour, effect and Discover, never its id", () => {
    expect(threatEffectText(red)).toBe("Every standing Character on the Hold gains 1 Despair.");
    const text = discoverText(red);
    expect(text).toContain("2 ▲ Red Enemy + 1 Search token at Hold");
    expect(text).toContain("1 Search token at Galley");
    expect(text).not.toContain("red-5");
    // Destiny changed its colour: the Enemies come in the new one.
    expect(discoverText(red, "blue")).toContain("■ Blue");
    expect(discoverMarks(red)).toEqual({ hold: "✚ 2 ▲ + ? 1 Search", galley: "✚ ? 1 Search" });
    const view = { pack: { threat_cards: [red] } } as unknown as TableView;
    expect(threatCardText(view, "red-5")).toBe("▲ Red · Every standing Character on the Hold gains 1 Despair.");
  });

  it("says what a Search card did, for a Character and for an Enemy", () => {
    expect(searchText(drawn({ type: "treasure", coins: 2 }))).toBe("Treasure: Wendy gains 2 Coins.");
    expect(searchText(drawn({ type: "treasure", coins: 2 }, true))).toMatch(/^Treasure: 2 Coins, set aside/);
    expect(searchText(drawn({ type: "ambush", kind: "raider", count: 2 }))).toBe("Ambush: 2 Raider appear here.");
    expect(searchText(drawn({ type: "hostage", hostage: "john" }))).toBe("Hostage: John is found here.");
    expect(searchText(drawn({ type: "trap", wounds: 1, despair: 1 }))).toBe("Trap: Wendy takes 1 Wounds and 1 Despair.");
    expect(searchText(drawn({ type: "item", item: "grog" }, true))).toBe("Item: Grog, discarded.");
    expect(searchText(drawn({ type: "junk" }))).toBe("Junk: nothing happens.");
  });

  it("names the Search card in the History and shows the newest one drawn", () => {
    const h: TableHistoryItem = { step: 7, command: { type: "search" }, by: "wendy", searched: [drawn({ type: "treasure", coins: 1 })], threat: null };
    expect(historyLine(h)).toBe("Wendy searched — drew Treasure: Wendy gains 1 Coin.");
    const plain: TableHistoryItem = { step: 8, command: { type: "rest" }, by: "wendy", searched: [], threat: null };
    const drew: TableHistoryItem = { step: 9, command: { type: "draw-threat" }, by: "wendy", searched: [], threat: "red-5" };
    expect(historyLine(drew, { pack: { threat_cards: [red] } } as unknown as TableView)).toBe(
      "Wendy drew a Threat card: ▲ Red · Every standing Character on the Hold gains 1 Despair.",
    );
    const view = { history: [plain, h] } as unknown as TableView;
    expect(lastSearch(view)).toEqual({ step: 7, cards: h.searched });
    expect(lastSearch({ history: [plain] } as unknown as TableView)).toBeNull();
  });
});

describe("only what is allowed looks allowed", () => {
  it("gives the engine's reason for a refused button, in names", () => {
    const view = {
      refused: [{ command: { type: "move", to: "wendys-house", escort: [] }, reason: "wendys-house is not next to fairy-hollow" }],
    } as unknown as TableView;
    expect(refusal(view, { type: "move", to: "wendys-house", escort: [] })).toBe("Wendy's House is not next to Fairy Hollow");
    expect(refusal(view, { type: "move", to: "neverwood", escort: [] })).toBeNull();
  });

  it("turns ids into names and leaves words alone", () => {
    expect(humanize("raider-2 is not in your Location")).toBe("Raider 2 is not in your Location");
    expect(humanize("you cannot Search with Enemies in your Location")).toBe("you cannot Search with Enemies in your Location");
    expect(humanize("the hold is full")).toBe("the Hold is full");
  });

  it("counts the Actions still unused", () => {
    expect(actionsLeft({ turn: { mandatory: ["move"], chosen: 2 } } as unknown as TableView)).toBe(3);
    expect(actionsLeft({ turn: { mandatory: [], chosen: 0 } } as unknown as TableView)).toBe(0);
  });
});
