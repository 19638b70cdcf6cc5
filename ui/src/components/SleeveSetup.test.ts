import { cleanup, fireEvent, render, waitFor } from "@testing-library/svelte";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { BoardView, PansView, SleeveScan } from "../lib/bindings";

let reading: SleeveScan;
const setSleeve = vi.fn(async () => view);
vi.mock("../lib/api", () => ({
  api: {
    pansClaimSeat: vi.fn(async () => ({ game_id: 3, player: 0, token: "t" })),
    pansHand: vi.fn(async () => ({ mini_card: 4 })),
    scanSleeve: vi.fn(async () => reading),
    setSleeve,
  },
  asAppError: (e: unknown) => e,
}));
const { default: SleeveSetup } = await import("./SleeveSetup.svelte");

const view = { game: { id: 3 }, state: { players: [{ hero: "peter-pan" }] } } as unknown as PansView;
const board = { card_width: 60, card_height: 90 } as BoardView;

async function open() {
  const r = render(SleeveSetup, { view, board, seat: 0, onstored: vi.fn(), onerror: vi.fn() });
  await fireEvent.click(r.getByTestId("holder-ready"));
  await r.findByTestId("sleeve-screen");
  return r;
}

const key = (el: Element, k: string, times = 1, shiftKey = false) => {
  for (let i = 0; i < times; i++) fireEvent.keyDown(el, { key: k, shiftKey });
};

describe("the sleeve set-up screen", () => {
  afterEach(() => {
    cleanup();
    setSleeve.mockClear();
  });

  it("is worked from the keyboard: place, pick up and move the cross, add and remove a ring", async () => {
    const { getByTestId, queryByTestId, getAllByTestId, queryAllByTestId } = await open();
    const card = getByTestId("mini-card");
    const confirm = getByTestId("confirm-sleeve") as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    expect(getByTestId("no-cross-banner").textContent).toContain("No cross found");
    // The pointer starts at the card's middle (30, 45): five steps right, Enter places the cross.
    key(card, "ArrowRight", 5);
    key(card, "Enter");
    await waitFor(() => expect(getByTestId("cross").getAttribute("transform")).toBe("translate(35 45)"));
    expect(queryByTestId("no-cross-banner")).toBeNull();
    expect(confirm.disabled).toBe(false);
    // Space picks it up, the arrows carry it, Space drops it.
    key(card, " ");
    key(card, "ArrowDown", 2, true);
    key(card, " ");
    await waitFor(() => expect(getByTestId("cross").getAttribute("transform")).toBe("translate(35 55)"));
    // With the ring tool, Enter away from the cross adds a ring; Delete on it removes it.
    await fireEvent.click(getByTestId("mode-hook"));
    key(card, "ArrowUp", 6, true);
    key(card, "Enter");
    await waitFor(() => expect(getAllByTestId("hook")).toHaveLength(1));
    key(card, "Delete");
    await waitFor(() => expect(queryAllByTestId("hook")).toHaveLength(0));
    expect(getByTestId("said").textContent).toContain("removed");
    await fireEvent.click(confirm);
    expect(setSleeve).toHaveBeenCalledWith(3, 0, { cross: { x: 35, y: 55 }, hooks: [], dark_areas: [] });
  });

  it("draws a doubtful ring's warning at the ring, and one tap on its button removes it", async () => {
    reading = {
      card: { corners_px: [[0, 0], [600, 0], [600, 900], [0, 900]] },
      hooks: [
        { x: 10, y: 20, r: 3, hidden: false },
        { x: 40, y: 50, r: 4, hidden: false },
      ],
      dark_areas: [],
      cross: { x: 25, y: 70 },
      confidence: { card: 1, orientation: 1, hooks: 0.4, dark_areas: 1, cross: 1 },
      doubts: [
        { field: "hooks", hook: 1, corner: null, at: [40, 50], confidence: 0.4 },
        { field: "card", hook: null, corner: 2, at: null, confidence: 0.6 },
      ],
      warnings: ["check Hook circle 2 on the photo", "check the card's outline"],
      upright: "data:image/jpeg;base64,",
      upright_margin: 4,
    };
    const r = await open();
    const input = r.getByTestId("photo") as HTMLInputElement;
    Object.defineProperty(input, "files", { value: [new File(["x"], "sleeve.jpg", { type: "image/jpeg" })] });
    await fireEvent.change(input);
    await waitFor(() => expect(r.getAllByTestId("check")).toHaveLength(2));
    const marks = r.getAllByTestId("doubt-mark");
    expect(marks.map((m) => m.getAttribute("data-kind"))).toEqual(["ring", "card"]);
    const ring = marks[0]!.querySelector("circle")!;
    expect([ring.getAttribute("cx"), ring.getAttribute("cy")]).toEqual(["40", "50"]);
    const confirm = r.getByTestId("confirm-sleeve") as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    // One tap removes the doubtful ring: its warning goes with it.
    await fireEvent.click(r.getByRole("button", { name: /Remove this circle \(warning 1\)/ }));
    await waitFor(() => expect(r.getAllByTestId("hook")).toHaveLength(1));
    expect(r.getAllByTestId("check").map((c) => c.getAttribute("data-kind"))).toEqual(["card"]);
    expect(confirm.disabled).toBe(true);
    // The outline looked at: listed as looked at, no longer drawn, and Confirm is free.
    await fireEvent.click(r.getByRole("button", { name: /Looked: it is right \(warning 1:/ }));
    await waitFor(() => expect(confirm.disabled).toBe(false));
    expect(r.getByTestId("check").textContent).toContain("looked at");
    expect(r.queryAllByTestId("doubt-mark")).toHaveLength(0);
  });
});
