// `node run.mjs [FILE...]`: runs each end-to-end test file (all `*.test.mjs` here when none is
// named; names are taken from this folder) in its own `node --test` process, one after another,
// and exits 1 when one fails.
//
// One failure gets a second run: a file that failed while the app wrote that WebKitGTK's page
// process had crashed (the line in page-ended.mjs; see src-tauri/src/page_watch.rs). How the
// test then fails varies (a lost session, a script result that cannot be parsed, a bare
// WebDriverError), so the crash line is the evidence, not the test's words. CI once
// lost a session that way in the middle of a test that passes on every other run; a crash of
// the page process is the suspected cause, not a proven one. A crash can also be ours (a page
// the kernel kills for its memory reads as "crashed" too), so a file that fails twice, or fails
// any other way, fails the run, and every second run is printed with the lines that allowed it
// and counted at the end. A file that crashes its page on purpose (NO_SECOND_RUN) never gets
// one. The second run starts from nothing: its own folder, app and driver.
import { spawn } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { logTag, readRange } from "./harness.mjs";
import { ENGINE_REASONS, NO_SECOND_RUN, PAGE_ENDED } from "./page-ended.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const logs = path.join(process.env.E2E_OUTPUT ?? path.join(here, "output"), "logs");
/** The most of a log (bytes) read from either end of what one run wrote to it. */
const READ_MOST = 8 * 1024 * 1024;
const NODE_ARGS = ["--test", "--test-concurrency=1", "--test-timeout=300000", "--test-reporter=spec"];

const files = process.argv.length > 2 ? process.argv.slice(2) : readdirSync(here).filter((f) => f.endsWith(".test.mjs")).sort();

/** Each log file's size now: what a run writes after this is read from there on. */
function logSizes() {
  const sizes = new Map();
  for (const name of existsSync(logs) ? readdirSync(logs) : []) sizes.set(name, statSync(path.join(logs, name)).size);
  return sizes;
}

/** The engine's crash lines `file`'s run wrote to its log files (kept when a file fails). */
function engineCrashes(file, before) {
  const own = new RegExp(`^${logTag(file).replace(/[.]/g, "\\.")}-\\d+-`);
  const lines = [];
  for (const name of logSizes().keys()) {
    if (!own.test(name)) continue;
    const file = path.join(logs, name);
    const [from, to] = [before.get(name) ?? 0, statSync(file).size];
    // What the run wrote, or its first and last 8 MiB when it wrote more: a driver gone wrong
    // once wrote 23 GB, more than one read can hold.
    const text =
      to - from <= 2 * READ_MOST
        ? readRange(file, from, to)
        : `${readRange(file, from, from + READ_MOST)}\n${readRange(file, to - READ_MOST, to)}`;
    for (const line of text.split("\n")) {
      const reason = line.startsWith(PAGE_ENDED) ? line.slice(PAGE_ENDED.length).trim().split(/[;\s]/)[0] : null;
      if (reason && ENGINE_REASONS.includes(reason)) lines.push(`${name}: ${line}`);
    }
  }
  return lines;
}

let child = null;
for (const sig of ["SIGTERM", "SIGINT", "SIGHUP"]) {
  process.on(sig, () => {
    child?.kill(sig);
    process.exit(1);
  });
}

/** Runs one file, its output passed on as it comes; resolves with how it ended. */
function runFile(file) {
  const before = logSizes();
  return new Promise((resolve) => {
    child = spawn(process.execPath, [...NODE_ARGS, path.resolve(here, file)], { stdio: ["ignore", "inherit", "inherit"] });
    child.once("error", (e) => console.error(`${file}: ${e}`));
    child.once("close", (status, signal) => {
      child = null;
      const passed = status === 0;
      const failedAlone = !passed && signal === null;
      resolve({ passed, crashes: failedAlone ? engineCrashes(file, before) : [] });
    });
  });
}

const failed = [];
const rerun = [];
for (const file of files) {
  let result = await runFile(file);
  if (!result.passed && result.crashes.length > 0 && !NO_SECOND_RUN.includes(path.basename(file))) {
    console.log(`\n${file} failed while the webview's page process crashed:\n  ${result.crashes.join("\n  ")}\n${file}: second run\n`);
    rerun.push(file);
    result = await runFile(file);
  }
  if (!result.passed) failed.push(file);
}
console.log(`\nend-to-end files: ${files.length}, failed: ${failed.length}${failed.length ? ` (${failed.join(", ")})` : ""}`);
console.log(`second runs after a crash of the page process: ${rerun.length}${rerun.length ? ` (${rerun.join(", ")})` : ""}`);
process.exit(failed.length ? 1 : 0);
