// What each page downloads, served as a host with precompressed files serves it (run
// scripts/precompress.sh first): the bytes that cross the wire for its wasm, scripts and styles,
// and that the page still renders from them. Prints one line per page; fails when a page does
// not render or its wasm arrives uncompressed.
//
// Usage: node e2e/download.mjs   (after `trunk build` and `scripts/precompress.sh dist`)

import { stat } from 'node:fs/promises';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium, serveDist, report } from './lib.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const dist = resolve(here, '..', 'dist');

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
  // A page opened with a query that names no other page stays where it is.
  ['workshop with a playground query', '/workshop.html?preset=four-reasons', 'li.exercise-card', 'workshop.html'],
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
      page.on('requestfinished', async (req) => {
        const res = await req.response();
        const s = await req.sizes().catch(() => null);
        if (res && s) sizes.push({ url: req.url(), encoding: res.headers()['content-encoding'] ?? '', bytes: s.responseBodySize });
      });
      page.on('pageerror', (err) => problems.push(`${name}: ${err.message}`));
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
      const extra = all_wasm.length - wasm.length;
      for (const w of all_wasm) {
        if (w.encoding !== 'gzip') problems.push(`${name}: the wasm came uncompressed (${w.bytes} B)`);
      }
      const all = sizes.reduce((n, s) => n + s.bytes, 0);
      console.log(`download: ${name} ${wasm.reduce((n, s) => n + s.bytes, 0)} B of wasm, ${all} B in all (${sizes.length} files${extra ? `, of them ${extra} other module started before the browser moved on` : ''})`);
      await page.close();
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
