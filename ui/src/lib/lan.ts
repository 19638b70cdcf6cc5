// A device at a table hosted over the local network (crates/lan-host): the same typed command
// table over HTTP POST instead of Tauri's IPC, the seat's token kept in this browser, and the
// WebSocket that pushes this seat its own view. The seat is the token's: nothing here names it
// to the host except the token itself.
import type { Invoke, PansHand, PansView, TableView, WardenPartyView } from "./bindings";
import type { LanSeat, SeatList, TableKind } from "./lan-bindings";

/** True in a device's browser, false in the app's own window. */
export const onLan = typeof window !== "undefined" && !("__TAURI_INTERNALS__" in window);

const KEY = "neverland.seat";

export type { LanSeat, TableKind } from "./lan-bindings";

export type SeatKey = { token: string; gameId: number; kind: TableKind; seat: LanSeat };

export function savedSeat(): SeatKey | null {
  try {
    const s = JSON.parse(localStorage.getItem(KEY) ?? "null");
    if (!s || typeof s.token !== "string") return null;
    // A seat kept by the first version (Pan's Island only) named its Hero by `player`.
    if (!s.seat && typeof s.player === "number") return { token: s.token, gameId: s.gameId, kind: "pans", seat: { kind: "hero", player: s.player } };
    return s as SeatKey;
  } catch {
    return null;
  }
}

export function forgetSeat(): void {
  localStorage.removeItem(KEY);
}

// The step count of the newest table this device has seen: a command is made against it, and
// the host refuses it as "table-changed" when the table has moved on since. Step counts only
// grow (undo and redo are steps too), so a push that arrives after a newer command's answer must
// not take it back.
let since = 0;
export function seen(steps: number): void {
  since = Math.max(since, steps);
}

const CHANGES = new Set(["pans_command", "set_sleeve", "legacy_table_command"]);

async function post<T>(path: string, body: unknown, token?: string): Promise<T> {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  const r = await fetch(path, { method: "POST", headers, body: JSON.stringify(body) });
  const answer = await r.json().catch(() => null);
  if (!r.ok) throw answer ?? { code: "storage", message: `the host answered ${r.status}` };
  return answer as T;
}

/** The command table's transport in a device's browser. */
export const lanInvoke: Invoke = async <T>(cmd: string, args: Record<string, unknown> = {}) => {
  const seat = savedSeat();
  const body = CHANGES.has(cmd) ? { ...args, since } : args;
  const answer = await post<T>(`/lan/cmd/${cmd}`, body, seat?.token);
  const steps = (answer as { game?: { steps?: number } } | null)?.game?.steps;
  if (typeof steps === "number") seen(steps);
  return answer;
};

export type Ticket = { request: number; claim: string };
export type JoinState =
  | { state: "waiting" }
  | { state: "refused" }
  | { state: "admitted"; token: string; gameId: number; kind: TableKind; seat: LanSeat };

export type { SeatList };

/** The seats of the table a join secret opens, as the host lists them (a Hero's or Character's
 * id, a player character's name). */
export function seatsOf(secret: string): Promise<SeatList> {
  return post<SeatList>("/lan/join/table", { secret });
}

/** Asks for a seat with the join secret of the host's code. */
export function askSeat(secret: string, seat: LanSeat, name: string): Promise<Ticket> {
  return post<Ticket>("/lan/join", { secret, seat, name });
}

/** Whether the host has let this device sit yet; keeps the token when it has. */
export async function joinState(t: Ticket): Promise<JoinState> {
  const s = await post<JoinState>("/lan/join/status", t);
  if (s.state === "admitted") {
    const key: SeatKey = { token: s.token, gameId: s.gameId, kind: s.kind, seat: s.seat };
    localStorage.setItem(KEY, JSON.stringify(key));
  }
  return s;
}

export type Frame =
  | { type: "table"; kind: "pans"; steps: number; seat: LanSeat; view: PansView; hand: PansHand }
  | { type: "table"; kind: "legacy"; steps: number; seat: LanSeat; view: TableView }
  | { type: "table"; kind: "warden"; steps: number; seat: LanSeat; view: WardenPartyView }
  | { type: "revoked" }
  | { type: "closed" }
  | { type: "error"; code: string; message: string };

/** This seat's pushes: its view after every change. Reconnects until stopped or sent away. */
export function follow(token: string, onframe: (f: Frame) => void): () => void {
  let stopped = false;
  let ws: WebSocket | null = null;
  const open = () => {
    if (stopped) return;
    ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/lan/ws`);
    ws.onopen = () => ws?.send(token);
    ws.onmessage = (m) => {
      const f = JSON.parse(String(m.data)) as Frame;
      if (f.type === "table") seen(f.steps);
      if (f.type !== "table") stopped = f.type === "revoked" || (f.type === "error" && f.code !== "table-closed");
      onframe(f);
    };
    ws.onclose = () => {
      if (!stopped) setTimeout(open, 1000);
    };
  };
  open();
  return () => {
    stopped = true;
    ws?.close();
  };
}
