// End to end: a sleeve photo goes through the real webview's IPC to the scanner, and a confirmed
// sleeve is stored as its holder's secret (no answer the UI gets holds a hidden number).
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { appFixture, openApp, root } from "./app.mjs";

const fx = appFixture("neverland-e2e-sleeve-");
const { dir } = fx;

/** Calls a command through the webview, as the UI does; resolves to {ok} or {err}. */
async function call(session, cmd, args) {
  return session.executeAsyncScript(
    `const done = arguments[arguments.length - 1];
     window.__TAURI_INTERNALS__.invoke(arguments[0], arguments[1])
       .then((ok) => done({ ok }), (err) => done({ err }));`,
    cmd,
    args,
  );
}

/** Every number in a JSON value. */
function numbers(v, out = []) {
  if (typeof v === "number") out.push(v);
  else if (Array.isArray(v)) v.forEach((x) => numbers(x, out));
  else if (v && typeof v === "object") Object.values(v).forEach((x) => numbers(x, out));
  return out;
}

test("a photo is read through the app, and the confirmed sleeve stays secret", async () => {
  const photo = path.join(dir, "sleeve.jpg");
  const truth = JSON.parse(
    execFileSync(path.join(root, "target/debug/sleeve-synth"), ["31", photo, "1600", "1250", "1100"], {
      encoding: "utf8",
    }),
  );
  const b64 = readFileSync(photo).toString("base64");
  const { session } = await openApp();
  try {
    const started = performance.now();
    const scan = await call(session, "scan_sleeve", { photoBase64: `data:image/jpeg;base64,${b64}`, corners: null });
    console.log(`scan_sleeve through the webview: ${(performance.now() - started).toFixed(0)} ms`);
    assert.ok(scan.ok, JSON.stringify(scan.err));
    assert.equal(scan.ok.hooks.length, truth.hooks.length);
    assert.ok(Math.hypot(scan.ok.cross.x - truth.cross.x, scan.ok.cross.y - truth.cross.y) < 0.3);

    const broken = await call(session, "scan_sleeve", { photoBase64: b64.slice(0, b64.length / 2), corners: null });
    assert.equal(broken.err.code, "photo-unreadable", JSON.stringify(broken));

    const game = await call(session, "new_pans_game", {
      args: { setup: { heroes: ["peter-pan", "wendy", "tiger-lily"], first_player: 0, events: [] }, seed: "5" },
    });
    assert.ok(game.ok, JSON.stringify(game.err));
    const sleeve = {
      cross: { x: scan.ok.cross.x, y: scan.ok.cross.y },
      hooks: scan.ok.hooks.map((h) => ({ x: h.x, y: h.y, r: h.r })),
      dark_areas: scan.ok.dark_areas,
    };
    const after = await call(session, "set_sleeve", { gameId: game.ok.game.id, player: 1, sleeve });
    assert.ok(after.ok, JSON.stringify(after.err));
    assert.equal(after.ok.state.players[1].has_sleeve, true);
    const secret = numbers(sleeve).filter((v) => !Number.isInteger(v));
    for (const answer of [after.ok, (await call(session, "pans_game", { gameId: game.ok.game.id })).ok]) {
      const shown = numbers(answer);
      for (const v of secret) assert.ok(!shown.includes(v) && !shown.includes(v * 10), `an answer shows ${v}`);
    }
  } finally {
    await session.quit();
  }
});
