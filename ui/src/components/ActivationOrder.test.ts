import { cleanup, fireEvent, render } from "@testing-library/svelte";
import { afterEach, describe, expect, it, vi } from "vitest";
import ActivationOrder from "./ActivationOrder.svelte";

describe("Activation order", () => {
  afterEach(cleanup);

  it("names the Enemy next in table order and offers each other waiting Enemy", async () => {
    const onchoose = vi.fn();
    const { getByTestId, getAllByTestId } = render(ActivationOrder, {
      current: "raider-1",
      choices: ["raider-2", "raider-3"],
      busy: false,
      onchoose,
    });
    expect(getByTestId("activation-order").getAttribute("aria-label")).toBe("Activation order");
    expect(getByTestId("activation-order").textContent).toContain("Raider 1 activates next");
    const buttons = getAllByTestId("choose-next");
    expect(buttons.map((b) => b.textContent?.trim())).toEqual(["Raider 2 next", "Raider 3 next"]);
    await fireEvent.click(buttons[1]!);
    expect(onchoose).toHaveBeenCalledWith("raider-3");
  });

  it("shows nothing when no other Enemy waits (the default order is the only one)", () => {
    const { queryByTestId } = render(ActivationOrder, { current: "raider-1", choices: [], busy: false, onchoose: vi.fn() });
    expect(queryByTestId("activation-order")).toBeNull();
  });

  it("cannot choose while the last answer is on its way", () => {
    const { getAllByTestId } = render(ActivationOrder, { current: "raider-1", choices: ["raider-2"], busy: true, onchoose: vi.fn() });
    expect((getAllByTestId("choose-next")[0] as HTMLButtonElement).disabled).toBe(true);
  });
});
