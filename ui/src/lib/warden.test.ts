import { describe, expect, it } from "vitest";
import type { WardenCreatureView, WardenRollEntry } from "./bindings";
import { ruleEntries, searchRules } from "./rules";
import { addCommand, attackCommand, conditionLabels, logFor, logLine, newId, slotsOf, stepCommand } from "./warden";

function creature(over: Partial<WardenCreatureView> = {}): WardenCreatureView {
  return {
    id: "ann", name: "Ann", kind: "pc",
    str: { current: 12, max: 12 }, dex: { current: 10, max: 10 }, wil: { current: 8, max: 8 },
    hp: { current: 6, max: 6 }, armor: 1, shield: 0, shield_held: false, items: [], fatigue: 0,
    conditions: { critical: false, critical_save_due: false, dead: false, doomed: false, deprived: false, fled: false },
    pending_scars: [], scars: [], effective_hp: 6, effective_armor: 1, slots_used: 0, paralysed: false, delirious: false,
    ...over,
  };
}

describe("the Warden's steppers and commands", () => {
  it("steps a value by one and stops below 0", () => {
    expect(stepCommand(creature(), "hp", -1)).toEqual({ type: "set", id: "ann", stat: "hp", value: 5 });
    expect(stepCommand(creature(), "max-str", 1)).toEqual({ type: "set", id: "ann", stat: "max-str", value: 13 });
    expect(stepCommand(creature({ armor: 0 }), "armor", -1)).toBeNull();
  });

  it("gives new creatures unique ids from their names", () => {
    expect(newId("Ann", [])).toBe("ann");
    expect(newId("Ann", ["ann", "ann-2"])).toBe("ann-3");
    expect(newId("Élodie the Bold!", [])).toBe("elodie-the-bold");
    expect(newId("!!!", [])).toBe("someone");
    const c = addCommand(" Bo ", "detachment", []);
    expect(c).toMatchObject({ type: "add-creature", creature: { id: "bo", name: "Bo", kind: "detachment" } });
  });

  it("builds one attack from every picked attacker, dual weapons as two dice", () => {
    const cmd = attackCommand(["ann", "bo"], { ann: { die: "d6", second: "d10" }, bo: { die: "d8", second: null } }, ["ogre"], "normal", false);
    expect(cmd).toEqual({
      type: "attack",
      attackers: [
        { id: "ann", dice: ["d6", "d10"], mode: "normal", blast: false },
        { id: "bo", dice: ["d8"], mode: "normal", blast: false },
      ],
      targets: ["ogre"],
    });
    // Someone without a weapon picked fights unarmed.
    const bare = attackCommand(["cy"], {}, ["ogre"], "enhanced", true);
    expect(bare).toMatchObject({ attackers: [{ id: "cy", dice: ["d4"], mode: "enhanced", blast: true }] });
  });
});

describe("the inventory drawing", () => {
  it("draws 4 body and 6 backpack slots, bulky items twice and Fatigue from the end", () => {
    const c = creature({
      items: [
        { name: "Poleaxe", place: "body", bulky: true },
        { name: "Rope", place: "backpack", bulky: false },
      ],
      fatigue: 2,
    });
    const slots = slotsOf(c);
    expect(slots).toHaveLength(10);
    expect(slots.filter((s) => s.place === "body")).toHaveLength(4);
    expect(slots.slice(0, 2).map((s) => [s.kind, s.label, s.item])).toEqual([["bulky", "Poleaxe", 0], ["bulky", "Poleaxe", null]]);
    expect(slots[4]).toMatchObject({ kind: "item", label: "Rope", item: 1 });
    expect(slots.slice(8).map((s) => s.kind)).toEqual(["fatigue", "fatigue"]);
    expect(slots.filter((s) => s.kind === "free")).toHaveLength(5);
  });
});

describe("conditions and the roll log", () => {
  it("names every condition in words, a routed detachment included", () => {
    const c = creature({ kind: "detachment", conditions: { critical: true, critical_save_due: false, dead: false, doomed: true, deprived: false, fled: false }, slots_used: 10 });
    expect(conditionLabels(c)).toEqual(["Routed", "Doomed", "All slots full: 0 HP"]);
    expect(conditionLabels(creature())).toEqual([]);
  });

  it("filters the log by character, newest first, and reads it out", () => {
    const entry = (step: number, who: string | null): WardenRollEntry => ({
      step, who, what: "DEX save", result: "passed 4 against DEX 10",
      roll: { expression: "d20", faces: [{ die: "d20", face: 4, kept: true }], modifier: 0, total: 4 },
    });
    const rolls = [entry(0, "ann"), entry(1, "bo"), entry(2, "ann"), entry(3, null)];
    expect(logFor(rolls, "ann").map((r) => r.step)).toEqual([2, 0]);
    expect(logFor(rolls, null).map((r) => r.step)).toEqual([3, 2, 1, 0]);
    expect(logLine(rolls[0]!, { ann: "Ann" })).toBe("Ann · DEX save: d20:4 → passed 4 against DEX 10");
    expect(logLine(rolls[3]!, {})).toContain("the table");
  });
});

describe("the role-playing rules reference", () => {
  it("covers every rule in our words and finds entries by every word", () => {
    const ids = ruleEntries("wrules.").map((e) => e.id);
    for (const id of ["saves", "attack", "several", "modes", "blast", "critical", "scars", "loss", "healing", "inventory", "fatigue", "initiative", "morale", "reactions", "retreat", "detachments"]) {
      expect(ids).toContain(id);
    }
    expect(searchRules("enhanced", "wrules.").map((e) => e.id)).toEqual(expect.arrayContaining(["modes", "detachments"]));
    expect(searchRules("D12 ENHANCED", "wrules.").map((e) => e.id)).toEqual(["modes"]);
    expect(searchRules("dragon hoard", "wrules.")).toEqual([]);
    // The other game's reference is unchanged by the prefix.
    expect(ruleEntries().some((e) => e.id === "saves")).toBe(false);
  });
});
