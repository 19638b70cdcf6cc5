// Not a test of the app: a victim of harness.test.mjs that fails with no crash of any page
// process. The runner (run.mjs) must not run it a second time.
import { test } from "node:test";
import assert from "node:assert/strict";

test("fails on its own", () => {
  assert.fail("this victim always fails");
});
