// End-to-end test of the languages on dist/ in headless Chromium: opens a link with `lang=ko`
// and finds Korean in the controls, the preset texts and the log; switches to Simplified
// Chinese in one click and finds Chinese; reloads and stays in Chinese at the same moment;
// checks that an embed with `lang=ko` speaks Korean, that a 320 px embed's compact switch fits
// and switches, and that the workshop page switches; that a page fetches another language's
// catalogue only when it shows it, once, and says so when it cannot. Exits non-zero on any failure.
//
// Usage: node e2e/i18n.mjs   (after `trunk build`; scripts/test.sh does both)

import { join } from 'node:path';
import { failOnErrors, failOnPanic, runChecks, shots, withBrowser } from './lib.mjs';


const hangul = /[\uAC00-\uD7A3]/;
const han = /[\u4E00-\u9FFF]/;


const problems = [];
const fail = (what) => problems.push(what);
const expect = (ok, what) => ok || fail(what);

async function controls(page) {
  return page.evaluate(() => ({
    lang: document.documentElement.lang,
    play: document.querySelector('button.play')?.textContent ?? '',
    step: document.querySelector('button.step')?.textContent ?? '',
    // The scenario's menus, and its description (in the card over the canvas).
    bar: (document.querySelector('.scenario-bar')?.textContent ?? '') + (document.querySelector('.about-card')?.textContent ?? ''),
    menu: document.querySelector('select.preset-menu option:checked')?.textContent ?? '',
    log: document.querySelector('.log-entries')?.textContent ?? '',
    clock: document.querySelector('.clock')?.textContent ?? '',
    pressed: document.querySelector('.lang-switch button[aria-pressed="true"]')?.dataset.lang ?? '',
  }));
}

async function main() {
  await withBrowser({ chromiumArgs: ['--lang=en-US'] }, async ({ browser, origin }) => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 }, locale: 'en-US' });
    const page = await context.newPage();
    failOnErrors(page, fail);

    // A browser that prefers English, and a link that fixes Korean.
    await page.goto(`${origin}/?lang=ko#s=four-reasons&t=300`);
    await page.waitForSelector('svg.topology g.node', { timeout: 15000 });
    let c = await controls(page);
    expect(c.lang === 'ko', `<html lang> is '${c.lang}', not ko`);
    expect(c.play === '재생', `play button reads '${c.play}' in a ko link`);
    expect(c.step === '다음 이벤트', `step button reads '${c.step}' in a ko link`);
    expect(hangul.test(c.bar) && c.bar.includes('x-death'), `scenario bar is not Korean: ${c.bar.slice(0, 200)}`);
    expect(hangul.test(c.menu), `preset menu title is not Korean: ${c.menu}`);
    expect(hangul.test(c.log), `log explanations are not Korean: ${c.log.slice(0, 200)}`);
    expect(c.clock.startsWith('0.300 s'), `the link's moment was not opened: ${c.clock}`);
    expect(c.pressed === 'ko', `the switch shows '${c.pressed}' as current`);
    await page.screenshot({ path: join(shots, 'i18n-ko.png') });

    // One click: Simplified Chinese, same scenario and moment.
    await page.click('.lang-switch button[data-lang="zh-CN"]');
    await page.waitForFunction(() => document.documentElement.lang === 'zh-CN', null, { timeout: 5000 });
    c = await controls(page);
    expect(c.play === '播放', `play button reads '${c.play}' after switching to zh-CN`);
    expect(han.test(c.bar) && !hangul.test(c.bar), `scenario bar is not Chinese: ${c.bar.slice(0, 200)}`);
    expect(han.test(c.log) && !hangul.test(c.log), `log is not Chinese: ${c.log.slice(0, 200)}`);
    expect(c.clock.startsWith('0.300 s'), `switching lost the moment: ${c.clock}`);
    expect(c.pressed === 'zh-CN', `the switch shows '${c.pressed}' as current`);

    // A reload stays in Chinese, at the same moment.
    await page.reload();
    await page.waitForSelector('svg.topology g.node', { timeout: 15000 });
    c = await controls(page);
    expect(c.lang === 'zh-CN', `after reload <html lang> is '${c.lang}'`);
    expect(c.play === '播放', `after reload the play button reads '${c.play}'`);
    expect(c.clock.startsWith('0.300 s'), `the reload lost the moment: ${c.clock}`);
    expect(han.test(c.log) && !hangul.test(c.log), `after reload the log is not Chinese`);
    await page.screenshot({ path: join(shots, 'i18n-zh-CN.png') });

    // Without a link, the remembered choice (zh-CN) wins over the browser (en-US).
    await page.goto(`${origin}/`);
    await page.waitForSelector('svg.topology g.node', { timeout: 15000 });
    c = await controls(page);
    expect(c.lang === 'zh-CN' && c.play === '播放', `the remembered language was not used: ${c.lang} '${c.play}'`);

    // An embedded scenario in a Korean docs page.
    const embed = await context.newPage();
    await embed.goto(`${origin}/?embed=1&lang=ko&s=dead-letter-cycle&t=0`);
    await embed.waitForSelector('svg.topology g.node', { timeout: 15000 });
    const e = await embed.evaluate(() => ({ lang: document.documentElement.lang, title: document.querySelector('.embed-title')?.textContent ?? '', play: document.querySelector('button.play')?.textContent ?? '' }));
    expect(e.lang === 'ko' && hangul.test(e.title) && e.play === '재생', `the embed is not Korean: ${JSON.stringify(e)}`);
    await embed.close();

    // A 320 px embed: its compact switch fits and switches in one click.
    const narrow = await browser.newContext({ viewport: { width: 320, height: 420 }, locale: 'en-US' });
    const small = await narrow.newPage();
    small.on('pageerror', (err) => fail(`uncaught exception in the 320 px embed: ${err.message}`));
    await small.goto(`${origin}/?embed=1&lang=ko&s=four-reasons&t=300`);
    await small.waitForSelector('.embed-bar .lang-switch button[data-lang="zh-CN"]', { timeout: 15000 });
    const fits = await small.evaluate(() => {
      const bar = document.querySelector('.embed-bar');
      const inside = [...bar.querySelectorAll('.lang-switch button, .embed-open')].every((b) => b.getBoundingClientRect().right <= window.innerWidth + 0.5);
      return inside && document.documentElement.scrollWidth <= window.innerWidth;
    });
    expect(fits, 'the embed bar with its language switch does not fit 320 px');
    await small.click('.embed-bar .lang-switch button[data-lang="zh-CN"]');
    await small.waitForFunction(() => document.documentElement.lang === 'zh-CN', null, { timeout: 5000 });
    const z = await small.evaluate(() => ({ play: document.querySelector('button.play')?.textContent ?? '', clock: document.querySelector('.clock')?.textContent ?? '', url: location.search }));
    expect(z.play === '播放' && z.clock.startsWith('0.300 s'), `the embed switch did not switch to zh-CN at the same moment: ${JSON.stringify(z)}`);
    expect(z.url.includes('lang=zh-CN'), `the embed's lang= was not rewritten: ${z.url}`);
    await small.screenshot({ path: join(shots, 'i18n-embed-320.png') });
    await narrow.close();

    // The workshop page switches too.
    const shop = await context.newPage();
    await shop.goto(`${origin}/?workshop=1&lang=en`);
    await shop.waitForSelector('.workshop-bar .lang-switch button[data-lang="ko"]', { timeout: 15000 });
    await shop.click('.workshop-bar .lang-switch button[data-lang="ko"]');
    await shop.waitForFunction(() => document.documentElement.lang === 'ko', null, { timeout: 5000 });
    const h1 = await shop.evaluate(() => document.querySelector('h1')?.textContent ?? '');
    expect(hangul.test(h1), `the workshop page did not switch to Korean: ${h1}`);
    await shop.close();

    // A page fetches another language's texts only when it shows them: an English visit
    // fetches none, a switch fetches that one (once), and one that cannot be fetched leaves
    // the page as it was, saying so.
    const fresh = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
    // A language is two files: its catalogue and its texts of the built-in scenarios, tours
    // and exercises. A Korean link starts fetching both beside the module (preloads the page
    // then uses): one request each.
    const langFile = (url) => /\/i18n\/[^/]+\.(ftl|json)$/.test(new URL(url).pathname);
    const koPage = await fresh.newPage();
    const koFetches = [];
    koPage.on('request', (r) => langFile(r.url()) && koFetches.push(new URL(r.url()).pathname));
    await koPage.goto(`${origin}/?lang=ko#s=four-reasons&t=300`);
    await koPage.waitForSelector('svg.topology g.node', { timeout: 15000 });
    expect(await koPage.evaluate(() => document.documentElement.lang) === 'ko', 'a Korean link did not open in Korean');
    expect(koFetches.length === 2 && koFetches.some((f) => /\/i18n\/ko-[0-9a-f]{16}\.ftl$/.test(f)) && koFetches.some((f) => /\/i18n\/ko\.content-[0-9a-f]{16}\.json$/.test(f)),
      `a Korean link did not fetch its two files once each: ${koFetches.join(', ')}`);
    const koTitle = await koPage.evaluate(() => document.querySelector('select.preset-menu option[value="four-reasons"]')?.textContent ?? '');
    expect(hangul.test(koTitle), `a Korean link shows a built-in's title in English: ${koTitle}`);
    await koPage.close();
    const en = await fresh.newPage();
    en.on('pageerror', (err) => fail(`uncaught exception while fetching a language: ${err.message}`));
    const ftl = [];
    en.on('request', (r) => langFile(r.url()) && ftl.push(new URL(r.url()).pathname));
    await en.goto(`${origin}/?lang=en#s=four-reasons&t=300`);
    await en.waitForSelector('svg.topology g.node', { timeout: 15000 });
    expect(ftl.length === 0, `an English page fetched another language's files: ${ftl.join(', ')}`);
    await en.click('.lang-switch button[data-lang="ko"]');
    await en.waitForFunction(() => document.documentElement.lang === 'ko', null, { timeout: 5000 });
    expect(ftl.length === 2 && /\/i18n\/ko-[0-9a-f]{16}\.ftl$/.test(ftl[0]) && /\/i18n\/ko\.content-[0-9a-f]{16}\.json$/.test(ftl[1]),
      `switching to Korean fetched: ${ftl.join(', ')}`);
    const switchedTitle = await en.evaluate(() => document.querySelector('select.preset-menu option[value="four-reasons"]')?.textContent ?? '');
    expect(hangul.test(switchedTitle), `after a switch to Korean a built-in's title is in English: ${switchedTitle}`);
    await en.click('.lang-switch button[data-lang="en"]');
    await en.click('.lang-switch button[data-lang="ko"]');
    await en.waitForFunction(() => document.documentElement.lang === 'ko', null, { timeout: 5000 });
    expect(ftl.length === 2, `Korean was fetched again: ${ftl.join(', ')}`);
    // Chinese's catalogue arrives but its texts of the built-ins do not: the page stays in
    // Korean and says so.
    await en.route('**/i18n/zh-CN.content-*.json', (route) => route.abort());
    await en.click('.lang-switch button[data-lang="zh-CN"]');
    await en.waitForSelector('.lang-switch .lang-unavailable', { timeout: 5000 }).catch(() => fail('an unreachable catalogue was not reported'));
    const stays = await en.evaluate(() => ({ lang: document.documentElement.lang, status: document.querySelector('.lang-unavailable')?.textContent ?? '', clock: document.querySelector('.clock')?.textContent ?? '' }));
    expect(stays.lang === 'ko' && hangul.test(stays.status) && stays.status.includes('简体中文'), `an unreachable catalogue changed the page or was not named: ${JSON.stringify(stays)}`);
    expect(stays.clock.startsWith('0.300 s'), `an unreachable catalogue lost the moment: ${stays.clock}`);
    await fresh.close();

    await failOnPanic(page, fail);
  });
}

await runChecks('i18n', main, problems, 'e2e i18n test passed: a ko link opens in Korean, one click switches to zh-CN, a reload stays in Chinese');
