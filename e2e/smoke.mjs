// End-to-end smoke test: serves dist/ (the release build) on 127.0.0.1, opens it in headless
// Chromium, and checks that the app really rendered: the SVG topology's nodes and the
// dead-letter edge are in the DOM, no panic banner (#fatal), no console errors, no failed or
// off-site requests. Saves a screenshot to e2e/screenshots/. Exits non-zero on any failure.
//
// Usage: node e2e/smoke.mjs   (after `trunk build`; scripts/test.sh does both)

import { stat, mkdir } from 'node:fs/promises';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { failOnErrors, failOnPanic, launchChromium, runChecks, serveDist } from './lib.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const dist = resolve(here, '..', 'dist');
const shots = join(here, 'screenshots');
const expectedNodes = ['p', 'x:app', 'x:dlx', 'q:orders.rejected', 'q:orders.ttl', 'q:orders.full', 'q:orders.quorum', 'q:dead.letters'];

const serve = (root) => serveDist(root);

const problems = [];
const fail = (what) => problems.push(what);

async function main() {
  await stat(join(dist, 'index.html')).catch(() => {
    throw new Error(`${dist}/index.html is missing: run \`trunk build\` first`);
  });
  const server = await serve(dist);
  const origin = `http://127.0.0.1:${server.address().port}`;
  let browser;
  try {
    browser = await launchChromium();
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    page.on('console', (msg) => {
      if (msg.type() === 'error') fail(`console error: ${msg.text()}`);
    });
    page.on('pageerror', (err) => fail(`uncaught exception: ${err.message}`));
    page.on('requestfailed', (req) => fail(`request failed: ${req.url()} (${req.failure()?.errorText})`));
    page.on('response', (res) => {
      if (res.status() >= 400) fail(`HTTP ${res.status()} for ${res.url()}`);
    });
    page.on('request', (req) => {
      const url = req.url();
      if (!url.startsWith(origin) && !url.startsWith('data:')) fail(`off-site request: ${url}`);
    });

    await page.goto(`${origin}/`, { waitUntil: 'load' });
    await page
      .waitForSelector('svg.topology g.node[data-node]', { timeout: 15000 })
      .catch(() => fail('the SVG topology never appeared'));

    const seen = await page.$$eval('svg.topology g.node[data-node]', (gs) => gs.map((g) => g.getAttribute('data-node')));
    for (const id of expectedNodes) {
      if (!seen.includes(id)) fail(`topology node ${id} missing: got ${JSON.stringify(seen)}`);
    }
    const deadLetter = await page.$$eval('svg.topology path.edge.dead-letter', (ps) => ps.map((p) => p.getAttribute('data-edge')));
    if (deadLetter.length !== 4 || !deadLetter.includes('q:orders.ttl->x:dlx')) {
      fail(`dead-letter edges: got ${JSON.stringify(deadLetter)}`);
    }
    const heading = await page.textContent('h1').catch(() => null);
    if (heading !== 'DLX Lab') fail(`h1 is ${JSON.stringify(heading)}`);

    // The nodes are visible, not just present: the queue has a real on-screen box.
    const box = await page.locator('g[data-node="q:orders.ttl"]').boundingBox();
    if (!box || box.width < 20 || box.height < 10) fail(`q:orders.ttl is not visible (box ${JSON.stringify(box)})`);

    // One interaction: clicking a queue shows it in the inspector.
    await page.click('g[data-node="q:orders.ttl"]');
    const inspecting = await page
      .waitForSelector('.inspector h2[data-inspecting="q:orders.ttl"]', { timeout: 5000 })
      .then(() => true, () => false);
    if (!inspecting) fail('clicking q:orders.ttl did not show it in the inspector');
    await page.click('g[data-node="q:orders.ttl"]'); // deselect again for a clean screenshot
    await page.mouse.move(0, 0);
    await page.evaluate(() => document.activeElement?.blur());

    await failOnPanic(page, fail);

    await mkdir(shots, { recursive: true });
    const shot = join(shots, 'smoke.png');
    await page.screenshot({ path: shot, fullPage: true });
    console.log(`screenshot: ${shot}`);

    // The text-only loading notice is gone once the app has mounted.
    if (await page.$('#loading')) fail('the loading notice is still on the page after the app mounted');

    // Before the wasm arrives, the page says it is loading (no script needed for that).
    const bare = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await bare.route('**/*.wasm', () => {}); // never answered: the app cannot start
    await bare.goto(`${origin}/`, { waitUntil: 'domcontentloaded' });
    const loading = await bare.textContent('#loading').catch(() => null);
    if (!loading || !loading.includes('Loading the simulator')) fail(`no loading notice before the wasm: ${JSON.stringify(loading)}`);
    await bare.close();

    // A WebAssembly trap (out of memory ends in `unreachable`) is not a panic: the page
    // still shows a banner with a way to reload, in the page's language.
    const trap = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    trap.on('pageerror', () => {}); // the trap below is thrown on purpose
    await trap.goto(`${origin}/?lang=ko`, { waitUntil: 'load' });
    // The trap is thrown into a page that has drawn its graph (the wasm is running).
    await trap.waitForSelector('svg.topology g.node[data-node]', { timeout: 60000 }).catch(() => fail('the Korean page drew no graph before the trap'));
    await trap.evaluate(() => setTimeout(() => { throw new WebAssembly.RuntimeError('unreachable'); }));
    const banner = await trap.waitForSelector('#fatal', { timeout: 5000 }).then((b) => b.textContent(), () => null);
    if (!banner || !banner.includes('DLX Lab이 멈췄습니다') || !banner.includes('unreachable')) {
      fail(`a wasm trap showed no banner in Korean: ${JSON.stringify(banner)}`);
    }
    if (!(await trap.$('#fatal button'))) fail('the trap banner has no reload button');
    await trap.close();
  } finally {
    await browser?.close();
    await new Promise((ok) => server.close(ok));
  }
}

await runChecks('smoke', main, problems, 'e2e smoke test passed: topology rendered, no panic, no console errors');
