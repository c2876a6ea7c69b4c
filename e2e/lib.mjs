// Shared by the end-to-end scripts: a static server for dist/ and the flags headless Chromium
// needs on these machines (as root, on a closed network).

import { createServer } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { chromium } from 'playwright-core';
import { readFile, stat } from 'node:fs/promises';
import { mkdir } from 'node:fs/promises';
import { dirname, extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
/** The release build the scripts check (`trunk build`). */
export const dist = resolve(here, '..', 'dist');
/** Where the scripts write their screenshots. */
export const shots = join(here, 'screenshots');

const types = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.wasm': 'application/wasm',
  '.ftl': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
};

/** Headless Chromium flags: no sandbox as root, and nothing that reaches for the network. */
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/**
 * Serves `root` on 127.0.0.1 at a free port, each file's `.gz` copy to a browser that accepts
 * gzip when there is one. With `prefix` (e.g. '/playground/') files are only served under it;
 * any other path is a 404 and, if `outside` is an array, recorded there.
 */
export async function serveDist(root, { prefix = '/', outside = null } = {}) {
  const server = createServer(async (req, res) => {
    try {
      const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
      if (!path.startsWith(prefix)) {
        if (outside) outside.push(path);
        throw Object.assign(new Error('outside the sub-path'), { code: 'ENOENT' });
      }
      let file = normalize(join(root, path.slice(prefix.length - 1)));
      if (file !== root && !file.startsWith(root + sep)) throw Object.assign(new Error('outside'), { code: 'ENOENT' });
      if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
      const type = types[extname(file)] ?? 'application/octet-stream';
      // As a host with gzip_static does: a precompressed copy (scripts/precompress.sh) when the
      // browser accepts gzip, the file itself otherwise.
      const gzip = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')
        && await stat(`${file}.gz`).then(() => true, () => false);
      const body = await readFile(gzip ? `${file}.gz` : file);
      res.writeHead(200, gzip
        ? { 'content-type': type, 'content-encoding': 'gzip', vary: 'accept-encoding' }
        : { 'content-type': type, vary: 'accept-encoding' });
      res.end(body);
    } catch (err) {
      res.writeHead(err.code === 'ENOENT' || err.code === 'ENOTDIR' ? 404 : 500);
      res.end(String(err.code ?? err));
    }
  });
  await new Promise((ok, fail) => server.once('error', fail).listen(0, '127.0.0.1', ok));
  return server;
}

/**
 * Debian's headless Chromium (or $CHROMIUM) with CHROMIUM_ARGS plus `extraArgs`, in a fresh
 * profile that is removed when the browser closes.
 */
export async function launchChromium(extraArgs = []) {
  const profile = mkdtempSync(join(tmpdir(), 'dlx-lab-e2e-'));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: [...CHROMIUM_ARGS, ...extraArgs],
    env: { ...process.env, HOME: profile },
  });
  browser.on('disconnected', () => rmSync(profile, { recursive: true, force: true }));
  return browser;
}

/** Ends a script's checks: prints every problem found and exits 1, or prints `<name> e2e: <ok>`. */
export function report(name, problems, ok) {
  if (problems.length) {
    console.error(`${name} e2e: ${problems.length} problem(s):\n - ${problems.join('\n - ')}`);
    process.exit(1);
  }
  console.log(`${name} e2e: ${ok}`);
}

/** Runs a script's async `main`; an uncaught error fails the script. */
export function run(main) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}

/**
 * Runs a script's async `main`, a crash counting as one of its `problems`; then prints them
 * and exits 1, or prints `passed`.
 */
export async function runChecks(name, main, problems, passed) {
  try {
    await main();
  } catch (err) {
    problems.push(`${name} test crashed: ${err?.stack ?? err}`);
  }
  if (problems.length > 0) {
    console.error(`e2e ${name} test FAILED:\n  - ${problems.join('\n  - ')}`);
    process.exit(1);
  }
  console.log(passed);
}

/** Passes to `fail` each console error and uncaught exception of `page`; returns the page. */
export function failOnErrors(page, fail) {
  page.on('console', (m) => m.type() === 'error' && fail(`console error: ${m.text()}`));
  page.on('pageerror', (e) => fail(`uncaught exception: ${e.message}`));
  return page;
}

/** Passes to `fail` each request of `context` outside `base` (data: and blob: URLs aside). */
export function failOutside(context, base, fail) {
  context.on('request', (r) => {
    const u = r.url();
    if (!u.startsWith(base) && !u.startsWith('data:') && !u.startsWith('blob:')) fail(`request outside ${base}: ${u}`);
  });
}

/** Passes to `fail` the text of the panic banner (#fatal) if `page` shows one. */
export async function failOnPanic(page, fail) {
  const fatal = await page.$('#fatal');
  if (fatal) fail(`panic shown on the page: ${await fatal.textContent()}`);
}

/**
 * Serves dist/ (under `prefix`, requests outside it recorded in `outside`), makes the
 * screenshots folder, launches Chromium (with `chromiumArgs`) and runs
 * `body({ browser, origin, base })`; the browser and the server are closed whatever happens.
 */
export async function withBrowser({ prefix = '/', outside = null, chromiumArgs = [] }, body) {
  const server = await serveDist(dist, { prefix, outside });
  const origin = `http://127.0.0.1:${server.address().port}`;
  await mkdir(shots, { recursive: true });
  let browser;
  try {
    browser = await launchChromium(chromiumArgs);
    await body({ browser, origin, base: `${origin}${prefix}` });
  } finally {
    await browser?.close();
    await new Promise((ok) => server.close(ok));
  }
}

/** A script's findings: `fail(what)` adds one to `problems`, `check(ok, what)` does unless ok. */
export function findings() {
  const problems = [];
  const fail = (what) => problems.push(what);
  const check = (ok, what) => ok || fail(what);
  return { problems, fail, check };
}

/**
 * A new context of `browser` at 1200 × 1000 whose requests outside `base`, console errors and
 * uncaught exceptions go to `fail`, with `init` run in each of its pages first; and its first
 * page.
 */
export async function guardedPage(browser, base, fail, init) {
  const context = await browser.newContext({ viewport: { width: 1200, height: 1000 } });
  failOutside(context, base, fail);
  await context.addInitScript(init);
  const page = failOnErrors(await context.newPage(), fail);
  return { context, page };
}
