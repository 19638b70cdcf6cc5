import { render } from "@testing-library/svelte";
import { describe, expect, it } from "vitest";
import Said from "./Said.svelte";

describe("a symbol beside a word", () => {
  it("is hidden from assistive tech, the word is not", () => {
    const { container } = render(Said, { text: "★ Destiny ready" });
    expect(container.textContent).toBe("★ Destiny ready");
    expect(container.querySelector('[aria-hidden="true"]')?.textContent).toBe("★");
  });
  it("leaves text without a leading symbol alone", () => {
    const { container } = render(Said, { text: "2 Coins" });
    expect(container.querySelector('[aria-hidden="true"]')).toBeNull();
    expect(container.textContent).toBe("2 Coins");
  });
});
