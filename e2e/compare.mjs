// End-to-end test of the strategy comparison page, on dist/ served under /playground/ in
// headless Chromium: the playground links to it; every strategy has its figures; the lanes are
// drawn with the page's styles; it opens at the first dead-lettering and "What to notice"
// follows the moment; playing moves the moment; a clicked message tells its story;
// the idempotent toggle clears the duplicates of the lost-reply workload; the embed
// (`&embed=1`) is compact; a `lang=ko` link opens in Korean. Exits non-zero on any failure.
//
// Usage: node e2e/compare.mjs   (after `trunk build`; scripts/test.sh does both)

import { join } from 'node:path';
import { failOnErrors, findings, report, run, shots, withBrowser } from './lib.mjs';

const prefix = '/playground/';
const { problems, fail, check } = findings();
const outside = [];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const slide = (page, ms) =>
  page.$eval('input.moment-slider', (el, v) => { el.value = v; el.dispatchEvent(new Event('input', { bubbles: true })); }, String(ms));
const duplicates = (page) =>
  page.$$eval('.figures-table tbody tr', (rows) => rows.map((r) => Number(r.querySelectorAll('td')[6].textContent)));

async function main() {
  await withBrowser({ prefix, outside }, async ({ browser, base }) => {
    const context = await browser.newContext({ viewport: { width: 1200, height: 1100 } });
    const page = await context.newPage();
    failOnErrors(page, fail);

    // 1. The playground links to the comparison.
    await page.goto(base);
    await page.waitForSelector('svg.topology g.node', { timeout: 20000 });
    await page.click('a.compare-link');
    await page.waitForSelector('.figures-table tbody tr', { timeout: 20000 });
    check(/\?compare=1&lang=en$/.test(page.url()), `compare link (it keeps the language): ${page.url()}`);

    // 2. The page opens at the first dead-lettering, "What to notice" says that moment; at
    // the end it says so. Five strategies with figures; the lanes are drawn and styled.
    const opening = await page.textContent('.moment-time');
    const parked = await page.$$eval('.figures-table tbody tr', (rows) => rows.map((r) => Number(r.querySelectorAll('td')[1].textContent)));
    check(opening !== '0.000 s' && parked.some((n) => n > 0), `the page did not open at the first dead-lettering: ${opening}, dead-lettered ${parked}`);
    const noticeThen = await page.textContent('.takeaways h2');
    check(/What to notice at \d/.test(noticeThen), `"What to notice" does not name the moment: ${noticeThen}`);
    console.log(`opens at ${opening} (dead-lettered ${parked}); ${noticeThen}`);
    await slide(page, 600000);
    const noticeEnd = await page.textContent('.takeaways h2');
    check(noticeEnd === 'What to notice at the end of the run', `at the end "What to notice" says ${noticeEnd}`);
    const ids = await page.$$eval('.figures-table tbody tr', (rows) => rows.map((r) => r.dataset.strategy));
    check(ids.join() === 'rabbitmq,sqs,kafka,bullmq,database,hybrid', `strategies: ${ids}`);
    const completed = await page.$$eval('.figures-table tbody tr', (rows) => rows.map((r) => Number(r.querySelector('td').textContent)));
    check(completed.every((n) => n > 0), `completed: ${completed}`);
    const box = await page.$eval('svg.lanes', (s) => s.getBoundingClientRect().width);
    check(box > 600, `the lanes are ${box}px wide`);
    const fill = await page.$eval('svg.lanes circle.mk-succeeded', (c) => getComputedStyle(c).fill);
    check(fill !== 'rgb(0, 0, 0)' && fill !== 'none', `succeeded marks are not styled: ${fill}`);

    // 3. Playing from the start moves the moment.
    await slide(page, 0);
    const before = await page.$$eval('svg.lanes .mark', (l) => l.length);
    await page.click('.moment button.play');
    await sleep(1500);
    await page.click('.moment button.play');
    const after = await page.$$eval('svg.lanes .mark', (l) => l.length);
    const t = await page.textContent('.moment-time');
    check(after > before && t !== '0.000 s', `playing did not move the moment (${before} → ${after} marks, ${t})`);

    // 4. A clicked message tells its story.
    await page.click('svg.lanes g.lane[data-msg="m2"] text.lane-label');
    await slide(page, 600000);
    const story = await page.$$eval('.story-lines li', (l) => l.length);
    check(story >= 3, `m2's story has ${story} lines`);

    // 5. Lost replies duplicate until the consumer is idempotent.
    await page.selectOption('select.preset-select', 'lost-reply');
    await page.waitForFunction(() => document.querySelector('.workload .about')?.textContent.includes('idempotent'));
    await slide(page, 600000);
    const dupBefore = (await duplicates(page)).reduce((a, b) => a + b, 0);
    check(dupBefore > 0, 'the lost-reply workload shows no duplicates');
    await page.check('input[name="idempotent"]');
    await sleep(200);
    await slide(page, 600000);
    const dupAfter = await duplicates(page);
    check(dupAfter.every((n) => n === 0), `duplicates with an idempotent consumer: ${dupAfter}`);
    await page.screenshot({ path: join(shots, 'compare.png'), fullPage: true });

    // 6. The embed: one <iframe> line in a docs page shows a workload compactly.
    const frame = await context.newPage();
    await frame.setViewportSize({ width: 480, height: 900 });
    await frame.goto(`${base}?compare=poison&embed=1`);
    await frame.waitForSelector('.compare-embed .figures-table tbody tr', { timeout: 20000 });
    check((await frame.$('.workload-editor')) === null, 'the embed shows the editor');
    check((await frame.getAttribute('a.embed-open', 'href')).endsWith('?compare=poison'), 'the embed does not link to its full comparison');
    check((await frame.$$('svg.lanes .mark')).length > 0, 'the embed draws no lanes');
    await frame.close();

    // 7. A Korean link opens in Korean.
    await page.goto(`${base}?compare=ordering&lang=ko`);
    await page.waitForSelector('.figures-table tbody tr', { timeout: 20000 });
    const title = await page.textContent('.compare-page h1');
    check(/[\uAC00-\uD7A3]/.test(title), `the title is not Korean: ${title}`);
    check(outside.length === 0, `requests outside ${prefix}: ${outside.join(', ')}`);
  });
  report('compare', problems, 'link, figures, styled lanes, play, story, idempotent toggle, embed, Korean link: ok');
}

run(main);
