// The app's one door to Rust: the generated, typed command table over Tauri's invoke in the
// window, and over the table's host (lan.ts) in a player's own browser.
import { invoke } from "@tauri-apps/api/core";
import { listen } from "@tauri-apps/api/event";
import { makeCommands, type AppError, type Invoke } from "./bindings";
import { lanInvoke, onLan } from "./lan";

export const api = makeCommands(onLan ? lanInvoke : (invoke as Invoke));
export type Api = ReturnType<typeof makeCommands>;

/** Any rejection as an AppError: Rust sends one; anything else becomes `storage`. */
export function asAppError(e: unknown): AppError {
  if (typeof e === "object" && e !== null && "code" in e && "message" in e) {
    return e as AppError;
  }
  return { code: "storage", message: String(e) };
}

/**
 * The platform's save or open dialog, opened by the app's shell (not the page): the path the
 * player picks is the only one the file commands will then write or read. `null` when the
 * player cancels.
 */
export function pickFile(save: boolean, name: string, photo = false): Promise<string | null> {
  return (invoke as Invoke)<string | null>("pick_file", { save, name, photo });
}

/**
 * In the host's window: calls `refresh` each time a player's own device changed game `id`'s table
 * (the host emits `lan-table-changed`, src-tauri/src/lan.rs). Answers the function that stops
 * listening (for `onMount`). Nothing to hear in a device's browser.
 */
export function followSeats(id: number, refresh: () => void | Promise<void>): () => void {
  if (onLan) return () => {};
  let stop: (() => void) | null = null;
  let stopped = false;
  void listen<{ gameId: number; steps: number }>("lan-table-changed", (e) => {
    if (e.payload.gameId === id) void refresh();
  }).then((un) => {
    if (stopped) un();
    else stop = un;
  });
  return () => {
    stopped = true;
    stop?.();
  };
}
