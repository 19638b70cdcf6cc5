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
import net from "node:net";
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, readlinkSync, readSync, statSync } from "node:fs";
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

/** The last `lines` lines of a log file, for a failure report (from its last 64 KiB at most: a
 * process gone wrong can write gigabytes, more than one read can hold). */
export function tail(file, lines = 40) {
  if (!existsSync(file)) return "";
  const size = statSync(file).size;
  return readRange(file, Math.max(0, size - 65536), size).split("\n").slice(-lines).join("\n");
}

/** The bytes of `file` from `start` to `end` as text, read in one piece. */
export function readRange(file, start, end) {
  const fd = openSync(file, "r");
  try {
    const buf = Buffer.alloc(Math.max(0, end - start));
    readSync(fd, buf, 0, buf.length, start);
    return buf.toString("utf8");
  } finally {
    closeSync(fd);
  }
}

/** Every port `freePorts` handed out in this process: none is handed out twice. */
const handedOut = new Set();

/**
 * `n` TCP ports on loopback that nothing listens on right now, each different from every other
 * this process was handed. Each is held open until all are chosen: asked for one after another,
 * each closed before the next, the system may hand out the same port twice. tauri-driver then
 * listened on the port meant for its WebKitWebDriver, which could not start ("Unable to
 * listen"), and tauri-driver passed each request on to itself, writing "accept new stream fail"
 * to its log without end (23 GB in the five minutes before the test timed out, in a clean-clone
 * run of the test command on 6 December 2026).
 */
export async function freePorts(n) {
  const servers = [];
  const ports = [];
  try {
    for (let tries = 0; ports.length < n; tries++) {
      if (tries > 100) throw new Error(`no ${n} free ports on loopback`);
      const srv = net.createServer();
      servers.push(srv);
      await new Promise((resolve, reject) => {
        srv.once("error", reject);
        srv.listen(0, "127.0.0.1", resolve);
      });
      const { port } = srv.address();
      if (!handedOut.has(port)) ports.push(port);
    }
  } finally {
    await Promise.all(servers.map((srv) => new Promise((r) => (srv.listening ? srv.close(r) : r()))));
  }
  for (const port of ports) handedOut.add(port);
  return ports;
}

/** Whether something accepts connections on a loopback port now. */
export function portOpen(port) {
  return new Promise((resolve) => {
    const s = net.connect(port, "127.0.0.1");
    s.once("connect", () => {
      s.end();
      resolve(true);
    });
    s.once("error", () => resolve(false));
  });
}

/** One port as `freePorts` hands them out. */
export async function freePort() {
  return (await freePorts(1))[0];
}

export { alive, sleep };
