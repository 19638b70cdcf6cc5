// Not a test of the app: the victim of harness.test.mjs. It starts the app through the harness,
// writes down what it started, and then waits to be killed mid-run.
import { test } from "node:test";
import { writeFileSync } from "node:fs";
import { appFixture, openApp } from "../app.mjs";
import { filePrefix, owned, sleep } from "../harness.mjs";

appFixture("neverland-e2e-victim-");

test("waits to be killed", async () => {
  await openApp();
  writeFileSync(process.env.E2E_VICTIM_REPORT, JSON.stringify({ pid: process.pid, started: owned(filePrefix) }));
  await sleep(10 * 60 * 1000);
});
