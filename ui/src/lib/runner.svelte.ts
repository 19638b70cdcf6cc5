// One call to Rust at a time, for a screen: `busy` while it runs (the controls wait), the answer
// handed to the screen, a failure to the error banner. The screen changes only with the answer,
// which arrives after the command is committed.
import { tick } from "svelte";
import { asAppError } from "./api";
import { keepFocus } from "./focus";
import type { AppError } from "./bindings";

export class Runner<T> {
  busy = $state(false);

  constructor(
    private readonly answer: (value: T) => void,
    private readonly onerror: (e: AppError) => void,
    /** Runs before each call (a screen clearing a notice that the call will make stale). */
    private readonly before: () => void = () => {},
  ) {}

  run = async (call: () => Promise<T>): Promise<void> => {
    if (this.busy) return;
    const restoreFocus = typeof document === "undefined" ? () => {} : keepFocus();
    this.busy = true;
    this.before();
    try {
      this.answer(await call());
    } catch (e) {
      this.onerror(asAppError(e));
    } finally {
      this.busy = false;
      // After the redraw, focus goes back on (or next to) the control acted on.
      await tick();
      restoreFocus();
    }
  };
}
