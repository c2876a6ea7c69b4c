// Frame cost with about a thousand messages moving: opens `?stress=1` (20 queues, a steady
// stream of publishes) in its own headless Chromium, plays it, and measures 120 frames two ways:
//   - frame intervals from requestAnimationFrame, with the frame-rate limit and vsync off
//     (--disable-frame-rate-limit --disable-gpu-vsync), so they show what a frame really costs
//     instead of the 16.7 ms of a 60 Hz display;
//   - the main thread's work per frame from a Chrome trace: every task between one frame's
//     start (BeginMainFrame) and the next, and within it the frame's script (animation-frame
//     callbacks with the effects they run), style, layout and paint (these can nest: a layout
//     forced by script is counted in both), and the handing of the frame's layers to the
//     compositor (where a canvas's drawing is rasterized without a GPU);
//   - in a short trace of its own, how often the whole drawing is laid out again.
// It prints figures and never judges them; it only checks that the scenario really has at least
// a thousand messages moving. Used by e2e/playground.mjs; alone:
//
//   node e2e/stress.mjs [dist-dir]     (default: dist/ after `trunk build`)

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium, serveDist } from './lib.mjs';

const FRAMES = 120;
/** What a frame's trace records (the main thread's tasks, frames, script, style, layout, paint). */
export const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink', 'toplevel', 'cc'];

export const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const mean = s.reduce((a, b) => a + b, 0) / Math.max(1, s.length);
  return { mean, p50: s[Math.floor(s.length / 2)] ?? 0, p95: s[Math.floor(s.length * 0.95)] ?? 0 };
};
export const fmt = (s) => `mean ${s.mean.toFixed(1)} ms, p50 ${s.p50.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms`;

/** Per-frame main-thread work from a Chrome trace (durations in ms). */
export function frameWork(trace) {
  const events = trace.traceEvents ?? trace;
  // The page's renderer: of the main threads of the renderers (other pages may be open), the
  // one that drew the most frames.
  const frameCount = (m) => events.filter((e) => e.pid === m.pid && e.tid === m.tid && e.name === 'WebFrameWidgetImpl::BeginMainFrame').length;
  const main = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
    .map((m) => [frameCount(m), m]).sort((a, b) => b[0] - a[0])[0]?.[1];
  if (!main) return null;
  const mine = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && typeof e.dur === 'number');
  const starts = mine.filter((e) => e.name === 'WebFrameWidgetImpl::BeginMainFrame').map((e) => e.ts).sort((a, b) => a - b);
  if (starts.length < 3) return null;
  const first = starts[0], last = starts[starts.length - 1];
  const inWindow = (e) => e.ts >= first && e.ts < last;
  // Top-level tasks only (RunTask is the scheduler's task; nested ones lie inside another).
  const tasks = mine.filter((e) => e.name === 'RunTask' && inWindow(e)).sort((a, b) => a.ts - b.ts);
  const top = [];
  for (const t of tasks) if (!top.length || t.ts >= top[top.length - 1].ts + top[top.length - 1].dur) top.push(t);
  const busy = new Array(starts.length - 1).fill(0);
  // The same in thread time (what the main thread ran, not waiting for a core on a busy
  // machine), when the trace has it.
  const cpu = new Array(starts.length - 1).fill(0);
  let k = 0;
  for (const t of top) {
    while (k + 1 < starts.length - 1 && t.ts >= starts[k + 1]) k++;
    busy[k] += t.dur / 1000;
    cpu[k] += (t.tdur ?? t.dur) / 1000;
  }
  const frames = busy.length;
  const sum = (names) => mine.filter((e) => names.includes(e.name) && inWindow(e)).reduce((a, e) => a + e.dur / 1000, 0) / frames;
  return {
    frames,
    busy: stats(busy),
    cpu: stats(cpu),
    script: sum(['FireAnimationFrame']),
    style: sum(['UpdateLayoutTree']),
    layout: sum(['Layout']),
    paint: sum(['PrePaint', 'Paint', 'Layerize']),
    commit: sum(['LayerTreeHost::DoUpdateLayers', 'ProxyMain::BeginMainFrame::commit']),
  };
}

/**
 * How often, in RELAYOUT_FRAMES frames of the playing page, the whole `<svg class="topology">`
 * is laid out again because its size was taken as changed (Chrome's layout-invalidation
 * tracking: "Size changed" on the drawing, after which every edge and node is laid out again).
 * A drawing in the flow of its frame is measured again whenever anything in it changes; out of
 * the flow it never is. A separate short trace: the tracking slows the frames it records.
 */
const RELAYOUT_FRAMES = 30;
async function wholeDrawingRelayouts(browser, page, tracePath) {
  await browser.startTracing(page, { path: tracePath, categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline.invalidationTracking'] });
  await page.evaluate((frames) => new Promise((done) => {
    let n = 0;
    const tick = () => (++n < frames ? requestAnimationFrame(tick) : done());
    requestAnimationFrame(tick);
  }), RELAYOUT_FRAMES);
  await browser.stopTracing();
  const events = JSON.parse(readFileSync(tracePath, 'utf8')).traceEvents;
  const whole = events.filter((e) => e.name === 'LayoutInvalidationTracking'
    && e.args?.data?.reason === 'Size changed' && /^svg class='topology/.test(e.args?.data?.nodeName ?? '')).length;
  return { whole, frames: RELAYOUT_FRAMES };
}

/**
 * Measures the stress scenario served from `origin`; returns the figures and prints them as
 * `stress:` lines.
 */
export async function measureStress(origin, { screenshot } = {}) {
  const browser = await launchChromium(['--disable-frame-rate-limit', '--disable-gpu-vsync']);
  const traceDir = mkdtempSync(join(tmpdir(), 'dlx-lab-trace-'));
  try {
    const page = await (await browser.newContext({ viewport: { width: 1400, height: 1000 } })).newPage();
    await page.goto(`${origin}/?stress=1#`);
    await page.waitForSelector('g[data-node="q:work.19"]', { timeout: 30000 });
    await page.selectOption('select.speed', '1');
    await page.click('button.play');
    // Measure once the stream has built up to a thousand messages moving (however long a
    // loaded machine takes to get there); the caller judges `moving`, measured below.
    await page.waitForFunction(() => Number(document.querySelector('svg.topology').getAttribute('data-moving')) >= 1000, null, { timeout: 120000 })
      .catch(() => console.log('stress: fewer than 1000 messages moving after 120 s of waiting'));
    const tracePath = join(traceDir, 'trace.json');
    await browser.startTracing(page, { path: tracePath, categories: TRACE_CATEGORIES });
    const m = await page.evaluate(async (frames) => {
      const gaps = [];
      let moving = 0, drawn = 0;
      let last = performance.now();
      await new Promise((done) => {
        const tick = (t) => {
          gaps.push(t - last);
          last = t;
          moving = Math.max(moving, Number(document.querySelector('svg.topology').getAttribute('data-moving')));
          drawn = Math.max(drawn, Number(document.querySelector('canvas.messages')?.getAttribute('data-drawn') ?? 0));
          if (gaps.length <= frames) requestAnimationFrame(tick); else done();
        };
        requestAnimationFrame(tick);
      });
      gaps.shift();
      return { gaps, moving, drawn };
    }, FRAMES);
    await browser.stopTracing();
    const relayouts = await wholeDrawingRelayouts(browser, page, join(traceDir, 'invalidations.json'));
    if (screenshot) await page.screenshot({ path: screenshot });
    const rAF = stats(m.gaps);
    const work = frameWork(JSON.parse(readFileSync(tracePath, 'utf8')));
    console.log(`stress: ${m.moving} messages moving (${m.drawn} dots drawn), ${m.gaps.length} frames, frame-rate limit and vsync off`);
    console.log(`stress: frame interval (requestAnimationFrame): ${fmt(rAF)}`);
    if (work) {
      console.log(`stress: main-thread work per frame (trace, ${work.frames} frames): ${fmt(work.busy)}; mean script ${work.script.toFixed(1)} ms, style ${work.style.toFixed(1)} ms, layout ${work.layout.toFixed(1)} ms, paint ${work.paint.toFixed(1)} ms, layers and commit ${work.commit.toFixed(1)} ms`);
      console.log(`stress: the same in thread time: ${fmt(work.cpu)}`);
      console.log(`stress: the drawing laid out again as a whole ${relayouts.whole} times in ${relayouts.frames} frames (its frame measuring it again)`);
    } else {
      console.log('stress: the trace held no frames to measure');
    }
    return { moving: m.moving, drawn: m.drawn, rAF, work, relayouts };
  } finally {
    await browser.close();
    rmSync(traceDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const here = dirname(fileURLToPath(import.meta.url));
  const dist = resolve(process.argv[2] ?? join(here, '..', 'dist'));
  const server = await serveDist(dist);
  try {
    const m = await measureStress(`http://127.0.0.1:${server.address().port}`);
    if (m.moving < 1000) {
      console.error(`stress scenario moved only ${m.moving} messages at once`);
      process.exitCode = 1;
    }
  } finally {
    await new Promise((ok) => server.close(ok));
  }
}
