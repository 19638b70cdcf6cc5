import { cleanup, fireEvent, render } from "@testing-library/svelte";
import { afterEach, describe, expect, it } from "vitest";
import CharacterCards from "./CharacterCards.svelte";
import type { TableView } from "../lib/bindings";

const view = {
  active: 1,
  table: {
    characters: [
      { id: "peter-pan", at: "bow", wounds: 0, despair: 0, destiny: true, fallen: false, coins: 0, items: [], carrying: [], on_rowboat: false },
      { id: "wendy", at: "bow", wounds: 2, despair: 3, destiny: false, fallen: false, coins: 2, items: ["grog"], carrying: ["john"], on_rowboat: false },
    ],
  },
  pack: { characters: [{ id: "peter-pan", wound_slots: 3 }, { id: "wendy", wound_slots: 4 }] },
} as unknown as TableView;

describe("Character cards", () => {
  afterEach(cleanup);

  it("draws each sheet's Wound slots, Despair, Destiny, Coins, Items and Hostages", () => {
    const { getByTestId } = render(CharacterCards, { view });
    expect(getByTestId("wounds-wendy").querySelectorAll(".slot")).toHaveLength(4);
    expect(getByTestId("wounds-wendy").querySelectorAll(".slot.full")).toHaveLength(2);
    expect(getByTestId("despair-wendy").querySelectorAll(".pip.full")).toHaveLength(3);
    const wendy = getByTestId("char-wendy").textContent!;
    expect(wendy).toContain("▶ Turn");
    expect(wendy).toContain("Destiny spent");
    expect(wendy).toContain("2 Coins");
    expect(wendy).toContain("Grog");
    expect(wendy).toContain("Carrying John");
    expect(getByTestId("char-peter-pan").textContent).toContain("Destiny ready");
  });

  it("opens what a sheet allows on a tap", async () => {
    const { getByTestId, queryByTestId, getByRole } = render(CharacterCards, { view });
    expect(queryByTestId("sheet-wendy")).toBeNull();
    // The button is named by what it shows (name, Wounds, Despair) and the hint after it.
    await fireEvent.click(getByRole("button", { name: /^Turn Wendy Tap for what Wendy may do Wounds 2\/4 Despair 3\/4/ }));
    expect(getByTestId("sheet-wendy").textContent).toContain("4 Wound slots");
    expect(getByTestId("sheet-wendy").textContent).toContain("Grog: remove 1 Despair.");
  });
});
