// @vitest-environment jsdom
import { afterEach, describe as suite, expect, it, vi } from "vitest";
import { joinState, lanInvoke, savedSeat, seen } from "./lan";

type Sent = { url: string; init: RequestInit };

function host(answer: unknown, status = 200): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    sent.push({ url, init });
    return new Response(JSON.stringify(answer), { status });
  });
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

suite("a device's transport", () => {
  it("keeps the token it is given and sends it, never a seat of its own choosing", async () => {
    host({ state: "admitted", token: "t0k", gameId: 4, kind: "pans", seat: { kind: "hero", player: 2 } });
    await joinState({ request: 1, claim: "c" });
    expect(savedSeat()).toEqual({ token: "t0k", gameId: 4, kind: "pans", seat: { kind: "hero", player: 2 } });
    const sent = host({ player: 2, hand: [], mini_card: 1 });
    await lanInvoke("pans_hand", { gameId: 4 });
    expect(sent[0]!.url).toBe("/lan/cmd/pans_hand");
    expect(sent[0]!.init.method).toBe("POST");
    expect((sent[0]!.init.headers as Record<string, string>).Authorization).toBe("Bearer t0k");
    expect(JSON.parse(String(sent[0]!.init.body))).toEqual({ gameId: 4 });
  });

  it("sends a change with the step it was decided on, and learns the new step from the answer", async () => {
    seen(7);
    let sent = host({ game: { steps: 8 } });
    await lanInvoke("pans_command", { gameId: 1, command: { type: "end-turn" } });
    expect(JSON.parse(String(sent[0]!.init.body)).since).toBe(7);
    sent = host({ game: { steps: 9 } });
    await lanInvoke("set_sleeve", { gameId: 1 });
    expect(JSON.parse(String(sent[0]!.init.body)).since).toBe(8);
  });

  it("reads a seat kept by the first version as a Hero's", () => {
    localStorage.setItem("neverland.seat", JSON.stringify({ token: "old", gameId: 3, player: 1 }));
    expect(savedSeat()).toEqual({ token: "old", gameId: 3, kind: "pans", seat: { kind: "hero", player: 1 } });
  });

  it("sends a Legacy command with the step it was decided on", async () => {
    seen(11);
    const sent = host({ game: { steps: 12 } });
    await lanInvoke("legacy_table_command", { gameId: 2, command: { type: "morale-check" } });
    expect(JSON.parse(String(sent[0]!.init.body))).toEqual({ gameId: 2, command: { type: "morale-check" }, since: 11 });
  });

  it("rejects with the host's named error", async () => {
    host({ code: "table-changed", message: "the table changed" }, 409);
    await expect(lanInvoke("pans_command", {})).rejects.toEqual({ code: "table-changed", message: "the table changed" });
  });
});
