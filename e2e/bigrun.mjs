// End-to-end test of big runs on dist/ in headless Chromium: the learner's natural
// experiments must never break the page.
//   1. A backlog with no consumer (100 000 messages, one every 1 ms, 200 s): applied from the
//      editor, it loads, plays at 1000x to its end and the page stays alive (no trap banner,
//      the clock moves, the queue's depth is drawn).
//   2. 1 000 000 messages at once: refused at Apply with a message naming the limit and what
//      to change; the scenario that was loaded stays loaded and the user's text stays in the
//      editor.
// Prints how long each Apply blocked the page (a figure, not an assertion). Exits non-zero on
// any failure.
//
// Usage: node e2e/bigrun.mjs   (after `trunk build`; scripts/test.sh does both)

import { join, resolve, dirname } from 'node:path';
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { launchChromium, serveDist, report } from './lib.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const dist = resolve(here, '..', 'dist');
const shots = join(here, 'screenshots');
const problems = [];
const fail = (what) => problems.push(what);

const backlog = (count, everyMs) => JSON.stringify({
  version: 1,
  duration_ms: 200000,
  queues: [{ name: 'backlog' }],
  publishers: [{ exchange: '', routing_key: 'backlog', body: 'm {n}', every_ms: everyMs, count, start_ms: 0 }],
}, null, 2);

/** Puts `text` in the editor, presses Apply and returns the wall time until the page answers. */
async function apply(page, text) {
  await page.fill('textarea.scenario-json', text);
  const started = Date.now();
  await page.click('button.apply');
  await page.waitForSelector('.editor .status', { timeout: 120000 });
  return Date.now() - started;
}

async function main() {
  const server = await serveDist(dist);
  const origin = `http://127.0.0.1:${server.address().port}`;
  await mkdir(shots, { recursive: true });
  let browser;
  try {
    browser = await launchChromium();
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('pageerror', (e) => fail(`uncaught exception: ${e.message}`));
    await page.goto(`${origin}/`, { waitUntil: 'load' });
    await page.waitForSelector('textarea.scenario-json', { timeout: 30000 });

    // 1. A backlog with no consumer runs to its end.
    const loadMs = await apply(page, backlog(100000, 1));
    console.log(`apply, 100 000 messages every 1 ms: ${loadMs} ms`);
    const ok = await page.$('.editor .status.ok');
    if (!ok) fail(`the backlog scenario did not load: ${await page.textContent('.editor .status')}`);
    await page.waitForSelector('g[data-node="q:backlog"]', { timeout: 10000 })
      .catch(() => fail('the backlog queue is not drawn'));
    await page.selectOption('select.speed', '1000');
    const before = await page.textContent('.clock');
    await page.click('button.play');
    await page.waitForTimeout(3000);
    const after = await page.textContent('.clock');
    if (before === after) fail(`the clock did not move while playing (${before})`);
    if (await page.$('#fatal')) fail(`the page stopped: ${await page.textContent('#fatal')}`);
    await page.screenshot({ path: join(shots, 'bigrun-backlog.png') });

    // 2. A million messages at once is refused by name, and nothing is lost.
    const huge = backlog(1000000, 0);
    const refuseMs = await apply(page, huge);
    console.log(`apply, 1 000 000 messages at once (refused): ${refuseMs} ms`);
    const error = await page.textContent('.editor .status.error').catch(() => null);
    if (!error || !error.includes('1500000') || !error.includes('duration_ms')) {
      fail(`the million-message scenario was not refused by its limit: ${JSON.stringify(error)}`);
    }
    if ((await page.inputValue('textarea.scenario-json')) !== huge) fail('the refused text was not kept in the editor');
    if (!(await page.$('g[data-node="q:backlog"]'))) fail('the loaded scenario was not kept after the refusal');
    if (await page.$('#fatal')) fail(`the page stopped: ${await page.textContent('#fatal')}`);
    await page.screenshot({ path: join(shots, 'bigrun-refused.png') });
  } finally {
    await browser?.close();
    await new Promise((ok) => server.close(ok));
  }
}

try {
  await main();
} catch (err) {
  fail(`big-run test crashed: ${err?.stack ?? err}`);
}
report('big runs', problems, 'a 100 000-message backlog plays to its end; a million messages are refused by name, nothing lost');
