// End-to-end test of embedding, on dist/ served under /playground/ (a docs site's sub-path) in
// headless Chromium: the example docs page loads both embedded scenarios; postMessage drives one
// without touching the other; a malformed message is answered with an error event and changes
// nothing; a sibling frame cannot drive an embed; the example page's buttons work; an embed fits
// 320 px; loop=1 starts again; Share → Embed writes a snippet that opens the same moment; and no request leaves
// /playground/ on the page's own origin. Exits non-zero on any failure.
//
// Usage: node e2e/embed.mjs   (after `trunk build`; scripts/test.sh does both)

import { join } from 'node:path';
import { findings, guardedPage, report, run, shots, withBrowser } from './lib.mjs';

const prefix = '/playground/';
const { problems, fail, check } = findings();
const outside = [];

// Records every DLX Lab event the top page receives, with the id of the iframe it came from.
const recorder = () => {
  window.__events = [];
  window.addEventListener('message', (e) => {
    const frame = [...document.querySelectorAll('iframe')].find((f) => f.contentWindow === e.source);
    if (e.data && e.data.dlxLab === 1) window.__events.push({ frame: frame ? frame.id : null, ...e.data });
  });
};
const events = (page, frame, type) => page.evaluate(([f, t]) => window.__events.filter((e) => e.frame === f && (!t || e.type === t)), [frame, type]);
const send = (page, frame, msg) => page.evaluate(([f, m]) => document.getElementById(f).contentWindow.postMessage(m, '*'), [frame, msg]);
const clockOf = (frame) => frame.textContent('.clock');

async function main() {
  await withBrowser({ prefix, outside }, async ({ browser, base }) => {
    const { context, page } = await guardedPage(browser, base, fail, recorder);

    // 1. The docs page: both embeds load and say ready.
    await page.goto(`${base}public/iframe-example.html`);
    const a = page.frameLocator('#four-reasons');
    const b = page.frameLocator('#retry-ladder');
    await a.locator('svg.topology g.node').first().waitFor({ timeout: 20000 });
    await b.locator('svg.topology g.node').first().waitFor({ timeout: 20000 });
    await page.waitForFunction(() => ['four-reasons', 'retry-ladder'].every((f) => window.__events.some((e) => e.frame === f && e.type === 'ready')), null, { timeout: 10000 });
    const fa = page.frame({ url: /s=four-reasons/ });
    const fb = page.frame({ url: /s=retry-ladder/ });
    check(fa && fb, 'could not find both embed frames');
    check(await fa.$('.app-header') === null && await fa.$('.editor') === null, 'the embed shows the full playground chrome');
    check((await fa.getAttribute('button.play', 'aria-pressed')) === 'true', 'autoplay=1 did not start playing');
    check((await clockOf(fb)).startsWith('0.000 s'), `the second embed should wait at 0: ${await clockOf(fb)}`);

    // 2. Drive the second one; the first keeps moving.
    await send(page, 'retry-ladder', { dlxLab: 1, type: 'seek', t: 2000, id: 'seek-1' });
    await page.waitForFunction(() => window.__events.some((e) => e.frame === 'retry-ladder' && e.type === 'ok' && e.id === 'seek-1'), null, { timeout: 5000 });
    check((await clockOf(fb)).startsWith('2.000 s'), `seek did not move the second embed: ${await clockOf(fb)}`);
    // The first keeps moving: wait (however long a loaded machine takes) for its clock to
    // change; the second has stayed where it was sent meanwhile.
    const a1 = await clockOf(fa);
    const moved = await fa.waitForFunction((t) => document.querySelector('.clock').textContent !== t, a1, { timeout: 30000 }).then(() => true, () => false);
    check(moved, `the first embed stopped when the second was driven (${a1})`);
    check((await clockOf(fb)).startsWith('2.000 s'), 'the second embed moved by itself');
    // Pause the first once it has played past its first dead-lettering (checked in 3.; at half
    // speed that moment comes after a time that depends on how fast the page loaded); play the
    // second: each obeys alone.
    const died = await page.waitForFunction(() => window.__events.some((e) => e.frame === 'four-reasons' && e.type === 'deadLettered'), null, { timeout: 60000 }).then(() => true, () => false);
    check(died, `the first embed reported no dead-lettering by ${await clockOf(fa)}`);
    const answered = (id) => page.waitForFunction((i) => window.__events.some((e) => e.type === 'ok' && e.id === i), id, { timeout: 30000 }).then(() => true, () => false);
    await send(page, 'four-reasons', { dlxLab: 1, type: 'pause', id: 'pause-a' });
    check(await answered('pause-a'), 'the first embed did not answer pause');
    // The answer says where it paused (µs are cut to ms as the clock shows them); once its
    // clock shows that moment, it must stay there.
    const pausedUs = Math.round((await page.evaluate(() => window.__events.find((e) => e.id === 'pause-a'))).t * 1000);
    const pausedText = `${Math.floor(pausedUs / 1e6)}.${String(Math.floor(pausedUs / 1000) % 1000).padStart(3, '0')} s`;
    const shown = await fa.waitForFunction((t) => document.querySelector('.clock').textContent.startsWith(t), pausedText, { timeout: 30000 }).then(() => true, () => false);
    check(shown, `the first embed paused at ${pausedText} but shows ${await clockOf(fa)}`);
    const a2 = await clockOf(fa);
    const playedAt = Date.now();
    await send(page, 'retry-ladder', { dlxLab: 1, type: 'play', id: 'play-b' });
    check(await answered('play-b'), 'the second embed did not answer play');
    // The second plays a full second of its own time; the first stays where it was paused.
    const b0 = Number.parseFloat(await clockOf(fb));
    const played = await fb.waitForFunction((t0) => Number.parseFloat(document.querySelector('.clock').textContent) >= t0 + 1, b0, { timeout: 60000 }).then(() => true, () => false);
    check(played, `play did not start the second embed: ${await clockOf(fb)}`);
    check((await clockOf(fa)) === a2, 'the paused embed kept moving');
    check((await fb.getAttribute('button.play', 'aria-pressed')) === 'true', 'the second embed is not playing');
    await send(page, 'retry-ladder', { dlxLab: 1, type: 'pause', id: 'pause-b' });
    check(await answered('pause-b'), 'the second embed did not answer pause');
    // At most one time event every 250 ms of wall time while playing (post_api.rs
    // TIME_EVENT_EVERY_MS), over however long it played here.
    const playedMs = Date.now() - playedAt;
    const times = (await events(page, 'retry-ladder', 'time')).length;
    check(times > 0 && times <= Math.ceil(playedMs / 250) + 2, `time events from the second embed are not throttled: ${times} in ${playedMs} ms`);

    // 3. Dead-lettering is reported (the first embed played four reasons from 0).
    const deaths = await events(page, 'four-reasons', 'deadLettered');
    check(deaths.length > 0 && deaths.every((d) => d.queue && d.reason && Number.isFinite(d.t)), `deadLettered events: ${JSON.stringify(deaths).slice(0, 300)}`);

    // 4. Malformed messages: an error event each, and nothing changes.
    const before = await clockOf(fb);
    const bad = [{ type: 'seek', t: 5 }, 'seek', { dlxLab: 1, type: 'seek', t: 'soon' }, { dlxLab: 1, type: 'dance' },
      { dlxLab: 1, type: 'load', scenario: '{"version": 1,' }, { dlxLab: 1, type: 'load', scenario: { version: 1, queues: [{ arguments: {} }] } }, { dlxLab: 1, type: 'load', preset: 'no-such' },
      { dlxLab: 1, type: 'select', message: 99999 }, null, [1, 2]];
    const errorsBefore = (await events(page, 'retry-ladder', 'error')).length;
    for (const m of bad) await send(page, 'retry-ladder', m);
    await page.waitForFunction((n) => window.__events.filter((e) => e.frame === 'retry-ladder' && e.type === 'error').length >= n, errorsBefore + bad.length, { timeout: 5000 })
      .catch(() => fail('not every malformed message got an error event'));
    const errs = await events(page, 'retry-ladder', 'error');
    check(errs.every((e) => typeof e.message === 'string' && e.message.length > 0), 'an error event without a message');
    check((await clockOf(fb)) === before, `a malformed message changed the embed: ${before} → ${await clockOf(fb)}`);
    check((await fb.textContent('.embed-title')).length > 0 && (await fb.$('g[data-node="q:retry.wait.1"], g.node')) !== null, 'the scenario was replaced');
    check((await events(page, 'four-reasons', 'error')).length === 0, 'the other embed answered messages it was not sent');

    // 5. Select a message: the inspector shows it.
    await send(page, 'four-reasons', { dlxLab: 1, type: 'select', message: 1 });
    await fa.waitForSelector('.inspector [data-inspecting-msg="1"]', { timeout: 5000 }).catch(() => fail('select did not show message #1'));

    // 6. A sibling frame cannot drive an embed: only the parent is listened to.
    await fa.evaluate(() => window.parent.frames[1].postMessage({ dlxLab: 1, type: 'seek', t: 100 }, '*'));
    // The parent's next message is handled after the sibling's: once it is answered, the
    // sibling's has had its chance.
    await send(page, 'retry-ladder', { dlxLab: 1, type: 'pause', id: 'after-sibling' });
    check(await answered('after-sibling'), 'the second embed did not answer pause');
    check(!(await clockOf(fb)).startsWith('0.100 s'), 'a sibling frame drove the embed');
    await page.screenshot({ path: join(shots, 'iframe-example.png'), fullPage: true });

    // 7. The example page's buttons.
    await page.goto(`${base}public/embed-example.html`);
    const fe = page.frameLocator('#lab');
    await fe.locator('svg.topology g.node').first().waitFor({ timeout: 20000 });
    await page.waitForFunction(() => window.__events.some((e) => e.type === 'ready'), null, { timeout: 10000 });
    await page.click('#seek');
    await page.waitForFunction(() => document.getElementById('time').textContent.startsWith('1.500 s'), null, { timeout: 5000 }).catch(() => fail('the Seek button did not reach 1.500 s'));
    await page.click('#bad');
    await page.waitForFunction(() => document.getElementById('log').textContent.includes('"type":"error"'), null, { timeout: 5000 }).catch(() => fail('the malformed button got no error event'));
    await page.click('#load-json');
    await page.waitForFunction(() => document.getElementById('log').textContent.includes('"id":"custom"'), null, { timeout: 5000 }).catch(() => fail('loading JSON was not answered'));
    check(!(await page.textContent('#log')).includes('"command":"load","id":"custom","message"'), 'loading the example JSON failed');
    await fe.locator('g[data-node="q:work.dlq"]').waitFor({ timeout: 5000 }).catch(() => fail('the JSON scenario did not load'));
    await page.click('#play');
    await page.waitForFunction(() => document.getElementById('deaths').textContent !== '0', null, { timeout: 8000 }).catch(() => fail('no deadLettered event reached the example page'));

    // 7b. A host loads a long run (300 000 messages): the embed computes it in slices with its progress bar and
    // answers when it is in place.
    const backlog = { version: 1, title: 'A backlog', duration_ms: 400000, queues: [{ name: 'backlog' }],
      publishers: [{ exchange: '', routing_key: 'backlog', body: 'm {n}', every_ms: 1, count: 300000, start_ms: 0 }] };
    await page.evaluate((scenario) => document.getElementById('lab').contentWindow.postMessage({ dlxLab: 1, type: 'load', scenario, id: 'big' }, '*'), backlog);
    await fe.locator('.loading-run').waitFor({ timeout: 10000 }).catch(() => fail('a long load by postMessage showed no progress bar'));
    await page.waitForFunction(() => document.getElementById('log').textContent.includes('"id":"big"'), null, { timeout: 60000 }).catch(() => fail('a long load by postMessage was not answered'));
    const bigAnswer = await page.evaluate(() => document.getElementById('log').textContent.split('\n').filter((l) => l.includes('"id":"big"')).map((l) => JSON.parse(l))[0] ?? null);
    check(bigAnswer?.type === 'ok' && bigAnswer?.title === 'A backlog', `a long load by postMessage did not answer ok: ${JSON.stringify(bigAnswer)}`);
    await fe.locator('g[data-node="q:backlog"]').waitFor({ timeout: 10000 }).catch(() => fail('the long scenario sent by postMessage is not drawn'));

    // 8. An embed fits 320 px.
    const small = await context.newPage();
    await small.setViewportSize({ width: 320, height: 360 });
    await small.goto(`${base}?embed=1&s=four-reasons&t=1500`);
    await small.waitForSelector('svg.topology g.node', { timeout: 20000 });
    check((await small.textContent('.clock')).startsWith('1.500 s'), `t=1500 did not open at 1.5 s: ${await small.textContent('.clock')}`);
    const fit = await small.evaluate(() => {
      const svg = document.querySelector('svg.topology').getBoundingClientRect();
      const play = document.querySelector('button.play').getBoundingClientRect();
      return { sw: document.documentElement.scrollWidth, sh: document.documentElement.scrollHeight, svgH: svg.height, playBottom: play.bottom };
    });
    check(fit.sw <= 320 && fit.sh <= 360 && fit.svgH > 80 && fit.playBottom <= 360, `the embed does not fit 320×360: ${JSON.stringify(fit)}`);
    await small.screenshot({ path: join(shots, 'embed-320.png') });

    // 9. loop=1 starts again from 0 after the end.
    await small.goto(`${base}?embed=1&s=four-reasons&t=3600&autoplay=1&loop=1`);
    await small.waitForSelector('svg.topology g.node', { timeout: 20000 });
    await small.waitForFunction(() => /^0\.\d{3} s/.test(document.querySelector('.clock')?.textContent ?? '') && document.querySelector('button.play')?.getAttribute('aria-pressed') === 'true', null, { timeout: 10000 })
      .catch(() => fail('loop=1 did not start again from 0'));

    // 10. Share → Embed in the playground writes a snippet that opens the same moment.
    await small.setViewportSize({ width: 1200, height: 900 });
    await small.goto(`${base}#s=retry-ladder&t=1500`);
    await small.waitForSelector('svg.topology g.node', { timeout: 20000 });
    await small.click('button.share-embed');
    const snippet = await small.inputValue('textarea.embed-snippet');
    const src = /^<iframe src="([^"]+)"[^\n]*><\/iframe>$/.exec(snippet)?.[1]?.replaceAll('&amp;', '&');
    check(src && src.startsWith(`${base}embed.html?embed=1&s=retry-ladder`) && src.includes('t=1500'), `snippet: ${snippet}`);
    if (src) {
      await small.goto(src);
      await small.waitForSelector('.embed svg.topology g.node', { timeout: 20000 });
      check((await small.textContent('.clock')).startsWith('1.500 s'), 'the snippet did not open at its moment');
    }
    check(outside.length === 0, `requests outside ${prefix}: ${outside.join(', ')}`);
  });
  report('embed', problems, 'docs page with two embeds, postMessage API, errors, 320 px, Share → Embed, sub-path: ok');
}

run(main);
