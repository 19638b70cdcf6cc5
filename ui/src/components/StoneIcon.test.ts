import { render } from "@testing-library/svelte";
import { describe, expect, it } from "vitest";
import StoneIcon from "./StoneIcon.svelte";
import type { Stone } from "../lib/bindings";

describe("StoneIcon", () => {
  it("draws a distinct symbol for each face", () => {
    const faces: Stone[] = ["move", "fight", "search", "taunt-loot", "courage-scare", "rest"];
    const drawings = faces.map((stone) => render(StoneIcon, { stone }).container.innerHTML);
    expect(new Set(drawings).size).toBe(faces.length);
    for (const d of drawings) expect(d).toContain('aria-hidden="true"');
  });
});
