// End-to-end test of the text review page (?review=texts) on dist/ in headless Chromium: in
// English, Korean and Simplified Chinese, at desktop (1280x900) and phone (390x844) widths, it
// finds every sample sentence (the same kinds in every language), each in its language's
// script, drawn with a font that has the glyphs (not boxes), with no horizontal overflow; then
// it saves a full-page screenshot per language and width to e2e/screenshots/review-*.png,
// where a reviewer reads every verdict, event and error kind in one place. It also follows the
// workshop page's link to the review in Korean. Exits non-zero on any failure.
//
// Usage: node e2e/review.mjs   (after `trunk build`; scripts/test.sh does both)

import { mkdir } from 'node:fs/promises';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { failOnErrors, launchChromium, serveDist, report, run } from './lib.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const dist = resolve(here, '..', 'dist');
const shots = join(here, 'screenshots');

const hangul = /[\uAC00-\uD7A3]/;
const han = /[\u4E00-\u9FFF]/;
// Fonts with Hangul and Han glyphs (scripts/setup.sh installs WenQuanYi Micro Hei).
const cjkFont = /WenQuanYi|Noto Sans CJK|Noto Serif CJK|Source Han|Nanum|Droid Sans Fallback|Noto Sans KR|Noto Sans SC/;

const problems = [];
const fail = (what) => problems.push(what);
const expect = (ok, what) => ok || fail(what);

const viewports = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
];

async function rows(page) {
  return page.$$eval('.review-row', (trs) =>
    trs.map((tr) => ({
      kind: tr.querySelector('.review-kind')?.textContent ?? '',
      text: tr.querySelector('.review-text')?.textContent ?? '',
      family: tr.closest('section')?.id ?? '',
    })),
  );
}

/** The fonts Chromium used for the first sentence of a family, by CDP. */
async function fontsOf(page, selector) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
  const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
  await cdp.detach();
  return fonts;
}

async function main() {
  const server = await serveDist(dist);
  const origin = `http://127.0.0.1:${server.address().port}`;
  await mkdir(shots, { recursive: true });
  let browser;
  const counts = {};
  try {
    browser = await launchChromium();
    for (const vp of viewports) {
      const context = await browser.newContext({ viewport: { width: vp.width, height: vp.height } });
      const page = await context.newPage();
      failOnErrors(page, fail);
      let english = null;
      for (const lang of ['en', 'ko', 'zh-CN']) {
        const where = `${lang} ${vp.name}`;
        await page.goto(`${origin}/?review=texts&lang=${lang}`);
        await page.waitForSelector('.review-row', { timeout: 30000 });
        expect((await page.getAttribute('html', 'lang')) === lang, `${where}: <html lang> is ${lang}`);
        const found = await rows(page);
        counts[lang] = found.length;
        expect(found.length >= 200, `${where}: only ${found.length} sample sentences`);
        if (lang === 'en') {
          english = found;
        } else {
          const kinds = (r) => r.map((x) => `${x.family}/${x.kind}`).join('\n');
          expect(kinds(found) === kinds(english), `${where}: the kinds differ from English`);
        }
        for (const r of found) {
          const what = `${where} ${r.family} ${r.kind}`;
          expect(r.text.trim().length > 0, `${what}: empty`);
          if (lang === 'ko') expect(hangul.test(r.text), `${what}: no Hangul: ${r.text}`);
          if (lang === 'zh-CN') {
            expect(han.test(r.text), `${what}: no Han: ${r.text}`);
            expect(!hangul.test(r.text), `${what}: Hangul in Chinese: ${r.text}`);
          }
          if (lang === 'en') expect(!hangul.test(r.text) && !han.test(r.text), `${what}: CJK in English`);
        }
        if (lang !== 'en') {
          const fonts = await fontsOf(page, '#verdicts .review-text');
          const names = fonts.map((f) => `${f.familyName} (${f.glyphCount})`).join(', ');
          expect(fonts.some((f) => cjkFont.test(f.familyName) && f.glyphCount > 0), `${where}: no CJK font drew the text (${names}); install fonts-wqy-microhei`);
        }
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow <= 0, `${where}: the page is ${overflow}px wider than the window`);
        const small = await page.$$eval('.review-text', (tds) =>
          tds.filter((td) => parseFloat(getComputedStyle(td).fontSize) < 12).length,
        );
        expect(small === 0, `${where}: ${small} sentences under 12px`);
        await page.screenshot({ path: join(shots, `review-${lang}-${vp.name}.png`), fullPage: true });
      }
      await context.close();
    }

    // The workshop page links to the review, in the page's language.
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${origin}/?workshop=1&lang=ko`);
    await page.waitForSelector('.review-link a');
    const link = await page.textContent('.review-link a');
    expect(hangul.test(link ?? ''), `the workshop's review link is not in Korean: ${link}`);
    await page.click('.review-link a');
    await page.waitForSelector('.review-row');
    const title = await page.textContent('.review h1');
    expect(hangul.test(title ?? ''), `the review page opened from the workshop is not in Korean: ${title}`);
    await context.close();
  } finally {
    await browser?.close();
    server.close();
  }
  report('review', problems, `${counts.en} sentences in en, ko and zh-CN at 1280 and 390 px; screenshots in e2e/screenshots/review-*.png`);
}

run(main);
