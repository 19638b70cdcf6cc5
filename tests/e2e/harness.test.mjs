// The end-to-end harness itself: a test file killed mid-run (SIGKILL, so none of its own cleanup
// runs) leaves no process behind, and the test runner that ran it still exits by itself. The
// runner of the end-to-end files (run.mjs) gives a file a second run only after the webview's
// page process crashed under it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { outDir } from "./app.mjs";
import { killOwned, owned, until } from "./harness.mjs";
import { PAGE_ENDED } from "./page-ended.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));

test("a test file killed mid-run leaves no process, and the runner exits", { timeout: 120000 }, async () => {
  const tmp = mkdtempSync(path.join(os.tmpdir(), "neverland-e2e-harness-"));
  const report = path.join(tmp, "started.json");
  const run = `harnesstest${process.pid}`;
  // A runner of its own: without NODE_TEST_CONTEXT, which would make it report to ours instead.
  const env = { ...process.env, NEVERLAND_E2E_RUN: run, E2E_VICTIM_REPORT: report };
  delete env.NODE_TEST_CONTEXT;
  const runner = spawn(process.execPath, ["--test", "--test-reporter=tap", path.join(here, "victims/killed-mid-run.mjs")], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  let victimPid = 0;
  runner.stdout.on("data", (d) => (output += d));
  runner.stderr.on("data", (d) => (output += d));
  // "close" comes only once every holder of the runner's stdout and stderr has let go of them.
  const closed = new Promise((r) => runner.once("close", (code, sig) => r({ code, sig })));
  try {
    await until("the victim to start the app", () => existsSync(report) || runner.exitCode !== null, 90000).catch((e) => {
      throw new Error(`${e.message}\n${output}`);
    });
    assert.ok(existsSync(report), `the victim started the app\n${output}`);
    const { pid, started } = JSON.parse(readFileSync(report, "utf8"));
    victimPid = pid;
    const names = started.map((p) => path.basename(p.exe));
    assert.ok(names.includes("tauri-driver"), `tauri-driver was started: ${names}`);
    assert.ok(names.includes("neverland-companion"), `the app was started: ${names}`);

    process.kill(pid, "SIGKILL");

    let timer;
    const end = await Promise.race([closed, new Promise((r) => (timer = setTimeout(() => r(null), 30000)))]);
    clearTimeout(timer);
    assert.ok(end, `the runner exits by itself after its test file is killed\n${output}`);
    assert.notEqual(end.code, 0, "the killed file is reported as failed");
    await until("every started process to be gone", () => owned(`${run}:`).length === 0, 15000);
    for (const p of started) {
      assert.ok(!owned(`${run}:`).some((o) => o.pid === p.pid), `${p.pid} (${p.comm}) is gone`);
    }
  } finally {
    if (runner.exitCode === null) runner.kill("SIGKILL");
    await killOwned(`${run}:`, 0);
    rmSync(tmp, { recursive: true, force: true });
    // The victim's logs (kept because it was killed) are of no use once this test has passed.
    const logs = path.join(outDir, "logs");
    if (victimPid && existsSync(logs)) {
      for (const f of readdirSync(logs)) if (f.startsWith(`killed-mid-run-${victimPid}-`)) rmSync(path.join(logs, f));
    }
  }
});

test("the runner runs a file again once after a crash of the page process, and no other", { timeout: 180000 }, async () => {
  const tmp = mkdtempSync(path.join(os.tmpdir(), "neverland-e2e-runner-"));
  const env = { ...process.env, NEVERLAND_E2E_RUN: `runnertest${process.pid}`, E2E_OUTPUT: tmp };
  delete env.NODE_TEST_CONTEXT;
  // Its own process group, so that a runner which overstays is stopped with all it started.
  const files = ["victims/page-crash-fails.mjs", "victims/plain-fail.mjs"];
  // A crash line already in plain-fail's log before the run: not this run's, so no second run.
  mkdirSync(path.join(tmp, "logs"), { recursive: true });
  writeFileSync(path.join(tmp, "logs", "plain-fail-1-driver1.log"), `${PAGE_ENDED} crashed; loading the page again\n`);
  const runner = spawn(process.execPath, [path.join(here, "run.mjs"), ...files], { env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  let text = "";
  runner.stdout.on("data", (d) => (text += d));
  runner.stderr.on("data", (d) => (text += d));
  let timer;
  try {
    const code = await new Promise((resolve) => {
      runner.once("close", (c) => resolve(c));
      timer = setTimeout(() => resolve("overstayed"), 170000);
    });
    assert.equal(code, 1, `the run fails\n${text}`);
    assert.match(text, /victims\/page-crash-fails\.mjs failed while the webview's page process crashed:\n.*the page process ended: crashed/);
    assert.equal(text.match(/: second run\n/g)?.length, 1, `only the crashed file runs again\n${text}`);
    assert.match(text, /end-to-end files: 2, failed: 2 \(victims\/page-crash-fails\.mjs, victims\/plain-fail\.mjs\)/);
    assert.match(text, /second runs after a crash of the page process: 1 \(victims\/page-crash-fails\.mjs\)/);
  } finally {
    clearTimeout(timer);
    if (runner.exitCode === null) {
      try {
        process.kill(-runner.pid, "SIGKILL");
      } catch {
        /* gone */
      }
    }
    await killOwned(`runnertest${process.pid}:`, 0);
    rmSync(tmp, { recursive: true, force: true });
  }
});
