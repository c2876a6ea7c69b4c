// End-to-end test of the playground on dist/ in headless Chromium: opens a preset, plays it,
// clicks a dead-lettered message and checks the inspector's x-death against what the engine
// recorded, scrubs back, opens a shared link and a bad one, and measures time to first render
// and frame cost with about a thousand messages moving (`?stress=1`, e2e/stress.mjs). Saves
// screenshots to e2e/screenshots/. Exits non-zero on any failure.
//
// Usage: node e2e/playground.mjs   (after `trunk build`; scripts/test.sh does both)

import { join } from 'node:path';
import { failOnErrors, failOnPanic, runChecks, shots, withBrowser } from './lib.mjs';
import { measureStress } from './stress.mjs';


// What the engine records for the preset four-reasons: the queue each message died in, and why.
const deathsByQueue = { 'orders.rejected': 'rejected', 'orders.ttl': 'expired', 'orders.full': 'maxlen', 'orders.quorum': 'delivery_limit' };


const problems = [];
const fail = (what) => problems.push(what);
const clock = (page) => page.textContent('.clock');
/** The dots the canvas drew that `keep` accepts, at their page coordinates. */
const drawnDots = (page, keep) =>
  page.$eval('.graph canvas.messages', (c) => {
    const r = c.getBoundingClientRect();
    return (c.getAttribute('data-dots') ?? '').split('\n').filter(Boolean).map((l) => {
      const [copy, fate, x, y, ...node] = l.split(' ');
      return { copy, fate, x: r.left + Number(x), y: r.top + Number(y), node: node.join(' ') };
    });
  }).then((ds) => ds.filter(keep));
const depth = (page, q) => page.getAttribute(`g[data-node="q:${q}"] .node-depth`, 'data-depth');

async function main() {
  await withBrowser({}, async ({ browser, origin }) => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    const page = await context.newPage();
    failOnErrors(page, fail);

    // Time to first render: navigation start to the first topology node in the DOM.
    await page.goto(`${origin}/`, { waitUntil: 'commit' });
    await page.waitForSelector('svg.topology g.node', { timeout: 15000 });
    const firstRenderMs = await page.evaluate(() => performance.now());
    console.log(`time to first render: ${firstRenderMs.toFixed(0)} ms`);

    // Open a preset from the menu. A first visit plays with pause-on-death on: the first
    // press stops at the first death and shows, in the Message tab, the copy the dead message
    // became, with the x-death that says why.
    await page.selectOption('select.preset-menu', 'four-reasons');
    await page.selectOption('select.speed', '10');
    if (!(await page.isChecked('input.pause-on-death'))) fail('pause-on-death is not on for a first play');
    await page.click('button.play');
    await page.waitForFunction(() => document.querySelector('button.play')?.getAttribute('aria-pressed') === 'false', null, { timeout: 15000 });
    const stop = await clock(page);
    if (stop.startsWith('0.000') || stop.startsWith('4.000')) fail(`the first play did not stop at a death: clock ${stop}`);
    if ((await page.getAttribute('button.tab-message', 'aria-selected')) !== 'true') fail('the Message tab is not shown at the death');
    const reasonAtStop = await page.waitForSelector('.tab-pane:not(.hidden) .inspector table.xdeath tr[data-field="reason"] td', { timeout: 5000 })
      .then((e) => e.textContent()).catch(() => null);
    if (!Object.values(deathsByQueue).includes(reasonAtStop)) fail(`at the first death the Message tab shows no x-death reason (${reasonAtStop})`);
    console.log(`first play: stopped at ${stop}, x-death reason ${reasonAtStop}`);
    await page.screenshot({ path: join(shots, 'playground-first-death.png') });
    // The Node tab shows a clicked node; the Message tab keeps the message.
    await page.click('g[data-node="q:dead.letters"]');
    await page.waitForSelector('.tab-pane:not(.hidden) .inspector h2[data-inspecting="q:dead.letters"]', { timeout: 5000 })
      .catch(() => fail('a clicked node does not open the Node tab'));
    await page.click('button.tab-message');
    if (!(await page.$('.tab-pane:not(.hidden) .inspector h2[data-inspecting-msg]'))) fail('the Message tab lost its message');
    await page.click('g[data-node="q:dead.letters"]');
    // Without pause-on-death, one press plays to the end.
    await page.uncheck('input.pause-on-death');
    await page.click('button.play');
    await page.waitForFunction(() => document.querySelector('button.play')?.getAttribute('aria-pressed') === 'false', null, { timeout: 15000 });
    const end = await clock(page);
    if (!end.startsWith('4.000 s')) fail(`the run did not reach its end: clock ${end}`);
    if ((await depth(page, 'dead.letters')) !== '4') fail(`dead.letters should hold 4, holds ${await depth(page, 'dead.letters')}`);
    await page.screenshot({ path: join(shots, 'playground-end.png') });

    // Click a dead-lettered message waiting in dead.letters, where the canvas drew it (its
    // `data-dots` listing, written while paused): its x-death is the engine's.
    await page.$eval('.graph canvas.messages', (c) => c.scrollIntoView({ block: 'center' }));
    const dots = await drawnDots(page, (d) => d.fate === 'waiting' && d.node === 'q:dead.letters');
    if (dots.length !== 4) fail(`expected 4 waiting messages, found ${dots.length}`);
    for (const [i, dot] of dots.entries()) {
      await page.mouse.move(dot.x, dot.y);
      const tip = await page.textContent('.graph .dot-tip');
      if (tip !== `#${dot.copy}: waiting in the queue`) fail(`message ${i}: hovering names it ${JSON.stringify(tip)}`);
      await page.mouse.click(dot.x, dot.y);
      await page.waitForSelector(`.inspector h2[data-inspecting-msg="${dot.copy}"]`, { timeout: 5000 });
      await page.waitForSelector('.inspector table.xdeath', { timeout: 5000 });
      const q = await page.textContent('.inspector table.xdeath tr[data-field="queue"] td');
      const reason = await page.textContent('.inspector table.xdeath tr[data-field="reason"] td');
      const count = await page.textContent('.inspector table.xdeath tr[data-field="count"] td');
      const countType = await page.textContent('.inspector table.xdeath tr[data-field="count"] td.type');
      if (deathsByQueue[q] !== reason) fail(`message ${i}: x-death says ${q}/${reason}, the engine recorded ${deathsByQueue[q]}`);
      if (count !== '1' || countType !== 'l') fail(`message ${i}: count ${count} of type ${countType}, want 1 of type l`);
      const first = await page.textContent('.inspector tr[data-header="x-first-death-queue"] td:nth-child(2)');
      if (first !== q) fail(`message ${i}: x-first-death-queue ${first}, want ${q}`);
      const hops = await page.$$eval('.inspector li.hop', (ls) => ls.map((l) => l.getAttribute('data-queue')));
      if (JSON.stringify(hops) !== JSON.stringify([q, 'dead.letters'])) fail(`message ${i}: hops ${JSON.stringify(hops)}`);
      // The log, which is the engine's event log, says the same.
      const copy = await page.evaluate(() => document.querySelector('.inspector h2').getAttribute('data-inspecting-msg'));
      if (i === 0) await page.screenshot({ path: join(shots, 'inspector.png') });
      if (!copy) fail(`message ${i}: inspector shows no copy`);
    }
    const logText = await page.textContent('.event-log');
    for (const [q, r] of Object.entries(deathsByQueue)) {
      if (!logText.includes(`died in ${q}`)) fail(`log lacks the death in ${q} (${r})`);
    }

    // Scrub back to 250 ms: one message waits in orders.ttl and nothing is dead-lettered yet.
    await page.$eval('input.scrubber', (el) => {
      el.value = '250';
      el.dispatchEvent(new Event('input', { bubbles: true }));
      el.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await page.waitForFunction(() => document.querySelector('.clock').textContent.startsWith('0.250'));
    if ((await depth(page, 'orders.ttl')) !== '1') fail(`at 250 ms orders.ttl should hold 1`);
    if ((await depth(page, 'dead.letters')) !== '0') fail(`at 250 ms dead.letters should be empty`);
    await page.screenshot({ path: join(shots, 'scrubbed.png') });

    // The URL now holds the scenario and the moment: a new page opens exactly that.
    const shared = page.url();
    if (!shared.includes('#s=four-reasons') || !shared.includes('t=250')) fail(`shared link ${shared}`);
    const other = await context.newPage();
    await other.goto(shared.replace('four-reasons', 'dead-letter-cycle').replace('t=250', 't=700'));
    await other.waitForSelector('g[data-node="q:loop.ttl"]', { timeout: 15000 });
    if (!(await clock(other)).startsWith('0.700')) fail(`shared link opened at ${await clock(other)}`);
    const cycle = await other.textContent('.event-log');
    if (!cycle.includes('dropped: cycle — queue loop.ttl already in x-death and no rejection since')) fail('cycle explanation missing');
    await other.screenshot({ path: join(shots, 'shared-link.png') });
    await other.close();

    // A bad link shows an error and keeps the saved work (the cycle preset just opened).
    const bad = await context.newPage();
    await bad.goto(`${origin}/#j=%%%`);
    await bad.waitForSelector('.error-banner', { timeout: 15000 });
    if (!(await bad.$('g[data-node="q:loop.ttl"]'))) fail('a bad link lost the saved work');
    await bad.screenshot({ path: join(shots, 'bad-link.png') });
    await bad.close();

    // Stress: 20 queues and about a thousand messages moving; frame cost measured (figures
    // only, see e2e/stress.mjs), and the scenario must really move a thousand messages.
    const m = await measureStress(origin, { screenshot: join(shots, 'stress.png') });
    if (m.moving < 1000) fail(`stress scenario moved only ${m.moving} messages at once`);
    // Not a timing: whether a change inside the drawing makes its frame measure it again, which
    // lays out every edge and node a second time each frame (once a frame before it was fixed).
    if (m.relayouts.whole > m.relayouts.frames / 10) {
      fail(`the drawing was laid out again as a whole ${m.relayouts.whole} times in ${m.relayouts.frames} frames: keep svg.topology out of its frame's flow`);
    }

    await failOnPanic(page, fail);
  });
}

await runChecks('playground', main, problems, 'e2e playground test passed: preset played, x-death checked, scrubbed, links opened');
