import { cleanup, fireEvent, render } from "@testing-library/svelte";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ReplayNotice as Notice } from "../lib/bindings";

const legacyTableRecord = vi.fn(async (_id: number) => '{"format":"neverland-legacy-game/1"}');
vi.mock("../lib/api", () => ({ api: { legacyTableRecord }, asAppError: (e: unknown) => e }));
const { default: ReplayNotice } = await import("./ReplayNotice.svelte");

const notice: Notice = {
  step: 24,
  command: { type: "move", to: "galley", escort: [] },
  reason: "galley is not adjacent to bow",
  why: { code: "not-adjacent", args: { to: "galley", here: "bow" } },
  set_aside: 167,
  started_with: 1,
  rules_version: 2,
};

describe("the replay notice of a game saved under other rules", () => {
  afterEach(cleanup);

  it("says which step is refused and why, and what going on sets aside", async () => {
    const ongoon = vi.fn();
    const { getByTestId, getByRole } = render(ReplayNotice, { id: 7, notice, busy: false, ongoon, onerror: vi.fn() });
    const text = getByTestId("replay-notice").textContent ?? "";
    expect(text).toContain("step 24");
    // In the players' words, from the reason's code, with names for the ids.
    expect(text, text).toContain("Galley is not next to Bow. The table shows");
    expect(text).toContain("version 1");
    expect(text).toContain("version 2");
    expect(text).toContain("167 steps");
    await fireEvent.click(getByRole("button", { name: "Go on from this table" }));
    expect(ongoon).toHaveBeenCalledOnce();
  });

  it("exports the whole game on request", async () => {
    const { getByRole, findByTestId } = render(ReplayNotice, { id: 7, notice, busy: false, ongoon: vi.fn(), onerror: vi.fn() });
    await fireEvent.click(getByRole("button", { name: "Export the whole game" }));
    expect(legacyTableRecord).toHaveBeenCalledWith(7);
    expect((await findByTestId("replay-exported")).textContent).toContain("neverland-legacy-game/1");
  });
});
