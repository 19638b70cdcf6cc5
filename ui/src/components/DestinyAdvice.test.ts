import { cleanup, fireEvent, render, waitFor } from "@testing-library/svelte";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ThreatAdvice, ThreatCost } from "../lib/bindings";

const none: ThreatCost = {
  lose: 0,
  losses: [],
  characters: [{ character: "wendy", wounds: 0, despair: 0, falls: 0 }],
  hostages: [{ hostage: "john", killed: 0, rescued_by_fairy: 0 }],
};
const killed: ThreatCost = {
  lose: 1,
  losses: [{ cause: "hostage-killed", chance: 1 }],
  characters: [{ character: "wendy", wounds: 0, despair: 0, falls: 0 }],
  hostages: [{ hostage: "john", killed: 1, rescued_by_fairy: 0 }],
};
const found: ThreatCost = { ...none, found_by_enemies: 0.5 };
const answer: ThreatAdvice = {
  card: "red-1",
  colour: "red",
  unseen_search_cards: 36,
  colours: [
    { colour: "red", route: "as-drawn", best: killed, worst: killed, exact: true, rollouts: 0, nodes: 2 },
    { colour: "blue", route: "destiny", best: none, worst: found, exact: false, rollouts: 24, nodes: 900 },
    { colour: "yellow", route: "no-destiny-left", best: none, worst: none, exact: true, rollouts: 0, nodes: 3 },
  ],
};
let release: (a: ThreatAdvice) => void = () => {};
const legacyTableAdvice = vi.fn(() => new Promise<ThreatAdvice>((resolve) => (release = resolve)));
vi.mock("../lib/api", () => ({ api: { legacyTableAdvice }, asAppError: (e: unknown) => e }));
const { default: DestinyAdvice } = await import("./DestinyAdvice.svelte");

describe("what each colour would cost", () => {
  afterEach(cleanup);

  it("asks only when opened, says it is working, then shows each colour in words", async () => {
    const { getByRole, getByTestId, getAllByTestId } = render(DestinyAdvice, { id: 7, card: "red-1", steps: 12 });
    expect(legacyTableAdvice).not.toHaveBeenCalled();
    await fireEvent.click(getByRole("button", { name: "What would each colour cost?" }));
    expect(legacyTableAdvice).toHaveBeenCalledWith(7);
    expect(getByTestId("advice-working").textContent).toContain("resolve the Threat meanwhile");
    release(answer);
    await waitFor(() => expect(getAllByTestId("advice-colour")).toHaveLength(3));
    const [red, blue, yellow] = getAllByTestId("advice-colour").map((e) => e.textContent ?? "");
    expect(red).toContain("as drawn");
    expect(red).toContain("lose the game: 100%");
    expect(red).toContain("John killed: 100%");
    expect(blue).toContain("for one Destiny");
    expect(blue).toContain("\u2248 from 24 rollouts");
    expect(blue).toContain("no Wounds, nobody lost");
    expect(blue).toContain("Hostages an Enemy finds and no Character guards: 0.5");
    expect(red).not.toContain("an Enemy finds");
    expect(yellow).toContain("nobody has Destiny left");
    expect(yellow).not.toContain("\u2248");
  });
});
