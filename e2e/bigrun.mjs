// End-to-end test of big runs on dist/ in headless Chromium: the learner's natural
// experiments must never break the page.
//   1. A backlog with no consumer (100 000 messages, one every 1 ms, 200 s): applied from the
//      editor, it is computed in slices with a progress bar, loads, plays at 1000x to its end
//      and the page stays alive (no trap banner, the clock moves, the queue's depth is drawn).
//   2. The same applied again and cancelled from the progress bar: what was loaded stays, and
//      so does the text in the editor. Applied once more on a 360 px screen (the progress bar
//      and its Cancel fit) and replaced by a preset while computing: the preset stays, and the
//      replaced load ends quietly.
//   3. 1 000 000 messages at once: refused with a message naming the limit and what to change;
//      the scenario that was loaded stays loaded and the user's text stays in the editor.
//   4. The comparison page: 5 000 messages failing 1 000 times each run through the six
//      systems in slices with a progress bar (a Cancel keeps the runs shown); the same with
//      200 replays by the operator is refused by the events budget, by name, text kept.
//      The big comparison is then played from its start and its frames measured from a
//      Chrome trace (the main thread's work per frame, as e2e/stress.mjs measures it).
//   5. An exercise checked with the 100 000-message backlog pasted in: run once, in slices
//      with the progress bar, and judged (it fails the goal, with a verdict).
// Prints how long each Apply took, the longest task it ran on the page's main thread and,
// for the backlog, the longest gap in a 50 ms heartbeat (how long the page could not answer):
// figures, not assertions. Exits non-zero on any failure.
//
// Usage: node e2e/bigrun.mjs [compare]   (after `trunk build`; scripts/test.sh does both;
//        `compare` runs section 4 alone)

import { join, resolve, dirname } from 'node:path';
import { mkdir } from 'node:fs/promises';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { launchChromium, serveDist, report } from './lib.mjs';
import { frameWork, fmt, TRACE_CATEGORIES } from './stress.mjs';

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

/** Starts recording the page's long main-thread tasks (over 50 ms). */
async function watchLongTasks(page) {
  await page.evaluate(() => {
    window.__longest = 0;
    window.__sawBar = false;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longest = Math.max(window.__longest, e.duration);
    }).observe({ type: 'longtask' });
  });
}

/** The longest task since the last call, in ms (and resets it). */
/**
 * Clicks Apply and, in the very task the progress bar appears in (a fast engine may finish a
 * long run in well under a second), either cancels the load (`'cancel'`) or measures the bar
 * and chooses a preset over it (`'replace'`). Resolves with the bar's fit, or null when no
 * bar appeared within 30 s.
 */
function atProgress(page, action) {
  return page.evaluate((action) => new Promise((resolve) => {
    const watch = new MutationObserver(() => {
      const bar = document.querySelector('.loading-run');
      const cancel = bar?.querySelector('button.cancel-load');
      if (!bar || !cancel) return;
      watch.disconnect();
      const box = cancel.getBoundingClientRect();
      const fits = { scroll: document.documentElement.scrollWidth, width: innerWidth, cancelRight: box.right };
      if (action === 'cancel') {
        cancel.click();
      } else {
        const menu = document.querySelector('select.preset-menu');
        menu.value = 'four-reasons';
        menu.dispatchEvent(new Event('change', { bubbles: true }));
      }
      resolve({ fits });
    });
    watch.observe(document.body, { childList: true, subtree: true });
    setTimeout(() => { watch.disconnect(); resolve(null); }, 30000);
    document.querySelector('button.apply').click();
  }), action);
}

/** Starts a 50 ms heartbeat in the page: the longest gap between two beats is how long the
 * page could not answer. */
async function startHeartbeat(page) {
  await page.evaluate(() => {
    window.__gap = 0;
    let last = performance.now();
    clearInterval(window.__beat);
    window.__beat = setInterval(() => {
      const now = performance.now();
      window.__gap = Math.max(window.__gap, now - last);
      last = now;
    }, 50);
  });
}

/** The longest heartbeat gap since the last call, in ms (and resets it). */
async function longestGap(page) {
  await page.waitForTimeout(100);
  return page.evaluate(() => { const g = window.__gap; window.__gap = 0; return Math.round(g); });
}

async function longestTask(page) {
  await page.waitForTimeout(100);
  return page.evaluate(() => { const l = window.__longest; window.__longest = 0; return Math.round(l); });
}

/** Puts `text` in the editor, presses Apply and returns the wall time until the page answers
 * and whether the progress bar showed meanwhile. */
async function apply(page, text) {
  await page.fill('textarea.scenario-json', text);
  await longestTask(page);
  const started = Date.now();
  await page.click('button.apply');
  const bar = page.waitForSelector('.loading-run', { timeout: 120000 }).then(() => true, () => false);
  await page.waitForSelector('.editor .status', { timeout: 120000 });
  const ms = Date.now() - started;
  const sawBar = await Promise.race([bar, new Promise((ok) => setTimeout(() => ok(false), 50))]);
  return { ms, sawBar };
}

async function main() {
  const server = await serveDist(dist);
  const origin = `http://127.0.0.1:${server.address().port}`;
  await mkdir(shots, { recursive: true });
  let browser;
  try {
    browser = await launchChromium();
    if (process.argv[2] === 'compare') {
      await comparison(browser, origin);
      return;
    }
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('pageerror', (e) => fail(`uncaught exception: ${e.message}`));
    await page.goto(`${origin}/`, { waitUntil: 'load' });
    await page.waitForSelector('textarea.scenario-json', { timeout: 30000 });
    await watchLongTasks(page);

    // 1. A backlog with no consumer is computed in slices and runs to its end.
    await startHeartbeat(page);
    const load = await apply(page, backlog(100000, 1));
    console.log(`apply, 100 000 messages every 1 ms: ${load.ms} ms in all, the longest task ${await longestTask(page)} ms, the longest gap in a 50 ms heartbeat ${await longestGap(page)} ms`);
    if (!load.sawBar) fail('no progress bar showed while the backlog was computed');
    const ok = await page.$('.editor .status.ok');
    if (!ok) fail(`the backlog scenario did not load: ${await page.textContent('.editor .status')}`);
    await page.waitForSelector('g[data-node="q:backlog"]', { timeout: 10000 })
      .catch(() => fail('the backlog queue is not drawn'));
    await page.selectOption('select.speed', '1000');
    const before = await page.textContent('.clock');
    await longestTask(page);
    await page.click('button.play');
    await page.waitForTimeout(3000);
    const after = await page.textContent('.clock');
    console.log(`play at 1000x for 3 s (${before} to ${after}): the longest task ${await longestTask(page)} ms, the longest gap in a 50 ms heartbeat ${await longestGap(page)} ms`);
    if (before === after) fail(`the clock did not move while playing (${before})`);
    if (await page.$('#fatal')) fail(`the page stopped: ${await page.textContent('#fatal')}`);
    await page.screenshot({ path: join(shots, 'bigrun-backlog.png') });
    await page.click('button.play');

    // 2. Cancelled while computing: the backlog stays loaded, the text stays in the editor.
    const other = backlog(190000, 1);
    await page.fill('textarea.scenario-json', other);
    // Cancel in the very task the progress bar appears in (a fast engine may finish first).
    const cancelled = await atProgress(page, 'cancel');
    if (!cancelled) fail('the long load showed no progress bar to cancel');
    const note = await page.waitForSelector('.editor .status.note', { timeout: 30000 })
      .then((e) => e.textContent()).catch(() => null);
    if (!note) fail('a cancelled load did not say so in the editor');
    if (await page.$('.loading-run')) fail('the progress bar stayed after Cancel');
    if ((await page.inputValue('textarea.scenario-json')) !== other) fail('the cancelled text was not kept in the editor');
    if (!(await page.$('g[data-node="q:backlog"]'))) fail('the loaded scenario was not kept after Cancel');
    console.log(`cancelled: ${JSON.stringify(note)}`);

    // 2b. Replaced while computing: a preset chosen meanwhile wins, and the long load ends
    // quietly (no note that it was cancelled, no banner, no late install over the preset).
    // On a phone (360 px), the progress bar and its Cancel fit the screen.
    const desktop = page.viewportSize();
    await page.setViewportSize({ width: 360, height: 780 });
    const longer = backlog(600000, 1);
    await page.fill('textarea.scenario-json', longer);
    // Apply, and in the very task the progress bar appears in: measure it, then choose a
    // preset (a fast engine may finish the run in well under a second).
    const seen = await atProgress(page, 'replace');
    if (!seen) fail('the long load showed no progress bar to replace');
    const fits = seen?.fits ?? {};
    if (fits.scroll > fits.width || fits.cancelRight === null || fits.cancelRight > fits.width) {
      fail(`the progress bar does not fit 360 px: ${JSON.stringify(fits)}`);
    }
    await page.setViewportSize(desktop);
    await page.waitForTimeout(4000);
    if (await page.$('.loading-run')) fail('the progress bar stayed after a preset replaced the load');
    if (!(await page.$('g[data-node="q:orders.rejected"]'))) fail('the preset chosen during a long load is not shown');
    if (await page.$('g[data-node="q:backlog"]')) fail('the replaced long load was installed over the preset');
    const quiet = await page.evaluate(() => [...document.querySelectorAll('.error-banner, .editor .status')].map((e) => e.textContent));
    if (quiet.length > 0) fail(`a replaced load said something: ${JSON.stringify(quiet)}`);

    // 3. A million messages at once is refused by name, and nothing is lost.
    const huge = backlog(1000000, 0);
    const refused = await apply(page, huge);
    console.log(`apply, 1 000 000 messages at once (refused): ${refused.ms} ms in all, the longest task ${await longestTask(page)} ms`);
    const error = await page.textContent('.editor .status.error').catch(() => null);
    if (!error || !error.includes('1500000') || !error.includes('duration_ms')) {
      fail(`the million-message scenario was not refused by its limit: ${JSON.stringify(error)}`);
    }
    if ((await page.inputValue('textarea.scenario-json')) !== huge) fail('the refused text was not kept in the editor');
    if (!(await page.$('g[data-node="q:orders.rejected"]'))) fail('the loaded scenario was not kept after the refusal');
    if (await page.$('#fatal')) fail(`the page stopped: ${await page.textContent('#fatal')}`);
    await page.screenshot({ path: join(shots, 'bigrun-refused.png') });

    // 4. Messages of 10 KB each: refused by the page's memory budget, with the figure.
    const heavy = JSON.stringify({
      version: 1,
      duration_ms: 200000,
      queues: [{ name: 'heavy' }],
      publishers: [{ exchange: '', routing_key: 'heavy', body: `${'x'.repeat(10000)} {n}`, every_ms: 1, count: 60000, start_ms: 0 }],
    }, null, 2);
    const tooLarge = await apply(page, heavy);
    console.log(`apply, 60 000 messages of 10 KB (refused): ${tooLarge.ms} ms in all, the longest task ${await longestTask(page)} ms`);
    const memError = await page.textContent('.editor .status.error').catch(() => null);
    if (!memError || !memError.includes('512 MB') || !memError.includes('body')) {
      fail(`the 600 MB scenario was not refused by the memory budget: ${JSON.stringify(memError)}`);
    }
    if ((await page.inputValue('textarea.scenario-json')) !== heavy) fail('the refused heavy text was not kept in the editor');
    if (!(await page.$('g[data-node="q:orders.rejected"]'))) fail('the loaded scenario was not kept after the memory refusal');
    if (await page.$('#fatal')) fail(`the page stopped: ${await page.textContent('#fatal')}`);

    // Closed first, so the comparison's frames are measured with no other page drawing.
    await page.close();
    await comparison(browser, origin);
    await exercise(browser, origin);
  } finally {
    await browser?.close();
    await new Promise((ok) => server.close(ok));
  }
}

/** `count` messages that fail `times` times each, and `replays` replays by the operator. */
const workload = (count, times, replays) => JSON.stringify({
  workload: {
    messages: Array.from({ length: count }, (_, i) => ({
      id: `m${i}`, publish_at_ms: i, key: `k${i % 7}`, failure: { kind: 'transient', times },
    })),
    operator: Array.from({ length: replays }, (_, j) => ({ at_ms: (j + 1) * 600000, do: 'replay' })),
    horizon_ms: 2592000000,
  },
});

/** Section 4: big workloads on the comparison page. */
async function comparison(browser, origin) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on('pageerror', (e) => fail(`comparison: uncaught exception: ${e.message}`));
  await page.goto(`${origin}/compare.html?compare=mixed`, { waitUntil: 'load' });
  await page.waitForSelector('.figures-table tbody tr', { timeout: 30000 });
  await watchLongTasks(page);
  await page.click('.workload-editor summary');
  // Set as a paste would (a fill types half a megabyte of JSON much more slowly).
  const paste = (text) => page.$eval('.workload-editor textarea', (t, v) => {
    t.value = v;
    t.dispatchEvent(new Event('input', { bubbles: true }));
  }, text);
  const figures = () => page.$$eval('.figures-table tbody tr', (rows) => rows.map((r) => r.textContent).join('|'));
  const shown = await figures();

  // Cancelled in the task its progress bar appears in: the runs shown stay, the text too.
  const big = workload(5000, 1000, 0);
  await paste(big);
  const cancelled = await page.evaluate(() => new Promise((resolve) => {
    const watch = new MutationObserver(() => {
      const cancel = document.querySelector('.workload .loading-run button.cancel-load');
      if (!cancel) return;
      watch.disconnect();
      cancel.click();
      resolve(true);
    });
    watch.observe(document.body, { childList: true, subtree: true });
    setTimeout(() => { watch.disconnect(); resolve(false); }, 30000);
    document.querySelector('.workload-editor button.apply').click();
  }));
  if (!cancelled) fail('comparison: a long apply showed no progress bar to cancel');
  await page.waitForTimeout(1000);
  if (await page.$('.workload .loading-run')) fail('comparison: the progress bar stayed after Cancel');
  if ((await figures()) !== shown) fail('comparison: a cancelled apply changed the runs shown');
  if ((await page.inputValue('.workload-editor textarea')) !== big) fail('comparison: the cancelled text was not kept');

  // Applied to the end: 740 000 events, in slices.
  await longestTask(page);
  let started = Date.now();
  await page.click('.workload-editor button.apply');
  await page.waitForSelector('.workload .loading-run', { timeout: 10000 })
    .catch(() => fail('comparison: no progress bar while 5 000 messages ran'));
  await page.waitForFunction(() => !document.querySelector('.workload .loading-run'), null, { timeout: 120000 });
  console.log(`comparison, 5 000 messages failing 1 000 times: ${Date.now() - started} ms in all, the longest task ${await longestTask(page)} ms`);
  // The runs open at their first dead-lettering: the figures are read at the end.
  await page.$eval('input.moment-slider', (el) => { el.value = el.max; el.dispatchEvent(new Event('input', { bubbles: true })); });
  await page.waitForTimeout(300);
  console.log(`comparison, moved to the end: the longest task ${await longestTask(page)} ms`);
  const rows = await page.$$eval('.figures-table tbody tr', (r) => r.map((x) => Number(x.querySelectorAll('td')[1].textContent)));
  if (rows.length !== 6 || rows[0] !== 5000) fail(`comparison: the big workload's figures: ${rows}`);
  if (await page.$('.workload .error-banner')) fail(`comparison: ${await page.textContent('.workload .error-banner')}`);
  await playBig(browser, page);
  await page.$eval('input.moment-slider', (el) => { el.value = el.max; el.dispatchEvent(new Event('input', { bubbles: true })); });
  await page.waitForTimeout(300);
  const ran = await figures();

  // With 200 replays it would make tens of millions of events: refused by the budget.
  const endless = workload(5000, 1000, 200);
  await paste(endless);
  started = Date.now();
  await page.click('.workload-editor button.apply');
  const error = await page.waitForSelector('.workload .error-banner', { timeout: 120000 })
    .then((e) => e.textContent()).catch(() => null);
  console.log(`comparison, the same with 200 replays (refused): ${Date.now() - started} ms in all, the longest task ${await longestTask(page)} ms`);
  if (!error || !error.includes('1000000 events') || !error.includes('replays')) {
    fail(`comparison: the endless workload was not refused by the budget: ${JSON.stringify(error)}`);
  }
  if ((await page.inputValue('.workload-editor textarea')) !== endless) fail('comparison: the refused text was not kept');
  if ((await figures()) !== ran) fail('comparison: a refused workload changed the runs shown');
  if (await page.$('#fatal')) fail(`comparison: the page stopped: ${await page.textContent('#fatal')}`);
  await page.screenshot({ path: join(shots, 'bigrun-compare-refused.png') });
  await page.close();
}

/** Plays the big comparison from its start and prints its frames' cost (trace-based). */
async function playBig(browser, page) {
  await page.$eval('input.moment-slider', (el) => { el.value = 0; el.dispatchEvent(new Event('input', { bubbles: true })); });
  await page.waitForTimeout(300);
  await longestTask(page);
  await page.click('.lanes-panel button.play');
  await page.waitForTimeout(500);
  const dir = mkdtempSync(join(tmpdir(), 'dlx-lab-trace-'));
  try {
    const path = join(dir, 'trace.json');
    await browser.startTracing(page, { path, categories: TRACE_CATEGORIES });
    const moved = await page.evaluate(() => new Promise((done) => {
      const from = document.querySelector('input.moment-slider').value;
      let n = 0;
      const tick = () => (++n < 120 ? requestAnimationFrame(tick) : done([from, document.querySelector('input.moment-slider').value]));
      requestAnimationFrame(tick);
    }));
    await browser.stopTracing();
    const work = frameWork(JSON.parse(readFileSync(path, 'utf8')));
    if (work) {
      console.log(`comparison, played (${moved[0]} to ${moved[1]} ms of the run): main-thread work per frame (trace, ${work.frames} frames): ${fmt(work.busy)}; mean script ${work.script.toFixed(1)} ms, style ${work.style.toFixed(1)} ms, layout ${work.layout.toFixed(1)} ms, paint ${work.paint.toFixed(1)} ms (thread time: ${fmt(work.cpu)}); the longest task ${await longestTask(page)} ms`);
    } else {
      console.log('comparison, played: the trace held no frames to measure');
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  if (await page.$eval('.lanes-panel button.play', (b) => b.textContent !== 'Play')) await page.click('.lanes-panel button.play');
}

/** Section 5: an exercise checked with a big scenario. */
async function exercise(browser, origin) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on('pageerror', (e) => fail(`exercise: uncaught exception: ${e.message}`));
  await page.goto(`${origin}/workshop.html?exercise=catch-rejected-messages`, { waitUntil: 'load' });
  await page.waitForSelector('.exercise svg.topology g.node', { timeout: 30000 });
  await page.fill('textarea.scenario-json', backlog(100000, 1));
  await watchLongTasks(page);
  const started = Date.now();
  await page.click('button.check');
  const bar = await page.waitForSelector('.loading-run', { timeout: 10000 }).then(() => true, () => false);
  const verdict = await page.waitForSelector('.verdict', { timeout: 120000 }).then(() => true, () => false);
  console.log(`exercise checked with 100 000 messages: ${Date.now() - started} ms in all, the longest task ${await longestTask(page)} ms`);
  if (!bar) fail('exercise: no progress bar while the big scenario ran for the check');
  if (!verdict) fail('exercise: no verdict for the big scenario');
  else if ((await page.getAttribute('.verdict', 'data-passed')) !== 'false') fail('exercise: the backlog passed the goal');
  if (!(await page.$('g[data-node="q:backlog"]'))) fail('exercise: the checked run is not shown');
  await page.close();
}

try {
  await main();
} catch (err) {
  fail(`big-run test crashed: ${err?.stack ?? err}`);
}
report('big runs', problems, 'a 100 000-message backlog is computed in slices and plays to its end; a Cancel, a million messages and 600 MB of bodies refused by name lose nothing; a big comparison runs in slices and an endless one is refused by its events budget; an exercise checks a big scenario in slices');
