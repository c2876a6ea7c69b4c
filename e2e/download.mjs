// What each page downloads, served as a host with precompressed files serves it (run
// scripts/precompress.sh first): the bytes that cross the wire for its wasm, scripts and styles,
// and that the page still renders from them. Prints one line per page; fails when a page does
// not render, its wasm arrives uncompressed, a page opened by its own address fetches another
// page's module, or a page logs a console error or warning. Then each page's time to first
// render, the median of five cold loads (a fresh browser context each: nothing cached), as
// figures (never judged).
//
// Usage: node e2e/download.mjs   (after `trunk build` and `scripts/precompress.sh dist`)

import { stat } from 'node:fs/promises';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium, serveDist, report } from './lib.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const dist = resolve(here, '..', 'dist');

const bigLink = Buffer.from(JSON.stringify({
  version: 1,
  duration_ms: 200000,
  queues: [{ name: 'backlog' }],
  publishers: [{ exchange: '', routing_key: 'backlog', body: 'm {n}', every_ms: 1, count: 20000, start_ms: 0 }],
})).toString('base64url');

// [name, address opened, what it draws, the page it must land on]. Each page has a module
// of its own; a query that names another page sends the browser there (index.html's script).
const pages = [
  ['playground', '/', 'svg.topology', 'index.html'],
  ['embed', '/embed.html?embed=1', 'svg.topology', 'embed.html'],
  // Links of before the pages had their own files: index.html sends the browser there.
  ['embed by an old link', '/?embed=1', 'svg.topology', 'embed.html'],
  ['workshop', '/workshop.html?workshop=1', 'li.exercise-card', 'workshop.html'],
  ['workshop by an old link', '/?workshop=1', 'li.exercise-card', 'workshop.html'],
  ['exercise by an old link', '/?exercise=ttl-wait-queue', '.exercise-stage', 'workshop.html'],
  ['comparison by an old link', '/?compare=1', '.figures-table', 'compare.html'],
  ['exercise', '/workshop.html?exercise=ttl-wait-queue', '.exercise-stage', 'workshop.html'],
  ['comparison', '/compare.html?compare=1', '.figures-table', 'compare.html'],
  ['comparison embed', '/compare.html?compare=poison&embed=1', '.figures-table', 'compare.html'],
  ['builder', '/workshop.html?builder=1', '.builder-status', 'workshop.html'],
  ['text review', '/workshop.html?review=texts', '.review-family', 'workshop.html'],
  // A link carrying a long run, loaded in slices: nothing drawn from a run not loaded yet.
  ['a link of 20 000 messages', `/#j=${bigLink}`, 'svg.topology', 'index.html'],
  ['an embed of 20 000 messages', `/embed.html#j=${bigLink}`, 'svg.topology', 'embed.html'],
  // A page opened with a query that names no other page stays where it is.
  ['workshop with a playground query', '/workshop.html?preset=four-reasons', 'li.exercise-card', 'workshop.html'],
];

// [name, address, its first drawing]: the pages whose first render is measured.
const firstRenders = [
  ['playground', '/', 'svg.topology .node'],
  ['embed', '/embed.html?embed=1&s=four-reasons', 'svg.topology .node'],
  ['workshop', '/workshop.html', 'li.exercise-card'],
  ['comparison', '/compare.html?compare=1', '.figures-table'],
];

async function main() {
  await stat(join(dist, 'index.html')).catch(() => {
    throw new Error(`${dist}/index.html is missing: run \`trunk build\` first`);
  });
  const problems = [];
  const server = await serveDist(dist);
  const origin = `http://127.0.0.1:${server.address().port}`;
  const browser = await launchChromium();
  try {
    for (const [name, path, drawn, landing] of pages) {
      const page = await browser.newPage();
      const sizes = [];
      const requested = [];
      page.on('request', (req) => requested.push(req.url()));
      page.on('requestfinished', async (req) => {
        const res = await req.response();
        const s = await req.sizes().catch(() => null);
        if (res && s) sizes.push({ url: req.url(), encoding: res.headers()['content-encoding'] ?? '', bytes: s.responseBodySize });
      });
      page.on('pageerror', (err) => problems.push(`${name}: ${err.message}`));
      page.on('console', (m) => {
        if (m.type() === 'error' || m.type() === 'warning') problems.push(`${name}: console ${m.type()}: ${m.text()}`);
      });
      await page.goto(origin + path);
      await page.waitForSelector(drawn, { timeout: 20000 }).catch(() => problems.push(`${name}: ${drawn} never appeared`));
      await page.waitForTimeout(200);
      const file = new URL(page.url()).pathname.split('/').pop() || 'index.html';
      if (file !== landing) problems.push(`${name}: landed on ${file}, not ${landing}`);
      const all_wasm = sizes.filter((s) => s.url.endsWith('.wasm'));
      // The page's own module. A link of before the pages had their own files (a query on
      // index.html) may also start the playground's module before the browser moves on:
      // printed, not counted as the page's.
      const own = { 'index.html': 'dlx-lab-web-', 'embed.html': 'dlx-lab-embed-', 'workshop.html': 'dlx-lab-workshop-', 'compare.html': 'dlx-lab-compare-' }[landing];
      const wasm = all_wasm.filter((s) => s.url.includes(own));
      const sentOn = path.startsWith('/?');
      if (wasm.length !== 1) problems.push(`${name}: ${wasm.length} downloads of its own module`);
      if (!sentOn && all_wasm.length !== 1) problems.push(`${name}: ${all_wasm.length} wasm downloads`);
      // Started, even if the browser moved on before it finished: another page's module.
      const started = requested.filter((u) => u.endsWith('.wasm') && !u.includes(own));
      if (started.length) problems.push(`${name}: started fetching another page's module (${started.join(', ')})`);
      const extra = all_wasm.length - wasm.length;
      for (const w of all_wasm) {
        if (w.encoding !== 'gzip') problems.push(`${name}: the wasm came uncompressed (${w.bytes} B)`);
      }
      const all = sizes.reduce((n, s) => n + s.bytes, 0);
      console.log(`download: ${name} ${wasm.reduce((n, s) => n + s.bytes, 0)} B of wasm, ${all} B in all (${sizes.length} files${extra ? `, of them ${extra} other module started before the browser moved on` : ''})`);
      await page.close();
    }
    // Time to first render: navigation start to the page's first drawing, cold.
    for (const [name, path, drawn] of firstRenders) {
      const times = [];
      for (let i = 0; i < 5; i++) {
        const context = await browser.newContext();
        const page = await context.newPage();
        await page.addInitScript((selector) => {
          new MutationObserver((_, observer) => {
            if (document.querySelector(selector)) {
              window.__firstRenderMs = performance.now();
              observer.disconnect();
            }
          }).observe(document, { childList: true, subtree: true });
        }, drawn);
        await page.goto(origin + path);
        await page.waitForSelector(drawn, { timeout: 20000 }).catch(() => problems.push(`${name}: ${drawn} never appeared`));
        times.push(await page.evaluate(() => window.__firstRenderMs ?? NaN));
        await context.close();
      }
      const sorted = [...times].sort((a, b) => a - b);
      console.log(`first render: ${name} median ${sorted[2].toFixed(0)} ms of five cold loads (${times.map((t) => t.toFixed(0)).join(', ')})`);
    }
  } finally {
    await browser.close();
    server.close();
  }
  report('download', problems, 'every page rendered from precompressed files');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
