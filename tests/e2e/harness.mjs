// Process ownership for the end-to-end tests: every process a test file starts is found again by
// PID and stopped by PID, never by name.
//
// - tauri-driver is spawned in a process group of its own, with its output in a log file (nothing
//   it or the app inherits holds the test runner's stdout/stderr).
// - Everything it starts (WebKitWebDriver, the app, WebKit's helper processes) inherits the
//   environment marker NEVERLAND_E2E_OWNER=<run>:<test file pid>:<n>; `owned(prefix)` reads the
//   marker back from /proc/<pid>/environ.
// - A reaper process watches the test file's process: if it dies without cleaning up (SIGKILL,
//   a crash), the reaper kills the group and every marked process, by PID.
import { spawn } from "node:child_process";
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, readlinkSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
export const MARKER = "NEVERLAND_E2E_OWNER";
/** One test command's run (scripts/test sets it); a file run by hand gets its own. */
export const runId = process.env.NEVERLAND_E2E_RUN || `local${process.pid}`;
/** The prefix of every marker this test file process hands out. */
export const filePrefix = `${runId}:${process.pid}:`;

/** Processes (other than zombies) whose environment carries a marker starting with `prefix`. */
export function owned(prefix) {
  const found = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    const pid = Number(name);
    let environ;
    try {
      environ = readFileSync(`/proc/${pid}/environ`, "latin1");
    } catch {
      continue; // gone meanwhile, or not ours to read
    }
    const entry = environ.split("\0").find((e) => e.startsWith(`${MARKER}=`));
    if (!entry || !entry.slice(MARKER.length + 1).startsWith(prefix)) continue;
    let state = "?";
    let comm = "?";
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "latin1");
      comm = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      state = stat.slice(stat.lastIndexOf(")") + 2).split(" ")[0];
    } catch {
      continue;
    }
    if (state === "Z" || state === "X") continue;
    let exe = "";
    try {
      exe = readlinkSync(`/proc/${pid}/exe`);
    } catch {
      /* a kernel thread or gone */
    }
    found.push({ pid, comm, exe });
  }
  return found;
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === "EPERM";
  }
}

function signal(pid, sig) {
  try {
    process.kill(pid, sig);
  } catch {
    /* already gone */
  }
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** SIGKILLs the group and every marked process until none is left; returns the survivors. */
export async function killOwned(prefix, pgid, waitMs = 10000) {
  const deadline = Date.now() + waitMs;
  for (;;) {
    if (pgid) signal(-pgid, "SIGKILL");
    const left = owned(prefix);
    for (const p of left) signal(p.pid, "SIGKILL");
    if (left.length === 0 || Date.now() > deadline) return left;
    await sleep(100);
  }
}

/** The same, synchronously: for `exit` and signal handlers, where nothing can be awaited. */
export function killOwnedSync(prefix, pgids) {
  for (const g of pgids) signal(-g, "SIGKILL");
  for (const p of owned(prefix)) signal(p.pid, "SIGKILL");
}

/** Polls `check` every 100 ms until it gives a truthy value, which it returns; throws after `ms`. */
export async function until(what, check, ms) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

/** The tag a test file's log files start with: `<tag>-<test file pid>-…` (app.mjs, run.mjs). */
export const logTag = (file) => path.basename(file, ".mjs").replace(/[^\w.-]/g, "_");

export const logDir = (outDir) => {
  const dir = path.join(outDir, "logs");
  mkdirSync(dir, { recursive: true });
  return dir;
};

/**
 * Spawns `command` in a process group of its own, its output appended to `logFile`, its
 * environment carrying `marker`. Returns the child (its pid is the group id).
 */
export function spawnOwned(command, args, { env, marker, logFile }) {
  const fd = openSync(logFile, "a");
  try {
    return spawn(command, args, {
      env: { ...process.env, ...env, [MARKER]: marker },
      stdio: ["ignore", fd, fd],
      detached: true,
    });
  } finally {
    closeSync(fd);
  }
}

/**
 * Starts the reaper for this test file: a detached process that kills every process marked with
 * `prefix` (and the listed groups) once this process is gone. Returns its pid, for `stopReaper`.
 */
export function startReaper(prefix, logFile) {
  const env = { ...process.env };
  delete env[MARKER];
  const fd = openSync(logFile, "a");
  try {
    const child = spawn(process.execPath, [path.join(here, "reaper.mjs"), String(process.pid), prefix], {
      env,
      stdio: ["ignore", fd, fd],
      detached: true,
    });
    child.unref();
    return child.pid;
  } finally {
    closeSync(fd);
  }
}

export function stopReaper(pid) {
  if (pid && alive(pid)) signal(pid, "SIGTERM");
}

/** The last `lines` lines of a log file, for a failure report. */
export function tail(file, lines = 40) {
  if (!existsSync(file)) return "";
  return readFileSync(file, "utf8").split("\n").slice(-lines).join("\n");
}

export { alive, sleep };
