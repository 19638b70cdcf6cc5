// The reaper of one end-to-end test file: `node reaper.mjs <test file pid> <marker prefix>`.
// It waits for the test file's process to end; if that process died without stopping what it
// started (killed, crashed), the reaper kills every process still carrying the file's marker,
// by PID, and exits. A clean stop sends it SIGTERM first.
import { alive, killOwned, owned, sleep } from "./harness.mjs";

const [watched, prefix] = [Number(process.argv[2]), process.argv[3]];
if (!watched || !prefix) {
  console.error("usage: node reaper.mjs <pid> <marker prefix>");
  process.exit(2);
}
process.on("SIGTERM", () => process.exit(0));

while (alive(watched)) await sleep(200);
const left = owned(prefix);
if (left.length > 0) {
  console.error(`reaper: test file ${watched} is gone; killing ${left.map((p) => `${p.pid} (${p.comm})`).join(", ")}`);
  const survivors = await killOwned(prefix, 0);
  if (survivors.length > 0) {
    console.error(`reaper: still alive: ${survivors.map((p) => p.pid).join(", ")}`);
    process.exit(1);
  }
}
