import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { en } from "./i18n";
import type { SearchDrawn, TableBoard, TableHistoryItem, TableView, ThreatCardView } from "./bindings";
import {
  actionsLeft,
  boardGrid,
  discoverMarks,
  discoverText,
  gridSize,
  historyLine,
  reasonText,
  lastSearch,
  refusal,
  searchText,
  threatCardText,
  threatEffectText,
} from "./table";
import { errorText } from "./errors";

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
    expect(text).toContain("2 ▲ Red Enemies + 1 Search token at Hold");
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
    expect(searchText(drawn({ type: "trap", wounds: 1, despair: 1 }))).toBe("Trap: Wendy takes 1 Wound and 1 Despair.");
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
      refused: [
        {
          command: { type: "move", to: "wendys-house", escort: [] },
          reason: { code: "not-one-move", args: { to: "wendys-house", here: "fairy-hollow" } },
        },
      ],
    } as unknown as TableView;
    expect(refusal(view, { type: "move", to: "wendys-house", escort: [] })).toBe("Wendy's House is more than one Move from Fairy Hollow.");
    expect(refusal(view, { type: "move", to: "neverwood", escort: [] })).toBeNull();
  });

  it("says a refusal in the players' words, with names for the ids it carries", () => {
    expect(reasonText({ code: "enemy-not-here", args: { enemy: "raider-2" } })).toBe("Raider 2 is not in your Location.");
    expect(reasonText({ code: "search-with-enemies", args: {} })).toBe("No Search while Enemies share your Location.");
    expect(reasonText({ code: "mandatory-still-possible", args: { action: "fight" } })).toBe("Your Mandatory Fight can still be done: do it first.");
    expect(reasonText({ code: "only-mandatory-left", args: { actions: "move, search" } })).toBe("Your Actions left are Mandatory: Move, Search.");
    expect(reasonText({ code: "item-not-held", args: { item: "fairy-dust" } })).toBe("You hold no Fairy Dust.");
    // An error with a refusal is said from its code; any other keeps its message.
    expect(errorText({ code: "illegal-command", message: "raider-2 is not in your Location", reason: { code: "enemy-not-here", args: { enemy: "raider-2" } } })).toBe(
      "Raider 2 is not in your Location.",
    );
    // Any other is said from its kind, never its English message.
    expect(errorText({ code: "not-found", message: "no game 4" })).toBe("That game is gone");
  });

  it("has a line for every reason the engine gives, using only its parameters", () => {
    // The engine names each reason with why!("code", "English text", name = value, ...).
    const dir = path.resolve(__dirname, "../../../crates/legacy/src");
    const files = (readdirSync(dir, { recursive: true }) as string[]).filter((f) => f.endsWith(".rs"));
    const found = new Map<string, string[]>();
    for (const f of files) {
      const src = readFileSync(path.join(dir, f), "utf8");
      for (const m of src.matchAll(/why!\(\s*"([a-z0-9-]+)",\s*"((?:[^"\\]|\\.)*)"((?:,\s*[a-z_]+\s*=)?[^;]*?)\)/g)) {
        const names = [...m[2]!.matchAll(/\{([a-z_]+)(?::[^}]*)?\}/g)].map((x) => x[1]!).sort();
        found.set(m[1]!, [...new Set(names)]);
      }
    }
    expect(found.size).toBeGreaterThan(80);
    for (const [code, names] of found) {
      const key = `refusal.${code}`;
      expect(key in en, key).toBe(true);
      const line = en[key as keyof typeof en];
      const used = [...new Set([...line.matchAll(/\{([a-z_]+)\}/g)].map((x) => x[1]!))].sort();
      expect(names, key).toEqual(expect.arrayContaining(used));
    }
  });

  it("counts the Actions still unused", () => {
    expect(actionsLeft({ turn: { mandatory: ["move"], chosen: 2 } } as unknown as TableView)).toBe(3);
    expect(actionsLeft({ turn: { mandatory: [], chosen: 0 } } as unknown as TableView)).toBe(0);
  });
});
