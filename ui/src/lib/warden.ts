// The Warden's screen's logic: the commands its taps send, the slots it draws and the log it
// filters. The rules themselves are the engine's; this only shapes what is sent and shown.
import type {
  WardenCommand,
  WardenCreatureView,
  WardenDie,
  WardenKind,
  WardenMode,
  WardenRollEntry,
  WardenStat,
} from "./bindings";
import { t, type Key } from "./i18n";

export const WEAPON_DICE: WardenDie[] = ["d4", "d6", "d8", "d10", "d12"];
export const KINDS: WardenKind[] = ["pc", "npc", "monster", "detachment"];
export const MODES: WardenMode[] = ["impaired", "normal", "enhanced"];
export const BODY_SLOTS = 4;
export const BACKPACK_SLOTS = 6;

/** The stored value a stepper changes. */
export function statValue(c: WardenCreatureView, stat: WardenStat): number {
  switch (stat) {
    case "hp": return c.hp.current;
    case "max-hp": return c.hp.max;
    case "str": return c.str.current;
    case "max-str": return c.str.max;
    case "dex": return c.dex.current;
    case "max-dex": return c.dex.max;
    case "wil": return c.wil.current;
    case "max-wil": return c.wil.max;
    case "armor": return c.armor;
    case "shield": return c.shield;
  }
}

/** The `set` command a − or + tap sends, or null where the stepper stops (the engine checks the
 * rest: current values never above their max, Armor never above 3). */
export function stepCommand(c: WardenCreatureView, stat: WardenStat, delta: number): WardenCommand | null {
  const value = statValue(c, stat) + delta;
  if (value < 0 || value > 99) return null;
  return { type: "set", id: c.id, stat, value };
}

/** A short id from a name, unique among those taken. */
export function newId(name: string, taken: string[]): string {
  const base =
    name
      .normalize("NFD")
      .replace(/\p{M}/gu, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .slice(0, 30) || "someone";
  let id = base;
  for (let n = 2; taken.includes(id); n++) id = `${base}-${n}`;
  return id;
}

/** A new creature at the screen's defaults (the steppers set the rest). */
export function addCommand(name: string, kind: WardenKind, taken: string[]): WardenCommand {
  return {
    type: "add-creature",
    creature: { id: newId(name, taken), name: name.trim(), kind, str: 10, dex: 10, wil: 10, hp: 4, armor: 0, shield: 0 },
  };
}

export interface Weapon {
  die: WardenDie;
  /** A second weapon's die for dual wielding. */
  second: WardenDie | null;
}

/** The one-tap attack: every picked attacker with their weapon, on every picked target. */
export function attackCommand(
  attackers: string[],
  weapons: Record<string, Weapon>,
  targets: string[],
  mode: WardenMode,
  blast: boolean,
): WardenCommand {
  return {
    type: "attack",
    attackers: attackers.map((id) => {
      const w = weapons[id] ?? { die: "d4", second: null };
      return { id, dice: w.second ? [w.die, w.second] : [w.die], mode, blast };
    }),
    targets,
  };
}

export interface Slot {
  place: "body" | "backpack";
  kind: "item" | "bulky" | "fatigue" | "free";
  label: string;
  /** The item's index, for dropping it (only on an item's first slot). */
  item: number | null;
}

/** The ten slots as drawn: body then backpack, items in order (a bulky item fills two), then
 * each Fatigue in a free slot from the backpack's end. */
export function slotsOf(c: WardenCreatureView): Slot[] {
  const free = (place: Slot["place"]): Slot => ({ place, kind: "free", label: t("warden.inventory.free"), item: null });
  const body: Slot[] = [];
  const pack: Slot[] = [];
  c.items.forEach((it, i) => {
    const into = it.place === "body" ? body : pack;
    into.push({ place: it.place, kind: it.bulky ? "bulky" : "item", label: it.name, item: i });
    if (it.bulky) into.push({ place: it.place, kind: "bulky", label: it.name, item: null });
  });
  while (body.length < BODY_SLOTS) body.push(free("body"));
  while (pack.length < BACKPACK_SLOTS) pack.push(free("backpack"));
  const all = [...body, ...pack];
  let fatigue = c.fatigue;
  for (let i = all.length - 1; i >= 0 && fatigue > 0; i--) {
    const slot = all[i];
    if (slot?.kind === "free") {
      all[i] = { ...slot, kind: "fatigue", label: t("warden.inventory.fatigue") };
      fatigue--;
    }
  }
  return all;
}

/** Words for every condition that holds (never colour alone). */
export function conditionLabels(c: WardenCreatureView): string[] {
  const k = c.conditions;
  const out: Key[] = [];
  if (k.dead) out.push("warden.cond.dead");
  if (k.critical) out.push(c.kind === "detachment" ? "warden.cond.routed" : "warden.cond.critical");
  if (k.critical_save_due) out.push("warden.cond.save-due");
  if (k.doomed) out.push("warden.cond.doomed");
  if (k.deprived) out.push("warden.cond.deprived");
  if (k.fled) out.push("warden.cond.fled");
  if (c.paralysed) out.push("warden.cond.paralysed");
  if (c.delirious) out.push("warden.cond.delirious");
  if (c.slots_used >= 10) out.push("warden.cond.overloaded");
  if (c.pending_scars.length > 0) out.push("warden.cond.scar");
  return out.map((key) => t(key));
}

/** The roll log, newest first, of one creature or everyone. */
export function logFor(rolls: WardenRollEntry[], who: string | null): WardenRollEntry[] {
  return rolls.filter((r) => who === null || r.who === who).reverse();
}

/** One log line in words. */
export function logLine(r: WardenRollEntry, names: Record<string, string>): string {
  const dice = r.roll.faces.length
    ? r.roll.faces.map((f) => `${f.die}:${f.face}${f.kept ? "" : "×"}`).join(" ")
    : r.roll.expression;
  const who = r.who === null ? t("warden.log.table") : (names[r.who] ?? r.who);
  return t("warden.log.line", { who, what: r.what, dice, result: r.result });
}
