import { describe, expect, it } from "vitest";
import { t } from "./i18n";
import { countKey, whoseKey } from "./words";

describe("possessives", () => {
  it("writes a name ending in s with an apostrophe alone", () => {
    const weapon = (name: string) => t(whoseKey("warden.attack.weapon", name), { name });
    expect(weapon("Wolves")).toBe("Wolves' weapon");
    expect(weapon("Boris")).toBe("Boris' weapon");
    expect(weapon("Hook")).toBe("Hook's weapon");
    // A key without an ".s" form is kept.
    expect(whoseKey("nav.undo", "Wolves")).toBe("nav.undo");
  });
});

describe("counts", () => {
  it("says 1 in the singular", () => {
    expect(t(countKey("tv.end.confirm", 1), { n: 1 })).toBe("1 Action is still unused. End the Actions anyway?");
    expect(t(countKey("tv.end.confirm", 3), { n: 3 })).toBe("3 Actions are still unused. End the Actions anyway?");
  });
});
