// End-to-end test of the <dlx-lab> element (dist/dlx-lab.js) on a host page of the same
// origin, in headless Chromium: two elements far below the fold load nothing until scrolled
// to; the first sizes its frame to the embed's content, re-dispatches the embed's events and
// answers its methods; the second shows a comparison's table; a broken attribute shows its
// error inside the element and fires dlx-lab:error, and the host page keeps working.
//
// Usage: node e2e/element.mjs   (after `trunk build`; scripts/test.sh does both)

import { stat } from 'node:fs/promises';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium, serveDist, report, run } from './lib.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const dist = resolve(here, '..', 'dist');
const problems = [];
const check = (ok, what) => { if (!ok) problems.push(what); };

const HOST = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>A docs page</title>
<script type="module" src="./dlx-lab.js"></script></head>
<body>
<h1>Dead letters, explained</h1>
<div id="spacer" style="height: 3000px"></div>
<dlx-lab id="first" preset="four-reasons" speed="10"></dlx-lab>
<div id="between" style="height: 3000px"></div>
<dlx-lab id="second" compare="poison"></dlx-lab>
<dlx-lab id="broken" preset="four-reasons" t="soon"></dlx-lab>
<button id="still-works">ok</button>
</body></html>`;

async function main() {
  await stat(join(dist, 'dlx-lab.js')).catch(() => { throw new Error(`${dist}/dlx-lab.js is missing: run \`trunk build\` first`); });
  const server = await serveDist(dist);
  const origin = `http://127.0.0.1:${server.address().port}`;
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const requests = [];
    page.on('request', (r) => requests.push(r.url()));
    page.on('pageerror', (e) => check(false, `uncaught on the host page: ${e.message}`));
    await page.route(`${origin}/host.html`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: HOST }));
    await page.addInitScript(() => {
      window.__ev = [];
      for (const name of ['ready', 'time', 'dead-lettered', 'error']) {
        document.addEventListener(`dlx-lab:${name}`, (e) => window.__ev.push({ name, el: e.target.id, detail: e.detail }));
      }
    });
    await page.goto(`${origin}/host.html`);
    await page.waitForFunction(() => customElements.get('dlx-lab') !== undefined, null, { timeout: 10000 });
    await page.waitForTimeout(1500);
    // 1. Nothing loaded before scrolling.
    const frames = await page.evaluate(() => [...document.querySelectorAll('dlx-lab')].filter((e) => e.shadowRoot?.querySelector('iframe')).map((e) => e.id));
    check(!frames.includes('first') && !frames.includes('second'), `frames before scrolling: ${frames}`);
    check(!requests.some((u) => u.endsWith('.wasm')), 'a .wasm was fetched before scrolling');
    const placeholder = await page.evaluate(() => document.getElementById('first').shadowRoot.textContent);
    check(placeholder.includes('four-reasons'), `the placeholder does not name the scenario: ${placeholder}`);

    // 2. Scrolled to: ready, sized, events and methods.
    await page.evaluate(() => document.getElementById('first').scrollIntoView());
    await page.waitForFunction(() => window.__ev.some((e) => e.name === 'ready' && e.el === 'first'), null, { timeout: 30000 })
      .catch(() => check(false, 'dlx-lab:ready never fired for the first element'));
    const frame = page.frames().find((f) => /embed\.html\?.*s=four-reasons/.test(f.url()));
    check(frame, 'no embed frame for the first element');
    if (frame) {
      await frame.waitForSelector('.embed svg.topology g.node', { timeout: 30000 });
      const width = await page.evaluate(() => document.getElementById('first').shadowRoot.querySelector('iframe').getBoundingClientRect().width);
      check(width >= 600, `the first element's frame is ${width} px wide`);
      let gap = Infinity;
      for (let i = 0; i < 50 && gap > 4; i++) {
        const outer = await page.evaluate(() => document.getElementById('first').shadowRoot.querySelector('iframe').getBoundingClientRect().height);
        const inner = await frame.evaluate(() => document.querySelector('.embed').getBoundingClientRect().height);
        gap = Math.abs(outer - inner);
        if (gap > 4) await page.waitForTimeout(100);
      }
      check(gap <= 4, `the frame's height is ${gap} px from the embed's content height`);
      const seek = await page.evaluate(() => document.getElementById('first').seek(1500));
      check(seek?.type === 'ok' && seek.t === 1500, `seek(1500) answered ${JSON.stringify(seek).slice(0, 200)}`);
      await page.waitForFunction(() => window.__ev.some((e) => e.name === 'time' && e.el === 'first' && e.detail.t === 1500), null, { timeout: 10000 })
        .catch(() => check(false, 'seek(1500) brought no dlx-lab:time with t = 1500'));
      await page.evaluate(() => document.getElementById('first').play());
      await page.waitForFunction(() => window.__ev.some((e) => e.name === 'dead-lettered' && e.el === 'first'), null, { timeout: 30000 })
        .catch(() => check(false, 'play() brought no dlx-lab:dead-lettered'));
      const paused = await page.evaluate(() => document.getElementById('first').pause());
      check(paused?.type === 'ok' && paused.playing === false, `pause() answered ${JSON.stringify(paused).slice(0, 200)}`);
      const refused = await page.evaluate(() => document.getElementById('first').seek(-5).then(() => 'answered', (e) => e.message));
      check(/t/.test(refused) && refused !== 'answered', `seek(-5) was not refused: ${refused}`);
      // A changed attribute updates the embed in place: the same frame, another scenario.
      await page.evaluate(() => { window.__first = document.getElementById('first').shadowRoot.querySelector('iframe'); document.getElementById('first').setAttribute('preset', 'retry-ladder'); });
      await frame.waitForSelector('g.node[data-node="x:parking"]', { timeout: 30000 })
        .catch(() => check(false, 'preset="retry-ladder" did not load in the embed'));
      check(await page.evaluate(() => window.__first === document.getElementById('first').shadowRoot.querySelector('iframe')),
        'changing preset built a new frame instead of loading in place');
    }

    // The theme attribute forces the embed's scheme, whatever the system's.
    await page.evaluate(() => { window.__ev.length = 0; document.getElementById('first').setAttribute('theme', 'dark'); });
    await page.waitForFunction(() => window.__ev.some((e) => e.name === 'ready' && e.el === 'first'), null, { timeout: 30000 })
      .catch(() => check(false, 'theme="dark" did not load the embed again'));
    const dark = page.frames().find((f) => /theme=dark/.test(f.url()));
    if (dark) {
      await dark.waitForSelector('.embed svg.topology g.node', { timeout: 30000 });
      const bg = await dark.evaluate(() => getComputedStyle(document.body).backgroundColor);
      const [r, g, b] = (bg.match(/\d+/g) || [255, 255, 255]).map(Number);
      check(r + g + b < 200, `theme="dark" left the embed light (body ${bg})`);
    } else check(false, 'no embed frame with theme=dark');

    // 3. The second element: the comparison's table.
    await page.evaluate(() => document.getElementById('second').scrollIntoView());
    await page.waitForFunction(() => document.getElementById('second').shadowRoot.querySelector('iframe'), null, { timeout: 10000 });
    const compare = await (async () => {
      for (let i = 0; i < 100; i++) {
        const f = page.frames().find((f) => /compare\.html\?.*compare=poison/.test(f.url()));
        if (f) return f;
        await page.waitForTimeout(100);
      }
      return null;
    })();
    check(compare, 'no comparison frame for the second element');
    if (compare) {
      await compare.waitForSelector('.figures-table tbody tr', { timeout: 30000 })
        .catch(() => check(false, "the second element does not show the comparison's table"));
      await page.waitForFunction(() => window.__ev.some((e) => e.name === 'ready' && e.el === 'second' && e.detail.compare === 'poison'), null, { timeout: 30000 })
        .catch(() => check(false, 'the comparison element fired no dlx-lab:ready'));
      const refused = await page.evaluate(() => document.getElementById('second').play().then(() => 'answered', (e) => e.message));
      check(/no commands/.test(refused), `play() on a comparison element: ${refused}`);
    }

    // 4. A broken attribute: its error inside the element, an event, the page still works.
    await page.evaluate(() => document.getElementById('broken').scrollIntoView());
    await page.waitForFunction(() => window.__ev.some((e) => e.name === 'error' && e.el === 'broken'), null, { timeout: 10000 })
      .catch(() => check(false, 'a broken t fired no dlx-lab:error'));
    const shown = await page.evaluate(() => document.getElementById('broken').shadowRoot.querySelector('[role=alert]')?.textContent ?? '');
    check(/"soon"/.test(shown) && /milliseconds/.test(shown), `the broken element shows: ${shown}`);
    await page.click('#still-works');
    // An unknown preset: the embed's own error, re-dispatched, in the page's language.
    await page.evaluate(() => {
      document.documentElement.lang = 'ko';
      document.getElementById('broken').removeAttribute('t');
      document.getElementById('broken').setAttribute('preset', 'no-such-preset');
    });
    await page.waitForFunction(() => window.__ev.some((e) => e.name === 'error' && e.el === 'broken' && e.detail.command === 'load'), null, { timeout: 30000 })
      .catch(() => check(false, 'an unknown preset fired no dlx-lab:error from the embed'));
    const koFrame = page.frames().find((f) => /s=no-such-preset/.test(f.url()));
    check(koFrame && /lang=ko/.test(koFrame.url()), `the embed did not follow the page's lang: ${koFrame?.url()}`);
    await page.close();
  } finally {
    await browser.close();
    server.close();
  }
  report('element', problems, 'lazy until scrolled to, sized to the embed, events and methods, the comparison, errors inside the element');
}

run(main);
