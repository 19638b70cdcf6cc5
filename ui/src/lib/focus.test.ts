import { describe, expect, it } from "vitest";
import { keepFocus } from "./focus";

describe("focus stays where the player acted", () => {
  it("returns to the same control after it was disabled, or to its replacement", () => {
    document.body.innerHTML = `<section><button data-testid="a">A</button><button data-testid="b">B</button></section>`;
    const a = document.querySelector<HTMLButtonElement>('[data-testid="a"]')!;
    a.focus();
    const restore = keepFocus();
    a.blur();
    expect(document.activeElement).toBe(document.body);
    restore();
    expect(document.activeElement).toBe(a);

    const again = keepFocus();
    document.body.querySelector("section")!.innerHTML = `<button data-testid="a">A again</button>`;
    again();
    expect(document.activeElement?.textContent).toBe("A again");
  });

  it("falls back to the nearest control still there, never the top of the page", () => {
    document.body.innerHTML = `<nav><button>top</button></nav><section><div><button data-testid="go">Go</button></div><button data-testid="next">Next</button></section>`;
    document.querySelector<HTMLButtonElement>('[data-testid="go"]')!.focus();
    const restore = keepFocus();
    document.querySelector("section div")!.remove();
    restore();
    expect(document.activeElement?.getAttribute("data-testid")).toBe("next");
  });
});
