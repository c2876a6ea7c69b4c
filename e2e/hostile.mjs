// End-to-end hostile input: the built pages under their strict Content-Security-Policy, links
// that used to freeze a page, a run interrupted by a stopped page, the trap banner's Reload,
// and oversized messages to an embed. In headless Chromium on dist/ (the release build).
//
// 1. dist/ holds the release build only: every page carries the policy, no inline script, no
//    live-reload client (scripts/play.sh builds elsewhere).
// 2. Every page loads and is used (play, hover a message) with no policy violation.
// 3. The links of issue #37 (a pattern that compiles huge over long names; 10 000 queues; a
//    fanout mesh of 150 exchanges) are refused by name, the longest main-thread task printed;
//    a plain open afterwards opens the default scenario.
// 4. A page that stopped while running a link does not run it again: the default opens, the
//    link leaves the address bar, a banner offers it back; "Forget it" clears it.
// 5. The trap banner's Reload opens the page without the link's fragment.
// 6. An embed answers a 30 MB typed array and an oversized scenario with an error at once.
//
// Usage: node e2e/hostile.mjs   (after `trunk build`; scripts/test.sh does both)

import { readdir, readFile, stat } from 'node:fs/promises';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium, serveDist, report, run } from './lib.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const dist = resolve(here, '..', 'dist');
const problems = [];
const check = (ok, what) => { if (!ok) problems.push(what); };
const POLICY = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'";

// Records policy violations and long tasks from the first script on.
const WATCH = () => {
  window.__csp = [];
  document.addEventListener('securitypolicyviolation', (e) => window.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
  window.__long = [];
  new PerformanceObserver((l) => l.getEntries().forEach((e) => window.__long.push(e.duration))).observe({ type: 'longtask', buffered: true });
};

const b64url = (text) => Buffer.from(text, 'utf8').toString('base64url');

async function checkDist() {
  const files = await readdir(dist);
  const pages = files.filter((f) => f.endsWith('.html'));
  check(pages.length >= 4, `dist/ has ${pages.length} pages`);
  for (const p of pages) {
    const html = await readFile(join(dist, p), 'utf8');
    check(html.includes(`content="${POLICY}`), `${p} lacks the Content-Security-Policy`);
    check(!/<script(?![^>]*\bsrc=)[^>]*>/.test(html), `${p} holds an inline script`);
    check(!/\sstyle="/.test(html), `${p} holds a style attribute`);
  }
  for (const f of files.filter((f) => f.endsWith('.js'))) {
    const js = await readFile(join(dist, f), 'utf8');
    check(!/__trunk|TRUNK_ADDRESS|autoreload|new WebSocket/i.test(js), `dist/${f} holds a live-reload client`);
  }
}

async function open(browser, url, viewport = { width: 1280, height: 800 }) {
  const page = await browser.newPage({ viewport });
  const console_ = [];
  page.on('console', (m) => { if (['error', 'warning'].includes(m.type())) console_.push(m.text()); });
  page.on('pageerror', (e) => console_.push(`uncaught: ${e.message}`));
  await page.addInitScript(WATCH);
  await page.goto(url);
  return { page, console_ };
}

async function violations(page, console_, name) {
  const csp = await page.evaluate(() => window.__csp);
  check(csp.length === 0, `${name}: policy violations: ${csp.join(' | ')}`);
  const refused = console_.filter((t) => /Content Security Policy|Refused to/i.test(t));
  check(refused.length === 0, `${name}: ${refused.join(' | ')}`);
}

async function main() {
  await stat(join(dist, 'index.html')).catch(() => { throw new Error(`${dist}/index.html is missing: run \`trunk build\` first`); });
  await checkDist();
  const server = await serveDist(dist);
  const origin = `http://127.0.0.1:${server.address().port}`;
  const browser = await launchChromium();
  try {
    // 2. Every page under the policy.
    const pages = [
      ['playground', '/', 'svg.topology g.node'],
      ['playground ko', '/?lang=ko', 'svg.topology g.node'],
      ['embed', '/embed.html?embed=1&s=retry-ladder&autoplay=1', 'svg.topology g.node'],
      ['comparison', '/compare.html', '.figures-table tbody tr'],
      ['comparison embed', '/compare.html?compare=poison&embed=1', '.figures-table tbody tr'],
      ['workshop', '/workshop.html?workshop=1', '.exercise-list li.exercise-card'],
      ['exercise', '/workshop.html?exercise=catch-rejected-messages', '.exercise svg.topology g.node'],
      ['builder', '/workshop.html?builder=1', '.builder-status'],
    ];
    for (const [name, path, ready] of pages) {
      const { page, console_ } = await open(browser, origin + path);
      await page.waitForSelector(ready, { timeout: 30000 }).catch(() => check(false, `${name}: ${ready} never appeared`));
      const play = page.locator('button.play').first();
      if (await play.count()) {
        await play.click().catch(() => {});
        await page.waitForTimeout(800);
        const graph = page.locator('svg.topology').first();
        const box = await graph.count() ? await graph.boundingBox() : null;
        if (box) await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
        await page.waitForTimeout(200);
      }
      await violations(page, console_, name);
      await page.close();
    }

    // 3. Links that froze the page: refused by name; the longest task printed.
    const long = (n) => Array.from({ length: n }, (_, i) => ({ name: `q${i}-${'a'.repeat(200)}` }));
    const mesh = [];
    for (let i = 0; i < 150; i++) for (let j = 0; j < 150; j++) if (i !== j) mesh.push({ exchange: `x${i}`, to_exchange: `x${j}` });
    const links = [
      ['a pattern compiled huge over long names', { version: 1, title: 'x', duration_ms: 1000, queues: long(50),
        policies: Array.from({ length: 10 }, (_, i) => ({ name: `p${i}`, pattern: '(?:[a-z]{1,20000})$', definition: { 'max-length': 5 } })) }, /64 KB/],
      ['10 000 queues', { version: 1, duration_ms: 1000, queues: Array.from({ length: 10000 }, (_, i) => ({ name: `queue.number.${i}` })) }, /1000|1,000/],
      ['a fanout mesh of 150 exchanges', { version: 1, duration_ms: 1000,
        exchanges: Array.from({ length: 150 }, (_, i) => ({ name: `x${i}`, type: 'fanout' })), bindings: mesh }, /512 ?KB/],
    ];
    {
      // The same measure of a plain cold open, for comparison: the page's first render alone.
      const plain = await open(browser, `${origin}/`);
      await plain.page.waitForSelector('svg.topology g.node', { timeout: 30000 });
      await plain.page.waitForTimeout(500);
      const first = Math.max(0, ...(await plain.page.evaluate(() => window.__long)));
      console.log(`hostile e2e: a plain cold open of the playground: longest main-thread task ${Math.round(first)} ms`);
      await plain.page.close();
    }
    for (const [name, scenario, limit] of links) {
      const text = JSON.stringify(scenario);
      // Opened as a link on a page already showing its scenario, so the longest task is the
      // link's own, not the page's first render.
      const { page, console_ } = await open(browser, `${origin}/`);
      await page.waitForSelector('svg.topology g.node', { timeout: 30000 });
      await page.waitForTimeout(500);
      await page.evaluate((fragment) => { window.__long.length = 0; location.hash = fragment; }, `#j=${b64url(text)}&t=0`);
      await page.waitForSelector('.error-banner', { timeout: 30000 }).catch(() => check(false, `${name}: no error shown`));
      const said = await page.textContent('.error-banner').catch(() => '');
      check(limit.test(said ?? ''), `${name}: the refusal does not name the limit: ${said}`);
      const longest = Math.max(0, ...(await page.evaluate(() => window.__long)));
      await violations(page, console_, name);
      // Opened cold: the page's own first render is among the tasks.
      const cold = await open(browser, `${origin}/#j=${b64url(text)}&t=0`);
      await cold.page.waitForSelector('.error-banner', { timeout: 30000 }).catch(() => check(false, `${name}: no error shown on a cold open`));
      const coldLongest = Math.max(0, ...(await cold.page.evaluate(() => window.__long)));
      await cold.page.close();
      console.log(`hostile e2e: ${name} (${Math.round(text.length / 1024)} KB link) refused; longest main-thread task ${Math.round(longest)} ms opened on a shown page, ${Math.round(coldLongest)} ms opened cold (with the page's first render)`);
      // A plain open afterwards: the default scenario, no error, nothing run again.
      await page.goto(`${origin}/`);
      await page.waitForSelector('svg.topology g.node[data-node="q:orders.rejected"]', { timeout: 30000 })
        .catch(() => check(false, `${name}: a plain open afterwards did not show the default scenario`));
      check(await page.locator('.error-banner').count() === 0, `${name}: a plain open afterwards shows an error`);
      await page.close();
    }

    // 4. A page that stopped while running a link: not run again, offered back.
    {
      const fragment = `#j=${b64url(JSON.stringify({ version: 1, title: 'left behind', duration_ms: 1000, queues: [{ name: 'left.behind' }] }))}&t=0`;
      const { page, console_ } = await open(browser, `${origin}/public/favicon.svg`);
      await page.evaluate((f) => localStorage.setItem('dlx-lab:running', `playground\n${f}`), fragment);
      await page.goto(`${origin}/${fragment}`);
      await page.waitForSelector('.error-banner button.reopen', { timeout: 30000 }).catch(() => check(false, 'an interrupted link is not offered back'));
      check(!(await page.evaluate(() => location.hash)), 'the interrupted link stayed in the address bar');
      check(await page.locator('g.node[data-node="q:left.behind"]').count() === 0, 'the interrupted link ran again');
      await page.click('.error-banner button.reopen');
      await page.waitForSelector('g.node[data-node="q:left.behind"]', { timeout: 30000 }).catch(() => check(false, '"Open it again" did not open it'));
      await page.waitForFunction(() => localStorage.getItem('dlx-lab:running') === null, null, { timeout: 10000 })
        .catch(() => check(false, 'the mark stayed after the link was shown'));
      await page.evaluate((f) => localStorage.setItem('dlx-lab:running', `playground\n${f}`), fragment);
      await page.reload();
      await page.waitForSelector('.error-banner button.forget', { timeout: 30000 }).catch(() => check(false, 'no "Forget it"'));
      await page.click('.error-banner button.forget');
      check(await page.evaluate(() => localStorage.getItem('dlx-lab:running')) === null, '"Forget it" left the mark');
      await violations(page, console_, 'interrupted run');
      await page.close();
    }

    // 5. The trap banner's Reload leaves the link's fragment out.
    {
      const { page } = await open(browser, `${origin}/#s=four-reasons&t=300`);
      await page.waitForSelector('svg.topology g.node', { timeout: 30000 });
      await page.evaluate(() => window.dispatchEvent(new ErrorEvent('error', { error: new WebAssembly.RuntimeError('unreachable') })));
      await page.waitForSelector('#fatal button', { timeout: 5000 }).catch(() => check(false, 'no trap banner'));
      await Promise.all([page.waitForNavigation().catch(() => {}), page.click('#fatal button')]);
      await page.waitForSelector('svg.topology g.node', { timeout: 30000 });
      check(!(await page.evaluate(() => location.hash)), `the trap banner's Reload kept the fragment: ${page.url()}`);
      await page.close();
    }

    // 6. Oversized messages to an embed: an error at once, the embed still answers.
    {
      const { page } = await open(browser, `${origin}/public/embed-example.html`);
      await page.evaluate((src) => {
        window.__events = [];
        window.addEventListener('message', (e) => window.__events.push(e.data));
        const f = document.createElement('iframe');
        f.id = 'target';
        f.src = src;
        f.width = 600;
        f.height = 400;
        document.body.prepend(f);
      }, `${origin}/embed.html?embed=1&s=four-reasons`);
      await page.waitForFunction(() => window.__events.some((e) => e && e.type === 'ready'), null, { timeout: 30000 });
      const ask = async (name, make) => {
        const ms = await page.evaluate(async (make) => {
          const before = window.__events.length;
          const data = new Function(`return (${make})`)()();
          const t0 = performance.now();
          document.getElementById('target').contentWindow.postMessage(data, '*');
          while (!window.__events.slice(before).some((e) => e && e.type === 'error')) await new Promise((r) => setTimeout(r, 5));
          return performance.now() - t0;
        }, make.toString());
        const last = await page.evaluate(() => window.__events.filter((e) => e && e.type === 'error').pop());
        console.log(`hostile e2e: ${name} refused by the embed in ${Math.round(ms)} ms: ${last?.message}`);
      };
      await ask('a 30 MB typed array', () => ({ dlxLab: 1, type: 'load', scenario: new Uint8Array(30 << 20) }));
      await ask('a 30 MB typed array as the message', () => new Uint8Array(30 << 20));
      await ask('a 6 MB scenario text', () => ({ dlxLab: 1, type: 'load', scenario: 'x'.repeat(6 << 20) }));
      await ask('a list of a million numbers', () => ({ dlxLab: 1, type: 'load', scenario: { queues: new Array(1000000).fill(1) } }));
      await page.evaluate(() => document.getElementById('target').contentWindow.postMessage({ dlxLab: 1, type: 'state', id: 's' }, '*'));
      await page.waitForFunction(() => window.__events.some((e) => e && e.type === 'state' && e.id === 's'), null, { timeout: 10000 })
        .catch(async () => check(false, `the embed stopped answering after the oversized messages: ${JSON.stringify((await page.evaluate(() => window.__events)).slice(-3)).slice(0, 400)}`));
      await page.close();
    }
  } finally {
    await browser.close();
    server.close();
  }
  report('hostile', problems, 'policy kept on every page, links refused by name, interrupted runs offered back, oversized messages refused');
}

run(main);
