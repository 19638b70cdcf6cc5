// Not a test of the app: a victim of harness.test.mjs. It kills the webview's page process by
// PID, as a crash would end it, and fails once the app has said so: the runner
// (run.mjs) must give it one second run, and report it failed when that fails the same way.
import assert from "node:assert/strict";
import { test } from "node:test";
import { readFileSync } from "node:fs";
import { appFixture, openApp, pageProcesses } from "../app.mjs";
import { until } from "../harness.mjs";
import { PAGE_ENDED } from "../page-ended.mjs";

const fx = appFixture("neverland-e2e-victim-crash-");

test("fails after its page process crashed", async () => {
  await openApp();
  for (const pid of pageProcesses()) process.kill(pid, "SIGKILL");
  await until("the app to say its page process ended", () => readFileSync(fx.driver.log, "utf8").includes(PAGE_ENDED), 15000);
  assert.fail("this victim fails after its page process crashed");
});
