// End-to-end test of the workshop and the guided tours, on dist/ served under /playground/ in
// headless Chromium: the workshop page lists the exercises; an exercise opened by its link fails
// Check with the engine's message, shows hints one at a time, passes after Reveal solution;
// progress and the learner's text survive a reload; an exercise in a frame posts exerciseSolved; a tour steps, pauses
// and highlights. Exits non-zero on any failure.
//
// Usage: node e2e/workshop.mjs   (after `trunk build`; scripts/test.sh does both)

import { join } from 'node:path';
import { findings, guardedPage, report, run, shots, withBrowser } from './lib.mjs';

const prefix = '/playground/';
const { problems, fail, check } = findings();
const outside = [];

const recorder = () => {
  window.__events = [];
  window.addEventListener('message', (e) => { if (e.data && e.data.dlxLab === 1) window.__events.push(e.data); });
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function main() {
  await withBrowser({ prefix, outside }, async ({ browser, base }) => {
    const { page } = await guardedPage(browser, base, fail, recorder);

    // 1. The workshop page lists every exercise in order, none solved yet.
    await page.goto(`${base}?workshop=1`);
    await page.waitForSelector('.exercise-list li.exercise-card', { timeout: 20000 });
    const ids = await page.$$eval('li.exercise-card', (l) => l.map((e) => e.dataset.exercise));
    check(ids.length >= 8 && ids[0] === 'catch-rejected-messages' && ids.includes('backoff-ladder'), `exercise list: ${ids}`);
    check((await page.getAttribute('.progress', 'data-solved')) === '0', 'progress is not 0 on a fresh browser');

    // 2. Open the backoff ladder by its link: the start fails with the right message.
    await page.click('li[data-exercise="backoff-ladder"] a');
    await page.waitForSelector('.exercise svg.topology g.node', { timeout: 20000 });
    check(/\?exercise=backoff-ladder&lang=en$/.test(page.url()), `exercise link (it keeps the language): ${page.url()}`);
    check((await page.textContent('.story')).length > 20, 'no story');
    await page.click('button.check');
    await page.waitForSelector('.verdict', { timeout: 20000 });
    check((await page.getAttribute('.verdict', 'data-passed')) === 'false', 'the starting scenario passed');
    const msg = await page.textContent('.verdict-message');
    check(msg.startsWith("the message 'poison' reached parking-lot after 5 retries from work.q, not 3"), `verdict before: ${msg}`);
    check((await page.$$('.verdict li.part-failed')).length >= 1, 'no failed part listed');
    // Check shows the run it judged: the log lists its events (this verdict names no moment,
    // so the graph stands at the end of the run).
    check((await page.$$('.exercise section.event-log .log-entry')).length > 0, 'the exercise page shows no event log after Check');

    // 3. Hints come one at a time.
    check((await page.$$('li.hint')).length === 0, 'hints shown before asked');
    await page.click('button.show-hint');
    check((await page.$$('li.hint')).length === 1, 'the first hint did not show');
    await page.click('button.show-hint');
    check((await page.$$('li.hint')).length === 2, 'the second hint did not show');

    // 4. Reveal the solution and check it: solved.
    const before = await page.inputValue('textarea.scenario-json');
    await page.click('button.reveal-solution');
    check((await page.inputValue('textarea.scenario-json')) !== before, 'the solution did not replace the editor text');
    await page.click('button.check');
    await page.waitForSelector('.verdict[data-passed="true"]', { timeout: 20000 }).catch(() => fail('the solution did not pass'));
    check((await page.textContent('.verdict-message')).startsWith('Goal met'), `verdict after: ${await page.textContent('.verdict-message')}`);
    check(await page.$('a.next-exercise') !== null, 'no link to the next exercise');
    await page.screenshot({ path: join(shots, 'exercise-solved.png'), fullPage: true });

    // 4b. The learner's text survives a reload; Start over brings the start back for good.
    const solutionText = await page.inputValue('textarea.scenario-json');
    await page.reload();
    await page.waitForSelector('.exercise svg.topology g.node', { timeout: 20000 });
    check((await page.inputValue('textarea.scenario-json')) === solutionText, 'the exercise text was lost on reload');
    await page.fill('textarea.scenario-json', '{"version": 1, "queues": [');
    await page.reload();
    await page.waitForSelector('.exercise svg.topology g.node', { timeout: 20000 });
    check((await page.inputValue('textarea.scenario-json')) === '{"version": 1, "queues": [', 'broken text was not kept as typed');
    check(await page.$('.exercise .error-banner') !== null, 'broken saved text shows no error');
    await page.click('button.start-over');
    check((await page.inputValue('textarea.scenario-json')) === before, 'start over did not bring the start back');
    await page.reload();
    await page.waitForSelector('.exercise svg.topology g.node', { timeout: 20000 });
    check((await page.inputValue('textarea.scenario-json')) === before, 'start over did not forget the saved text');

    // 5. Progress survives a reload.
    await page.goto(`${base}?workshop=1`);
    await page.waitForSelector('.exercise-list li.exercise-card', { timeout: 20000 });
    check((await page.getAttribute('.progress', 'data-solved')) === '1', 'progress was not kept');
    await page.reload();
    await page.waitForSelector('.exercise-list li.exercise-card', { timeout: 20000 });
    check(await page.$('li.exercise-card.done[data-exercise="backoff-ladder"]') !== null, 'the solved exercise is not marked after a reload');
    check(await page.$('li.exercise-card.done[data-exercise="catch-rejected-messages"]') === null, 'an unsolved exercise is marked');

    // 6. An exercise in a frame tells its host page when it is solved.
    await page.goto(`${base}public/iframe-example.html`);
    await page.evaluate(() => {
      const f = document.createElement('iframe');
      f.id = 'exercise';
      f.src = '../index.html?exercise=catch-rejected-messages';
      f.style.height = '900px';
      document.body.append(f);
    });
    const fx = page.frameLocator('#exercise');
    await fx.locator('.exercise svg.topology g.node').first().waitFor({ timeout: 20000 });
    await fx.locator('button.check').click();
    await fx.locator('.verdict[data-passed="false"]').waitFor({ timeout: 20000 });
    const m1 = await fx.locator('.verdict-message').textContent();
    check(m1.startsWith("the message 'bad order' did not end in orders.dlq"), `framed verdict before: ${m1}`);
    await fx.locator('button.reveal-solution').click();
    await fx.locator('button.check').click();
    await page.waitForFunction(() => window.__events.some((e) => e.type === 'exerciseSolved' && e.exercise === 'catch-rejected-messages'), null, { timeout: 20000 })
      .catch(() => fail('no exerciseSolved event reached the host page'));

    // 7. A guided tour: each step pauses at its moment and selects what it is about.
    await page.goto(`${base}`);
    await page.waitForSelector('svg.topology g.node', { timeout: 20000 });
    check((await page.getAttribute('a.workshop-link', 'href')) === 'workshop.html?workshop=1&lang=en', 'the playground has no link to the workshop page (in its language)');
    await page.selectOption('select.tour-menu', 'tour-four-reasons');
    await page.waitForSelector('.tour-panel .tour-text', { timeout: 10000 });
    check((await page.textContent('.tour-text')).length > 10, 'the tour shows no text');
    check(await page.$('g.node.selected[data-node="x:dlx"]') !== null, 'step 1 does not highlight the exchange dlx');
    check((await page.textContent('.clock')).startsWith('0.000 s'), `step 1 clock: ${await page.textContent('.clock')}`);
    const texts = [await page.textContent('.tour-text')];
    await page.click('button.tour-next');
    check((await page.getAttribute('.tour-count', 'data-step')) === '1', 'Next did not move to step 2');
    check((await page.textContent('.clock')).startsWith('0.100 s'), `step 2 clock: ${await page.textContent('.clock')}`);
    check((await page.getAttribute('button.play', 'aria-pressed')) === 'false', 'the clock is not paused at the step');
    check(await page.$('.inspector [data-inspecting-msg]') !== null, 'step 2 does not show its message');
    texts.push(await page.textContent('.tour-text'));
    check(texts[0] !== texts[1], 'the text did not change');
    // Playing on stops at the next step.
    await page.click('button.play');
    await page.waitForFunction(() => document.querySelector('.tour-count')?.dataset.step === '2', null, { timeout: 10000 }).catch(() => fail('playing did not stop at step 3'));
    await sleep(200);
    check((await page.textContent('.clock')).startsWith('0.400 s'), `step 3 clock: ${await page.textContent('.clock')}`);
    check((await page.getAttribute('button.play', 'aria-pressed')) === 'false', 'playing did not pause at step 3');
    await page.click('button.tour-back');
    check((await page.getAttribute('.tour-count', 'data-step')) === '1', 'Back did not return to step 2');
    await page.screenshot({ path: join(shots, 'tour.png') });
    check(outside.length === 0, `requests outside ${prefix}: ${outside.join(', ')}`);
  });
  report('workshop', problems, 'list, exercise fails then passes, hints, progress after reload, exerciseSolved, tour: ok');
}

run(main);
