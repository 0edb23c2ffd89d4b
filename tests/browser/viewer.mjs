// Opens a gamenote HTML viewer headless, presses "next" a few times and the arrow key, and
// checks that the board changes and the move list highlights the right move. Saves a
// screenshot. Usage: node viewer.mjs VIEWER.html SCREENSHOT.png
import { chromium } from "playwright-core";
import { pathToFileURL } from "node:url";

const [page_path, shot] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
const fail = async (msg) => { console.error("FAIL: " + msg); await browser.close(); process.exit(1); };
try {
  const page = await browser.newPage({ viewport: { width: 1100, height: 800 } });
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(pathToFileURL(page_path).href);
  const board = async () => page.locator("#board").innerHTML();
  const current = async () => page.evaluate(() => {
    const c = document.querySelector(".move.current");
    return c ? Number(c.dataset.ply) : 0;
  });
  const start = await board();
  if (!start.includes("<svg")) await fail("no SVG board at the start");
  if ((await current()) !== 0) await fail("a move is highlighted at the start");
  let before = start;
  for (let i = 1; i <= 3; i++) {
    await page.click("#next");
    const now = await board();
    if (now === before) await fail(`the board did not change after next #${i}`);
    if ((await current()) !== i) await fail(`after next #${i} the highlighted move is ${await current()}`);
    before = now;
  }
  await page.keyboard.press("ArrowRight");
  if ((await current()) !== 4) await fail("ArrowRight did not step to ply 4");
  await page.keyboard.press("ArrowLeft");
  if ((await current()) !== 3) await fail("ArrowLeft did not step back to ply 3");
  const text = await page.locator(".move.current").innerText();
  await page.screenshot({ path: shot, fullPage: true });
  if (errors.length) await fail("page errors: " + errors.join("; "));
  console.log(`browser test passed: ply 3 highlighted (${text}), screenshot ${shot}`);
} catch (e) {
  await fail(String(e));
}
await browser.close();
