// End-to-end test of the face, in headless Chromium on the built dist/: the geometry of the
// first screen, and screenshots of every page a person reads each round.
//
// Geometry (the figures are printed):
// - the playground at 1280x800: the graph (svg.topology) covers at least half of the first
//   screen, every word of the graph is in view and drawn at least 10 px, no word over another,
//   Play is in view;
// - the playground on a 390x844 phone: every word in view without panning, at least 9 px,
//   the graph at least 30 % of the first screen, Play in view;
// - a 360x420 embed of four-reasons and of retry-ladder: every word inside the frame, at least
//   9 px; no empty band over 64 px between the drawing and the canvas's edges; a tap at Play's
//   centre reaches Play;
// - an exercise at 1280x800: no empty band over 96 px in its graph panel;
// - no visible button, select, slider or checkbox on the playground or the comparison keeps
//   the browser's default look (its computed `appearance` is not `none`);
// - every preset at 1280x800 and 390x844: no edge runs through a word that is not its own,
//   no edge or death label lies on a node's shape, no word over another.
// Screenshots (e2e/screenshots/face-*.png): every page at 320, 360, 390, 800 and 1280 px,
// light; and at 390 and 1280 px dark, in Korean and in Chinese.
//
// Usage: node e2e/face.mjs   (after `trunk build`; scripts/test.sh does both);
//        FACE_SHOTS=0 node e2e/face.mjs measures without taking the screenshots.

import { join } from 'node:path';
import { report, run, shots, withBrowser } from './lib.mjs';

const pages = [
  ['playground', '/', 'svg.topology g.node'],
  ['embed-four-reasons', '/?embed=1&s=four-reasons&t=0', 'svg.topology g.node'],
  ['embed-retry-ladder', '/?embed=1&s=retry-ladder&t=0', 'svg.topology g.node'],
  ['workshop', '/?workshop=1', '.workshop h1'],
  ['exercise', '/?exercise=catch-rejected-messages', 'svg.topology g.node'],
  ['builder', '/?builder=1', '.workshop h1'],
  ['compare', '/?compare=1', '.compare-page .figures-table'],
  ['compare-embed', '/?compare=1&embed=1', '.figures-table'],
  ['docs-example', '/public/docs-example.html', 'iframe'],
];
const widths = [320, 360, 390, 800, 1280];

const problems = [];
const fail = (what) => problems.push(what);
const figures = [];
const note = (what) => figures.push(what);

/** In the page: the graph's words, where they are and how large they are drawn. */
function measureGraph() {
  const svg = document.querySelector('svg.topology');
  if (!svg) return null;
  const r = svg.getBoundingClientRect();
  const pan = svg.closest('.graph-pan')?.getBoundingClientRect() ?? r;
  const vw = window.innerWidth, vh = window.innerHeight;
  const visible = (x) => x.width > 0 && getComputedStyle(x.el).visibility !== 'hidden' && getComputedStyle(x.el).display !== 'none' && x.el.closest('.absent') === null;
  const scale = svg.getScreenCTM()?.a ?? 1;
  const words = [...svg.querySelectorAll('text')].map((el) => ({ el, ...el.getBoundingClientRect().toJSON() }))
    .filter(visible)
    .filter((t) => (t.el.textContent ?? '').trim() !== '')
    .map((t) => ({
      text: t.el.textContent.trim().slice(0, 24),
      cls: t.el.getAttribute('class') ?? '',
      px: parseFloat(getComputedStyle(t.el).fontSize) * scale,
      inView: t.left >= Math.max(0, pan.left) - 0.5 && t.right <= Math.min(vw, pan.right) + 0.5
        && t.top >= Math.max(0, pan.top) - 0.5 && t.bottom <= Math.min(vh, pan.bottom) + 0.5,
    }));
  // The drawing: nodes, edges and words, on screen.
  const parts = [...svg.querySelectorAll('g.node:not(.absent), text, g.edge-group:not(.absent) path.edge')].map((e) => e.getBoundingClientRect()).filter((b) => b.width > 0);
  const drawn = parts.length ? {
    top: Math.min(...parts.map((b) => b.top)), bottom: Math.max(...parts.map((b) => b.bottom)),
  } : null;
  // Words drawn over other words (boxes overlapping by more than a sliver).
  const boxes = [...svg.querySelectorAll('text')].filter((t) => (t.textContent ?? '').trim() !== '' && t.closest('.absent') === null)
    .map((t) => ({ t, b: t.getBoundingClientRect() })).filter((x) => x.b.width > 0);
  const overlaps = [];
  for (let i = 0; i < boxes.length; i += 1) {
    for (let j = i + 1; j < boxes.length; j += 1) {
      const [a, c] = [boxes[i].b, boxes[j].b];
      const w = Math.min(a.right, c.right) - Math.max(a.left, c.left);
      const h = Math.min(a.bottom, c.bottom) - Math.max(a.top, c.top);
      if (w > 1 && h > 2) overlaps.push(`${boxes[i].t.textContent.trim().slice(0, 16)} / ${boxes[j].t.textContent.trim().slice(0, 16)}`);
    }
  }
  const shown = Math.max(0, Math.min(vw, r.right) - Math.max(0, r.left)) * Math.max(0, Math.min(vh, r.bottom) - Math.max(0, r.top));
  return {
    share: shown / (vw * vh),
    words,
    smallest: words.length ? Math.min(...words.map((w) => w.px)) : 0,
    outside: words.filter((w) => !w.inView).map((w) => `${w.cls}:${w.text}`),
    bands: drawn ? [drawn.top - pan.top, pan.bottom - drawn.bottom] : [pan.height],
    orientation: svg.getAttribute('data-orientation'),
    overlaps,
  };
}

/**
 * In the page: words of the graph that an edge (other than the word's own) runs through, and
 * edge or death labels drawn over a node's shape. Each edge is sampled every 2 px on screen.
 */
function measureCrossings() {
  const svg = document.querySelector('svg.topology');
  if (!svg) return [];
  const live = (e) => e.closest('.absent') === null;
  const words = [...svg.querySelectorAll('text')].filter((t) => live(t) && (t.textContent ?? '').trim() !== '')
    .map((t) => ({ t, b: t.getBoundingClientRect(), own: t.closest('g.edge-group, g.node') }))
    .filter((w) => w.b.width > 0);
  const found = new Set();
  const name = (t) => t.textContent.trim().slice(0, 20);
  for (const path of [...svg.querySelectorAll('g.edge-group path.edge')].filter(live)) {
    const m = path.getScreenCTM();
    const len = path.getTotalLength();
    const step = 2 / Math.max(0.1, m.a);
    const group = path.closest('g.edge-group');
    for (let at = 0; at <= len; at += step) {
      const p = path.getPointAtLength(at);
      const x = m.a * p.x + m.c * p.y + m.e, y = m.b * p.x + m.d * p.y + m.f;
      for (const w of words) {
        if (w.own === group) continue;
        if (x > w.b.left + 1 && x < w.b.right - 1 && y > w.b.top + 1 && y < w.b.bottom - 1) {
          found.add(`edge ${path.dataset.edge} through "${name(w.t)}"`);
        }
      }
    }
  }
  const shapes = [...svg.querySelectorAll('g.node .shape')].filter(live).map((e) => ({ g: e.closest('g.node'), b: e.getBoundingClientRect() }));
  for (const w of words.filter((w) => !w.t.closest('g.node'))) {
    for (const s of shapes) {
      const dx = Math.min(w.b.right, s.b.right) - Math.max(w.b.left, s.b.left);
      const dy = Math.min(w.b.bottom, s.b.bottom) - Math.max(w.b.top, s.b.top);
      if (dx > 1 && dy > 1) found.add(`"${name(w.t)}" over node ${s.g.dataset.node}`);
    }
  }
  return [...found];
}

/** In the page: Play's box, whether it is in view, and whether a tap at its centre reaches it. */
function measurePlay() {
  const b = document.querySelector('button.play');
  if (!b) return null;
  const r = b.getBoundingClientRect();
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  const hit = document.elementFromPoint(x, y);
  return {
    inView: r.top >= 0 && r.bottom <= window.innerHeight && r.left >= 0 && r.right <= window.innerWidth,
    reached: !!hit && (hit === b || b.contains(hit)),
    box: [r.left, r.top, r.width, r.height].map(Math.round),
  };
}

/** In the page: visible controls that keep the browser's default look. */
function defaultLooking() {
  const controls = [...document.querySelectorAll('button, select, input[type="range"], input[type="checkbox"], input[type="radio"]')];
  return controls.filter((c) => {
    const r = c.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return false;
    const s = getComputedStyle(c);
    if (s.visibility === 'hidden') return false;
    return s.appearance !== 'none';
  }).map((c) => `${c.tagName.toLowerCase()}.${c.className || c.type}`);
}

async function open(page, origin, path, ready) {
  await page.goto(origin + path);
  await page.waitForSelector(ready, { timeout: 30000 });
  await page.waitForTimeout(400);
}

async function main() {
  await withBrowser({}, async ({ browser, origin }) => {
    // The playground on a desktop and on a phone.
    for (const [label, viewport, min, share] of [
      ['playground 1280x800', { width: 1280, height: 800 }, 10, 0.5],
      ['playground 390x844', { width: 390, height: 844 }, 9, 0.3],
    ]) {
      const context = await browser.newContext({ viewport, hasTouch: viewport.width < 600 });
      const page = await context.newPage();
      page.on('pageerror', (e) => fail(`${label}: uncaught exception: ${e.message}`));
      await open(page, origin, '/', 'svg.topology g.node');
      const g = await page.evaluate(measureGraph);
      const p = await page.evaluate(measurePlay);
      note(`${label}: graph ${(g.share * 100).toFixed(0)} % of the first screen, smallest word ${g.smallest.toFixed(1)} px, ${g.words.length - g.outside.length}/${g.words.length} words in view (${g.orientation}), ${g.overlaps.length} words over words, Play in view: ${p?.inView}`);
      if (g.share < share) fail(`${label}: the graph takes ${(g.share * 100).toFixed(0)} % of the first screen (want ${share * 100} %)`);
      if (g.smallest < min) fail(`${label}: a word of the graph is drawn ${g.smallest.toFixed(1)} px (want ${min})`);
      if (g.outside.length) fail(`${label}: words out of view: ${g.outside.join(', ')}`);
      if (!p?.inView) fail(`${label}: Play is not in view (${JSON.stringify(p)})`);
      if (g.overlaps.length) fail(`${label}: words drawn over words: ${g.overlaps.join('; ')}`);
      const plain = await page.evaluate(defaultLooking);
      if (plain.length) fail(`${label}: controls with the browser's default look: ${plain.join(', ')}`);
      await context.close();
    }
    // Every preset at 1280x800 and 390x844: no edge runs through a word, no label lies on a
    // node it does not belong to.
    for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
      const context = await browser.newContext({ viewport });
      const first = await context.newPage();
      await open(first, origin, '/', 'svg.topology g.node');
      const presets = await first.$$eval('select.preset-menu option', (os) => os.map((o) => o.value).filter(Boolean));
      await first.close();
      let crossed = 0;
      for (const id of presets) {
        const page = await context.newPage();
        await open(page, origin, `/?s=${id}&t=0`, `svg.topology g.node[data-node]`);
        const c = [...await page.evaluate(measureCrossings), ...(await page.evaluate(measureGraph)).overlaps.map((o) => `words over words: ${o}`)];
        crossed += c.length;
        if (c.length) fail(`${id} at ${viewport.width}px: ${c.join('; ')}`);
        await page.close();
      }
      note(`${presets.length} presets at ${viewport.width}x${viewport.height}: ${crossed} words crossed by an edge, over a node or over a word`);
      await context.close();
    }
    // The embeds, 360x420.
    for (const preset of ['four-reasons', 'retry-ladder']) {
      const label = `embed of ${preset} 360x420`;
      const context = await browser.newContext({ viewport: { width: 360, height: 420 }, hasTouch: true });
      const page = await context.newPage();
      page.on('pageerror', (e) => fail(`${label}: uncaught exception: ${e.message}`));
      await open(page, origin, `/?embed=1&s=${preset}&t=0`, 'svg.topology g.node');
      const g = await page.evaluate(measureGraph);
      const p = await page.evaluate(measurePlay);
      const band = Math.max(...g.bands);
      note(`${label}: smallest word ${g.smallest.toFixed(1)} px, ${g.words.length - g.outside.length}/${g.words.length} words inside (${g.orientation}), ${g.overlaps.length} words over words, largest empty band ${band.toFixed(0)} px, a tap at Play reaches it: ${p?.reached}`);
      if (g.smallest < 9) fail(`${label}: a word drawn ${g.smallest.toFixed(1)} px`);
      if (g.outside.length) fail(`${label}: words outside the frame: ${g.outside.join(', ')}`);
      if (band > 64) fail(`${label}: an empty band of ${band.toFixed(0)} px`);
      if (!p?.reached) fail(`${label}: a tap at Play's centre does not reach Play (${JSON.stringify(p)})`);
      if (g.overlaps.length) fail(`${label}: words drawn over words: ${g.overlaps.join('; ')}`);
      await page.screenshot({ path: join(shots, `face-embed-${preset}-360x420.png`) });
      await context.close();
    }
    // The exercise's graph panel at 1280x800.
    {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await open(page, origin, '/?exercise=catch-rejected-messages', 'svg.topology g.node');
      const g = await page.evaluate(measureGraph);
      const band = Math.max(...g.bands);
      note(`exercise 1280x800: largest empty band in the graph panel ${band.toFixed(0)} px`);
      if (band > 96) fail(`exercise 1280x800: an empty band of ${band.toFixed(0)} px in the graph panel`);
      await context.close();
    }
    // The comparison: no default-looking control, on a desktop and on a phone.
    for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await open(page, origin, '/?compare=1', '.compare-page .figures-table');
      const plain = await page.evaluate(defaultLooking);
      if (plain.length) fail(`comparison at ${viewport.width}px: controls with the browser's default look: ${plain.join(', ')}`);
      await context.close();
    }
    // Screenshots: every page at every width, light; dark, Korean and Chinese at two widths.
    let taken = 0;
    const variants = [
      ...widths.map((w) => [`${w}`, { width: w, height: w < 600 ? 844 : 800 }, 'light', '']),
      ...[390, 1280].flatMap((w) => [
        [`${w}-dark`, { width: w, height: w < 600 ? 844 : 800 }, 'dark', ''],
        [`${w}-ko`, { width: w, height: w < 600 ? 844 : 800 }, 'light', 'ko'],
        [`${w}-zh-CN`, { width: w, height: w < 600 ? 844 : 800 }, 'light', 'zh-CN'],
      ]),
    ];
    // FACE_SHOTS=0 measures without the screenshots (a quick look while working).
    for (const [suffix, viewport, colorScheme, lang] of process.env.FACE_SHOTS === '0' ? [] : variants) {
      const context = await browser.newContext({ viewport, colorScheme });
      const page = await context.newPage();
      for (const [name, path, ready] of pages) {
        const withLang = lang ? `${path}${path.includes('?') ? '&' : '?'}lang=${lang}` : path;
        try {
          await open(page, origin, withLang, ready);
        } catch (e) {
          fail(`${name} at ${suffix}: ${e.message.split('\n')[0]}`);
          continue;
        }
        await page.screenshot({ path: join(shots, `face-${name}-${suffix}.png`) });
        taken += 1;
      }
      await context.close();
    }
    note(`${taken} screenshots in e2e/screenshots/face-*.png`);
  });
  for (const f of figures) console.log(`  ${f}`);
  report('face', problems, 'the first screens are picture-first, readable and reachable');
}

run(main);
