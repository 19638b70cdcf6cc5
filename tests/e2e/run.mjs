// `node run.mjs [FILE...]`: runs each end-to-end test file (all `*.test.mjs` here when none is
// named) in its own `node --test` process, one after another, and exits 1 when one fails.
//
// One failure gets a second run: a file whose logs show that the webview engine's page process
// crashed under the app (the line in page-ended.mjs, which the app writes on its own; see
// src-tauri/src/page_watch.rs). WebKitGTK's page process has crashed now and then under Xvfb
// in the middle of a test that passes on every other run; the app itself reloads the page, but
// the WebDriver session dies with it. The second run starts from nothing (its own folder, app
// and driver); a file that fails twice, or fails for any other reason, fails the run. Every
// second run is printed, and counted at the end.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ENGINE_REASONS, PAGE_ENDED } from "./page-ended.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const logs = path.join(process.env.E2E_OUTPUT ?? path.join(here, "output"), "logs");
const NODE_ARGS = ["--test", "--test-concurrency=1", "--test-timeout=300000", "--test-reporter=spec"];

const files = process.argv.length > 2 ? process.argv.slice(2) : readdirSync(here).filter((f) => f.endsWith(".test.mjs")).sort();
const logFiles = () => new Set(existsSync(logs) ? readdirSync(logs) : []);

/** The engine's crash lines in the log files `file`'s run left (kept when a file fails). */
function engineCrashes(file, before) {
  const tag = path.basename(file, ".mjs");
  const lines = [];
  for (const name of logFiles()) {
    if (before.has(name) || !name.startsWith(`${tag}-`)) continue;
    for (const line of readFileSync(path.join(logs, name), "utf8").split("\n")) {
      const reason = line.startsWith(PAGE_ENDED) ? line.slice(PAGE_ENDED.length).trim().split(/[;\s]/)[0] : null;
      if (reason && ENGINE_REASONS.includes(reason)) lines.push(`${name}: ${line}`);
    }
  }
  return lines;
}

function runFile(file) {
  const before = logFiles();
  const { status, signal } = spawnSync(process.execPath, [...NODE_ARGS, path.resolve(here, file)], { stdio: "inherit" });
  return { passed: status === 0, signal, crashes: status === 0 ? [] : engineCrashes(file, before) };
}

const failed = [];
const rerun = [];
for (const file of files) {
  let result = runFile(file);
  if (!result.passed && result.signal === null && result.crashes.length > 0) {
    console.log(`\n${file} failed after the webview's page process crashed:\n  ${result.crashes.join("\n  ")}\n${file}: second run\n`);
    rerun.push(file);
    result = runFile(file);
  }
  if (!result.passed) failed.push(file);
}
console.log(`\nend-to-end files: ${files.length}, failed: ${failed.length}${failed.length ? ` (${failed.join(", ")})` : ""}`);
console.log(`second runs after a crash of the page process: ${rerun.length}${rerun.length ? ` (${rerun.join(", ")})` : ""}`);
process.exit(failed.length ? 1 : 0);
