import { describe, expect, it } from "vitest";
import { boardLayout } from "./legacy";
import { ruleEntries, searchRules } from "./rules";

describe("the rules reference", () => {
  it("has an entry for every Location's ability and the main rules", () => {
    const ids = ruleEntries().map((e) => e.id);
    for (const s of ["lost-allies", "pirates"] as const) {
      for (const b of boardLayout(s).filter((b) => !b.small)) {
        for (const l of b.locations) expect(ids).toContain(`loc.${l}`);
      }
    }
    for (const id of ["morale", "threat", "priorities-crew", "priorities-fairy", "priorities-native", "ending"]) {
      expect(ids).toContain(id);
    }
    expect(ruleEntries().every((e) => e.text.length > 10)).toBe(true);
  });

  it("finds entries by every word, ignoring case", () => {
    expect(searchRules("brute").map((e) => e.id)).toEqual(expect.arrayContaining(["fight", "priorities-crew"]));
    expect(searchRules("DESTINY cabin").map((e) => e.id)).toEqual(expect.arrayContaining(["destiny", "loc.captains-cabin"]));
    expect(searchRules("no such words anywhere")).toEqual([]);
    expect(searchRules("").length).toBe(ruleEntries().length);
  });
});
