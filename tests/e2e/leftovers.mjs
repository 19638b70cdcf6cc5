// `node leftovers.mjs RUN`: lists the processes still carrying the end-to-end marker of test run
// RUN, kills them by PID, and exits 1 if there were any (scripts/test's last check after the
// end-to-end stage, whether it passed, failed or timed out).
import { killOwned, owned } from "./harness.mjs";

const run = process.argv[2];
if (!run) {
  console.error("usage: node leftovers.mjs RUN");
  process.exit(2);
}
const left = owned(`${run}:`);
if (left.length === 0) process.exit(0);
console.error(`left running by the end-to-end tests: ${left.map((p) => `${p.pid} (${p.comm})`).join(", ")}; killing them by PID`);
const survivors = await killOwned(`${run}:`, 0);
if (survivors.length > 0) console.error(`still alive: ${survivors.map((p) => p.pid).join(", ")}`);
process.exit(1);
