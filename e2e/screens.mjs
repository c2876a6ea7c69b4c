// End-to-end test of every page on small and large screens, in headless Chromium: the
// playground, the embed, the workshop, an exercise, the comparison (full, embedded, and with
// two strategies' lanes side by side) and the text review, at 320, 360 and 390 px wide
// (phones) and at 800 and 1280 px: the page never
// scrolls sideways (a wide graph, table or lane chart pans inside its own panel), the graph
// has a size, every textarea has a label, and the graph's node names are drawn at least 8 px
// tall (a graph wider than its panel keeps that size and pans rather than shrinking its words
// away). With the system's dark scheme, every page is dark with light text. Screenshots land
// in e2e/screenshots/screens-*.png. Exits non-zero on any failure.
//
// Usage: node e2e/screens.mjs   (after `trunk build`; scripts/test.sh does both)

import { mkdir } from 'node:fs/promises';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium, serveDist, report, run } from './lib.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const dist = resolve(here, '..', 'dist');
const shots = join(here, 'screenshots');

const pages = [
  ['playground', '/', true],
  ['embed', '/?embed=1', true],
  ['workshop', '/?workshop=1', false],
  ['exercise', '/?exercise=catch-rejected-messages', true],
  ['strategy-exercise', '/?exercise=kafka-keep-order', false],
  ['builder', '/?builder=1', false],
  ['compare', '/?compare=1', false],
  ['compare-two-lanes', '/?compare=lost-reply&idempotent=1&lanes=kafka,sqs', false],
  ['compare-embed', '/?compare=1&embed=1', false],
  ['compare-tour', '/?compare=1&tour=tour-hybrid-two-roads', false],
  ['review', '/?review=texts', false],
];
const widths = [320, 360, 390, 800, 1280];

const problems = [];
const fail = (what) => problems.push(what);

async function main() {
  const server = await serveDist(dist);
  const origin = `http://127.0.0.1:${server.address().port}`;
  await mkdir(shots, { recursive: true });
  let browser;
  let checked = 0;
  try {
    browser = await launchChromium();
    for (const width of widths) {
      const context = await browser.newContext({ viewport: { width, height: width < 600 ? 800 : 720 } });
      const page = await context.newPage();
      page.on('pageerror', (e) => fail(`uncaught exception: ${e.message}`));
      for (const [name, path, graph] of pages) {
        const where = `${name} at ${width}px`;
        await page.goto(origin + path);
        await page.waitForSelector(graph ? 'svg.topology g.node' : '.workshop h1, .compare-page .figures-table, .review-row', { timeout: 30000 });
        await page.waitForTimeout(200);
        const m = await page.evaluate(() => {
          const svg = document.querySelector('svg.topology');
          const r = svg?.getBoundingClientRect();
          const names = [...document.querySelectorAll('svg.topology text.node-label')]
            .map((t) => t.getBoundingClientRect().height);
          return {
            overflow: document.documentElement.scrollWidth - window.innerWidth,
            svg: r ? [r.width, r.height] : null,
            smallest: names.length ? Math.min(...names) : null,
          };
        });
        checked += 1;
        const unlabelled = await page.$$eval('textarea', (ts) =>
          ts.filter((t) => !(t.getAttribute('aria-label') || t.closest('label') || t.labels?.length)).length,
        );
        if (unlabelled > 0) fail(`${where}: ${unlabelled} textarea(s) without a label`);
        if (m.overflow > 0) fail(`${where}: the page scrolls sideways by ${m.overflow}px`);
        if (graph) {
          if (!m.svg || m.svg[0] < 100 || m.svg[1] < 60) fail(`${where}: the graph is ${JSON.stringify(m.svg)}`);
          if (m.smallest !== null && m.smallest < 8) fail(`${where}: node names drawn ${m.smallest.toFixed(1)}px tall`);
        }
        await page.screenshot({ path: join(shots, `screens-${name}-${width}.png`) });
      }
      await context.close();
    }
    // The dark scheme: dark paper and panels, light ink, on every page.
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, colorScheme: 'dark' });
    const page = await context.newPage();
    for (const [name, path, graph] of pages) {
      await page.goto(origin + path);
      await page.waitForSelector(graph ? 'svg.topology g.node' : '.workshop h1, .compare-page .figures-table, .review-row', { timeout: 30000 });
      const c = await page.evaluate(() => {
        const lum = (css) => {
          const m = css.match(/\d+(\.\d+)?/g)?.map(Number) ?? [0, 0, 0];
          const [r, g, b] = m.slice(0, 3).map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
          return 0.2126 * r + 0.7152 * g + 0.0722 * b;
        };
        const body = getComputedStyle(document.body);
        const paper = getComputedStyle(document.documentElement).backgroundColor;
        const panel = document.querySelector('.stage, .embed, .figures-table, .review table');
        return {
          paper: lum(paper),
          ink: lum(body.color),
          panel: panel ? lum(getComputedStyle(panel).backgroundColor === 'rgba(0, 0, 0, 0)' ? paper : getComputedStyle(panel).backgroundColor) : 0,
        };
      });
      checked += 1;
      if (!(c.paper < 0.05 && c.panel < 0.08 && c.ink > 0.6)) fail(`${name} in the dark scheme: paper ${c.paper.toFixed(3)}, panel ${c.panel.toFixed(3)}, ink ${c.ink.toFixed(3)}`);
      await page.screenshot({ path: join(shots, `screens-${name}-dark.png`) });
    }
    await context.close();
  } finally {
    await browser?.close();
    server.close();
  }
  report('screens', problems, `${checked} page and width pairs without sideways scrolling, graphs readable, dark scheme dark`);
}

run(main);
