import { describe, expect, it } from "vitest";
import type { ThreatCard } from "./bindings";
import { diagramMarks, emptyTable, legacyEntry, standingWord, toggleDiscover } from "./box";

const card: ThreatCard = {
  id: "red-1",
  colour: "red",
  named_enemy: false,
  effect: null,
  discover: [{ at: "bow", enemies: 1, search: 0 }],
  source: "authored",
};

describe("My box", () => {
  it("a tap adds a Location to the diagram and a second tap takes it off", () => {
    const added = toggleDiscover(card, "stern");
    expect(added.discover).toEqual([
      { at: "bow", enemies: 1, search: 0 },
      { at: "stern", enemies: 1, search: 0 },
    ]);
    expect(toggleDiscover(added, "bow").discover).toEqual([{ at: "stern", enemies: 1, search: 0 }]);
    expect(card.discover).toHaveLength(1);
  });

  it("marks the diagram on the tiles by Location", () => {
    const marks = diagramMarks({ ...card, discover: [{ at: "bow", enemies: 2, search: 1 }] });
    expect(marks).toEqual({ bow: "✚ 2E 1S" });
  });

  it("says where an entry stands in words", () => {
    expect(standingWord("guess")).toBe("our guess — check against your card");
    expect(standingWord("owner")).toBe("checked against your card");
  });

  it("draws an empty table and wraps a card as its box entry", () => {
    const v = emptyTable({ boards: [], stairs: [], shores: [], unreachable: [], characters: [], threat_cards: [], kind_colours: {} }, "pirates");
    expect(v.table.characters).toEqual([]);
    expect(v.phase.stage).not.toBe("actions");
    expect(legacyEntry("pirates", "threat", card)).toEqual({ kind: "threat", scenario: "pirates", card });
  });
});
