import { cleanup, fireEvent, render } from "@testing-library/svelte";
import { afterEach, describe, expect, it } from "vitest";
import CharacterCards from "./CharacterCards.svelte";
import type { TableView } from "../lib/bindings";

const abilities = [
  { name: "Destiny", text: "Spend it for a 5th Action.", source: "rulebook", rule: "RB 206" },
  { name: "The sheet's own ability", text: "Read it from your sheet.", source: "authored", rule: null },
];
const view = {
  active: 1,
  table: {
    characters: [
      { id: "peter-pan", at: "bow", wounds: 0, despair: 0, destiny: true, fallen: false, coins: 0, items: [], carrying: [], on_rowboat: false },
      { id: "wendy", at: "bow", wounds: 2, despair: 3, destiny: false, fallen: false, coins: 2, items: ["grog"], carrying: ["john"], on_rowboat: false },
    ],
  },
  pack: {
    characters: [
      { id: "peter-pan", wound_slots: 3, abilities },
      { id: "wendy", wound_slots: 4, abilities },
    ],
  },
} as unknown as TableView;

describe("Character cards", () => {
  afterEach(cleanup);

  it("draws each sheet's Wound slots, Despair, Destiny, Coins, Items and Hostages", () => {
    const { getByTestId, getAllByTestId } = render(CharacterCards, { view });
    expect(getByTestId("wounds-wendy").querySelectorAll(".slot")).toHaveLength(4);
    expect(getByTestId("wounds-wendy").querySelectorAll(".slot.full")).toHaveLength(2);
    expect(getByTestId("despair-wendy").querySelectorAll(".pip")).toHaveLength(4);
    expect(getByTestId("despair-wendy").querySelectorAll(".pip.full")).toHaveLength(3);
    expect(getAllByTestId("coin-wendy")).toHaveLength(2);
    expect(getByTestId("destiny-wendy").classList.contains("spent")).toBe(true);
    expect(getByTestId("destiny-peter-pan").classList.contains("spent")).toBe(false);
    expect(getByTestId("item-wendy").textContent).toContain("Grog");
    expect(getByTestId("carrying-wendy").textContent).toContain("John");
    // The turn marker and the name are two words.
    expect(getByTestId("char-wendy").querySelector(".name")!.textContent!.replace(/\s+/g, " ").trim()).toBe("▶ Turn Wendy");
  });

  it("says each sheet in words and numbers to a screen reader", () => {
    const { getByTestId } = render(CharacterCards, { view });
    expect(getByTestId("sheet-words-wendy").textContent).toBe(
      "Wendy, whose turn it is: 2 of 4 Wounds, 3 of 4 Despair, Destiny spent, 2 Coins, Items: Grog, carrying John. Tap for what the sheet does.",
    );
    expect(getByTestId("sheet-words-peter-pan").textContent).toBe(
      "Peter Pan: 0 of 3 Wounds, 0 of 4 Despair, Destiny ready, 0 Coins. Tap for what the sheet does.",
    );
  });

  it("opens the sheet's abilities from the pack on a tap, each with where it comes from", async () => {
    const { getByTestId, queryByTestId } = render(CharacterCards, { view });
    expect(queryByTestId("sheet-wendy")).toBeNull();
    await fireEvent.click(getByTestId("sheet-button-wendy"));
    const sheet = getByTestId("sheet-wendy").textContent!;
    expect(sheet).toContain("Destiny: Spend it for a 5th Action. (rulebook, RB 206)");
    expect(sheet).toContain("The sheet's own ability: Read it from your sheet. (our note)");
    expect(sheet).toContain("Grog: remove 1 Despair.");
  });
});
