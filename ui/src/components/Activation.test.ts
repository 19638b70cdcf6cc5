import { cleanup, fireEvent, render } from "@testing-library/svelte";
import { afterEach, describe, expect, it, vi } from "vitest";
import Activation from "./Activation.svelte";
import type { LegacyPosition, PendingView } from "../lib/bindings";

const position: LegacyPosition = {
  format: "neverland-legacy-position/1",
  scenario: "lost-allies",
  characters: [
    { id: "peter-pan", at: "bow", wounds: 0, despair: 0, destiny: true, fallen: false, coins: 0, items: [], carrying: [], on_rowboat: false },
    { id: "wendy", at: "bow", wounds: 1, despair: 0, destiny: false, fallen: false, coins: 0, items: [], carrying: [], on_rowboat: false },
  ],
  enemies: [{ id: "raider-1", kind: "raider", at: "bow" }],
  named_enemies: [],
  search_tokens: {},
  hostages: [],
  rowboat: null,
};

describe("Activation walkthrough", () => {
  afterEach(cleanup);

  it("shows who acts, where, why, and applies the only option", async () => {
    const pending: PendingView = {
      enemy: "raider-1", priority: "2a", queued: 2, choices: [],
      options: [{ action: "wound", character: "peter-pan", wounds: 2 }],
    };
    const onapply = vi.fn();
    const { getByTestId, getAllByTestId, queryByText } = render(Activation, {
      pending, position, busy: false, onapply, onrules: vi.fn(),
    });
    expect(getByTestId("pending").textContent).toContain("Raider 1 activates");
    expect(getByTestId("pending").textContent).toContain("Bow");
    expect(getByTestId("reason").textContent).toContain("Because a Character is within its reach");
    const buttons = getAllByTestId("apply-option");
    expect(buttons).toHaveLength(1);
    expect(buttons[0]!.textContent).toContain("Wound Peter Pan ×2");
    expect(queryByText(/A tie/)).toBeNull();
    expect(queryByText("2 more to come")).not.toBeNull();
    await fireEvent.click(buttons[0]!);
    expect(onapply).toHaveBeenCalledWith(0);
  });

  it("numbers a tie's choices and applies the one tapped", async () => {
    const pending: PendingView = {
      enemy: "raider-1", priority: "2a", queued: 0, choices: [],
      options: [
        { action: "wound", character: "peter-pan", wounds: 2 },
        { action: "wound", character: "wendy", wounds: 2 },
      ],
    };
    const onapply = vi.fn();
    const { getAllByTestId, queryByText } = render(Activation, { pending, position, busy: false, onapply, onrules: vi.fn() });
    const buttons = getAllByTestId("apply-option");
    expect(buttons.map((b) => b.textContent?.trim())).toEqual(["1. Wound Peter Pan ×2", "2. Wound Wendy ×2"]);
    expect(queryByText(/A tie/)).not.toBeNull();
    await fireEvent.click(buttons[1]!);
    expect(onapply).toHaveBeenCalledWith(1);
  });

  it("cannot apply while the last answer is on its way", () => {
    const pending: PendingView = { enemy: "raider-1", priority: "4", queued: 0, choices: [], options: [{ action: "move", to: "fore-deck", path: ["fore-deck"] }] };
    const { getAllByTestId, getByTestId } = render(Activation, { pending, position, busy: true, onapply: vi.fn(), onrules: vi.fn() });
    expect((getAllByTestId("apply-option")[0] as HTMLButtonElement).disabled).toBe(true);
    expect(getByTestId("reason").textContent).toContain("heads for the nearest target");
  });

  it("names a Named Enemy's section step", () => {
    const pending: PendingView = { enemy: "captain-hook", priority: "red-2", queued: 0, choices: [], options: [{ action: "none" }] };
    const { getByTestId } = render(Activation, { pending, position, busy: false, onapply: vi.fn(), onrules: vi.fn() });
    expect(getByTestId("reason").textContent).toContain("Its Red section, step 2");
  });
});
