// A look at pages while working on them: `node e2e/peek.mjs WIDTHxHEIGHT PATH NAME [WAIT_SELECTOR] [JS]`
// takes one screenshot of dist/ at PATH into /tmp/shots/NAME.png (not part of the test run).
import { resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium, serveDist } from './lib.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const [size, path, name, wait = 'body', js = ''] = process.argv.slice(2);
const [width, height] = size.split('x').map(Number);
const server = await serveDist(resolve(here, '..', 'dist'));
const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width, height } });
  page.on('console', (m) => (m.type() === 'error' || m.type() === 'warning') && console.log(`console ${m.type()}: ${m.text()}`));
  await page.goto(`http://127.0.0.1:${server.address().port}${path}`);
  await page.waitForSelector(wait, { timeout: 20000 });
  await new Promise((r) => setTimeout(r, 400));
  if (js) console.log(await page.evaluate(js));
  await page.screenshot({ path: `/tmp/shots/${name}.png`, fullPage: !!process.env.FULL });
} finally {
  await browser.close();
  server.close();
}
