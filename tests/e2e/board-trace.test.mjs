// End to end: the owner traces Pan's Island's accessible area on a photo of their board (My box).
// The test makes the photo: a 600 × 900 mm board seen at a slant on a table, as a PNG in the
// folder of the test. The open dialog cannot be driven, so the app is started with the path it
// answers (NEVERLAND_DIALOG_ANSWER); everything after it is the real app: the four corners
// tapped on the photo, the straightened board shown, the outline tapped (one point placed by
// keyboard), saved as the box's board area, and a new Pan's Island game's board drawn with it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { By, Key, until } from "selenium-webdriver";
import { appFixture, byTestId, openApp, screenshot, tap, tapInside } from "./app.mjs";
import { sleeveByHand } from "./pans-helpers.mjs";

const fx = appFixture("neverland-e2e-trace-");

const W = 900;
const H = 700;
/** The board's corners in the photo: top left, top right, bottom right, bottom left (pixels). */
const CORNERS = [
  [200, 60],
  [660, 90],
  [760, 650],
  [120, 620],
];

const CRC = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** Inside the convex quadrilateral `q` (clockwise on screen). */
const inside = (q, x, y) =>
  q.every((a, i) => {
    const b = q[(i + 1) % 4];
    return (b[0] - a[0]) * (y - a[1]) - (b[1] - a[1]) * (x - a[0]) >= 0;
  });

/** The photo: a wooden table, the board's sea-blue face with a green island, as a PNG. */
function boardPhoto() {
  const rows = [];
  // The island: the board's middle, drawn in the photo's own perspective by bilinear blending
  // of the corners (near enough for a picture to trace over).
  const at = (u, v) => {
    const [a, b, c, d] = CORNERS;
    const top = [a[0] + (b[0] - a[0]) * u, a[1] + (b[1] - a[1]) * u];
    const bottom = [d[0] + (c[0] - d[0]) * u, d[1] + (c[1] - d[1]) * u];
    return [top[0] + (bottom[0] - top[0]) * v, top[1] + (bottom[1] - top[1]) * v];
  };
  const island = [at(0.1, 0.08), at(0.9, 0.08), at(0.9, 0.95), at(0.1, 0.95)];
  for (let y = 0; y < H; y++) {
    const row = Buffer.alloc(1 + W * 3);
    for (let x = 0; x < W; x++) {
      const rgb = inside(island, x, y) ? [70, 150, 80] : inside(CORNERS, x, y) ? [120, 180, 220] : [130, 95, 60];
      row.set(rgb, 1 + x * 3);
    }
    rows.push(row);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(W, 0);
  ihdr.writeUInt32BE(H, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", zlib.deflateSync(Buffer.concat(rows))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** Taps `el` at fractions (fx, fy) of its box. */
const tapAt = (session, el, fx, fy) =>
  tapInside(session, el, `(el) => { const b = el.getBoundingClientRect(); return [b.left + ${fx} * b.width, b.top + ${fy} * b.height]; }`);

test("the accessible area traced on a photo of the board is the one new games play on", async () => {
  const photo = path.join(fx.dir, "my-board.png");
  writeFileSync(photo, boardPhoto());
  // The open dialog answers the photo's path (a native dialog cannot be driven), through the
  // same gate as a path the player picks: only that file may be read.
  await fx.restart({ NEVERLAND_DB: fx.db, NEVERLAND_DIALOG_ANSWER: photo });
  const { session } = await openApp();
  try {
    await tap(session, "my-box");
    await tap(session, "box-tab-pans");
    await tap(session, "box-pans-board");
    await session.wait(until.elementLocated(byTestId("box-trace")), 10000);
    await tap(session, "box-trace-start");
    const picture = await session.wait(until.elementLocated(byTestId("trace-photo")), 10000);
    await screenshot(session, "box-trace-01-photo");
    for (const [i, [x, y]] of CORNERS.entries()) {
      await tapAt(session, picture, x / W, y / H);
      if (i < 3) {
        const count = await session.findElement(byTestId("trace-corner-count"));
        await session.wait(async () => (await count.getText()).includes(`(${i + 1} of 4)`), 5000);
      }
    }
    const flat = await session.wait(until.elementLocated(byTestId("trace-board")), 10000);
    await screenshot(session, "box-trace-02-straightened");

    // The outline by tapping, in board millimetres, then one point by keyboard: the marker starts
    // at the board's middle (300, 450) and goes 5 steps of 50 mm left.
    const outline = [
      [30, 40],
      [570, 40],
      [570, 870],
      [30, 870],
    ];
    for (const [x, y] of outline) await tapAt(session, flat, x / 600, y / 900);
    // The step picked in its list (as the French test picks its language): 50 mm.
    await session.executeScript(
      "arguments[0].value = '50'; arguments[0].dispatchEvent(new Event('change', { bubbles: true }))",
      await session.findElement(byTestId("trace-step-mm")),
    );
    await session.executeScript("arguments[0].focus()", flat);
    const points = await session.findElement(byTestId("trace-point-count"));
    const before = await points.getText();
    await session.actions().sendKeys(Key.ARROW_LEFT, Key.ARROW_LEFT, Key.ARROW_LEFT, Key.ARROW_LEFT, Key.ARROW_LEFT).perform();
    const readout = await session.findElement(By.id("trace-board-cursor"));
    await session.wait(async () => (await readout.getText()).startsWith("Marker at 50, 450 mm"), 5000);
    await session.actions().sendKeys(Key.ENTER).perform();
    await session.wait(async () => (await points.getText()) !== before, 5000);
    const said = await points.getText();
    await screenshot(session, "box-trace-03-outline");
    assert.match(said, /\(5 points so far\)/, said);
    await tap(session, "trace-save");
    const now = await session.wait(until.elementLocated(byTestId("box-trace-now")), 10000);
    await session.wait(async () => (await now.getText()) === "1 outline · checked against your card", 10000);
    await screenshot(session, "box-trace-04-saved");

    // A new game's board is drawn with the traced area.
    await tap(session, "back");
    for (const h of ["peter-pan", "wendy"]) await tap(session, `hero-${h}`);
    await tap(session, "start-pans");
    // The board is drawn once both sleeves are set up (tapped in by hand).
    await sleeveByHand(session, 1, [45, 45], [15, 70]);
    await sleeveByHand(session, 2, [48, 30], [15, 20]);
    const land = await session.wait(until.elementLocated(By.css('[data-testid="board"] polygon.land')), 20000);
    const drawn = (await land.getAttribute("points"))
      .trim()
      .split(/\s+/)
      .map((p) => p.split(",").map(Number));
    const want = [...outline, [50, 450]];
    assert.equal(drawn.length, want.length, JSON.stringify(drawn));
    for (const [i, [x, y]] of want.entries()) {
      // A tap lands on a whole pixel: about 1.4 mm of board on a 28rem-wide picture.
      assert.ok(Math.abs(drawn[i][0] - x) <= 3 && Math.abs(drawn[i][1] - y) <= 3, `point ${i}: ${drawn[i]} for ${[x, y]}`);
    }
    assert.deepEqual(drawn[4], [50, 450], "the keyboard's point is exact");
    await screenshot(session, "box-trace-05-game-board");
  } catch (e) {
    await screenshot(session, "box-trace-failure").catch(() => undefined);
    throw e;
  } finally {
    await session.quit();
  }
});
