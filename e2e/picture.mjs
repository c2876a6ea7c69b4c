// End-to-end test of editing on the picture, in headless Chromium on the built dist/:
// - the playground (`?s=four-reasons`): the Add menu's "Add queue" opens a form labelled Name,
//   Dead-letter exchange and Message TTL; filling edited.by.form, dlx and 5000 and pressing
//   Add draws the queue, and the Edit tab's JSON holds it with its two arguments; Ctrl+Z takes
//   it away and Ctrl+Shift+Z brings it back; a negative TTL typed in the Node tab is refused
//   under its field with the reason, and the scenario stays as it was; a binding made by
//   picking the exchange then the queue, and by dragging the exchange's handle onto a queue;
//   a publisher added and given a per-message TTL, a consumer added;
// - the builder: the solution changed through the forms under its picture;
// - every built-in broker exercise solved through the forms alone (Add buttons, the Node
//   tab's queue, binding and consumer forms), then Check: the verdict passes.
// Exits non-zero on any failure.
//
// Usage: node e2e/picture.mjs   (after `trunk build`; scripts/test.sh does both)

import { resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { failOnErrors, findings, launchChromium, report, run, serveDist } from './lib.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const dist = resolve(here, '..', 'dist');
const { problems, fail, check } = findings();
const settle = (page) => page.waitForTimeout(350);

// What a learner does with the forms, exercise by exercise (tests/scenario/scenario_edits.rs
// makes the same edits natively).
const arg = (queue, key, text) => ({ op: 'arg', queue, key, text });
const addQueue = (name, args = {}) => ({ op: 'queue', name, args });
const bind = (exchange, queue, key) => ({ op: 'bind', exchange, queue, key });
const consumer = (queue, field, text) => ({ op: 'consumer', queue, field, text });
const wait = (ttl) => ({ 'x-dead-letter-exchange': 'work', 'x-dead-letter-routing-key': 'job', 'x-message-ttl': ttl });
const steps = {
  'catch-rejected-messages': [
    { op: 'exchange', name: 'orders.dlx', type: 'fanout' },
    addQueue('orders.dlq'),
    bind('orders.dlx', 'orders.dlq', ''),
    arg('orders', 'x-dead-letter-exchange', 'orders.dlx'),
  ],
  'dlx-without-binding': [{ op: 'binding-key', queue: 'invoices.dlq', index: 0, key: 'invoices.dead' }],
  'dead-letter-routing-key': [{ op: 'policy', name: 'regional-dead-letters', pattern: '^orders\\.(eu|us)$', priority: '1', def: { 'dead-letter-routing-key': 'orders.failed' } }],
  'ttl-wait-queue': [
    arg('jobs.wait', 'x-message-ttl', '5000'),
    arg('jobs.wait', 'x-dead-letter-exchange', 'work'),
    arg('jobs.wait', 'x-dead-letter-routing-key', 'job'),
  ],
  'backoff-ladder': [
    addQueue('retry.2s', wait('2000')),
    addQueue('retry.4s', wait('4000')),
    bind('retry', 'retry.2s', '2s'),
    bind('retry', 'retry.4s', '4s'),
    consumer('work.q', 'max_attempts', '3'),
    consumer('work.q', 'retry_keys', '1s, 2s, 4s'),
  ],
  'quorum-delivery-limit': [arg('tasks.q', 'x-queue-type', 'quorum'), arg('tasks.q', 'x-delivery-limit', '3')],
  'break-the-cycle': [addQueue('orders.expired'), arg('orders', 'x-dead-letter-routing-key', 'orders.expired')],
  'overflow-reject-publish': [arg('tickets', 'x-overflow', 'reject-publish')],
  'at-least-once': [arg('payments', 'x-dead-letter-strategy', 'at-least-once'), arg('payments', 'x-overflow', 'reject-publish')],
  'cc-bcc-dead-letters': [arg('orders', 'x-dead-letter-routing-key', '')],
};

/** Selects node `id` on the graph (a click toggles: only when it is not selected yet). */
async function pick(page, id) {
  if (!(await page.$(`g.node.selected[data-node="${id}"]`))) await page.click(`g.node[data-node="${id}"]`);
  await page.waitForSelector(`g.node.selected[data-node="${id}"]`, { timeout: 5000 });
}

/** Sets a form field: a select by its value, an input by typing. */
async function set(page, selector, value) {
  const el = await page.waitForSelector(selector, { timeout: 5000 });
  if ((await el.evaluate((e) => e.tagName)) === 'SELECT') await el.selectOption(value);
  else await el.fill(value);
}

/** Opens an Add form from the visible Add buttons. */
async function openAdd(page, which) {
  await page.click(`${which} >> visible=true`);
  await page.waitForSelector('.add-form-panel', { timeout: 5000 });
}

async function step(page, s) {
  switch (s.op) {
    case 'exchange':
      await openAdd(page, 'button.add-exchange');
      await set(page, '.add-form-panel #add-name', s.name);
      await set(page, '.add-form-panel #add-type', s.type);
      break;
    case 'queue':
      await openAdd(page, 'button.add-queue');
      await set(page, '.add-form-panel #add-name', s.name);
      for (const [k, v] of Object.entries(s.args)) await set(page, `.add-form-panel [id="${k}"]`, v);
      break;
    case 'bind':
      await openAdd(page, 'button.add-binding');
      await set(page, '.add-form-panel #add-binding-exchange', s.exchange);
      await set(page, '.add-form-panel #add-binding-queue', s.queue);
      await set(page, '.add-form-panel #add-routing-key', s.key);
      break;
    case 'policy':
      await openAdd(page, 'button.add-policy');
      await set(page, '.add-form-panel #add-name', s.name);
      await set(page, '.add-form-panel #add-pattern', s.pattern);
      await set(page, '.add-form-panel #add-priority', s.priority);
      for (const [k, v] of Object.entries(s.def)) await set(page, `.add-form-panel [id="policy-${k}"]`, v);
      break;
    case 'arg':
      await pick(page, `q:${s.queue}`);
      await set(page, `.queue-form [name="${s.key}"]`, s.text);
      await page.click('.queue-form .form-save');
      break;
    case 'binding-key':
      await pick(page, `q:${s.queue}`);
      await set(page, `.binding-row[data-binding="${s.index}"] .binding-key`, s.key);
      await page.click(`.binding-row[data-binding="${s.index}"] .binding-save`);
      break;
    case 'consumer':
      await pick(page, `c:${s.queue}`);
      await set(page, `.consumer-form [name="${s.field}"]`, s.text);
      await page.click('.consumer-form .form-save');
      break;
    default:
      throw new Error(`unknown step ${s.op}`);
  }
  if (['exchange', 'queue', 'bind', 'policy'].includes(s.op)) await page.click('.add-form-panel .form-add');
  await settle(page);
  const refused = await page.$$eval('.field-error, .form-status.error', (es) => es.map((e) => e.textContent));
  if (refused.length) throw new Error(`${JSON.stringify(s)} refused: ${refused.join('; ')}`);
}

async function main() {
  const server = await serveDist(dist);
  const origin = `http://127.0.0.1:${server.address().port}`;
  let browser;
  try {
    browser = await launchChromium();
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    failOnErrors(page, fail);

    // 1. The playground: Add queue.
    await page.goto(`${origin}/?s=four-reasons`);
    await page.waitForSelector('svg.topology g.node[data-node="q:dead.letters"]', { timeout: 20000 });
    await page.click('.add-menu-toggle');
    await page.getByRole('button', { name: 'Add queue' }).first().click();
    await page.getByLabel('Name', { exact: true }).fill('edited.by.form');
    await page.getByLabel('Dead-letter exchange', { exact: true }).fill('dlx');
    await page.getByLabel('Message TTL').fill('5000');
    await page.click('.add-form-panel .form-add');
    await page.waitForSelector('g.node[data-node="q:edited.by.form"]', { timeout: 10000 })
      .catch(() => fail('the added queue is not drawn'));
    await page.click('button.tab-edit');
    const json = JSON.parse(await page.inputValue('textarea.scenario-json'));
    const q = (json.queues ?? []).find((x) => x.name === 'edited.by.form');
    check(q?.arguments?.['x-dead-letter-exchange'] === 'dlx' && q?.arguments?.['x-message-ttl'] === 5000,
      `the Edit tab's JSON does not hold the queue as added: ${JSON.stringify(q)}`);
    check(page.url().includes('#j='), `the address does not carry the edit: ${page.url()}`);
    // Undo and redo, from the keyboard, outside a text field.
    await page.click('button.tab-node');
    await page.locator('body').press('Control+z');
    await page.waitForSelector('g.node[data-node="q:edited.by.form"]', { state: 'detached', timeout: 10000 })
      .catch(() => fail('Ctrl+Z did not take the queue away'));
    await page.locator('body').press('Control+Shift+Z');
    await page.waitForSelector('g.node[data-node="q:edited.by.form"]', { timeout: 10000 })
      .catch(() => fail('Ctrl+Shift+Z did not bring the queue back'));
    // A negative TTL: refused under its field, the scenario unchanged.
    await pick(page, 'q:orders.ttl');
    const before = await page.evaluate(() => location.hash);
    await set(page, '.queue-form [name="x-message-ttl"]', '-5');
    await page.click('.queue-form .form-save');
    const said = await page.waitForSelector('.form-field[data-arg="x-message-ttl"] .field-error', { timeout: 5000 })
      .then((e) => e.textContent()).catch(() => '');
    check(said.includes('Message TTL') && said.includes('at least 0'), `a negative TTL is not refused at its field: "${said}"`);
    check((await page.evaluate(() => location.hash)) === before, 'a refused value changed the scenario');
    // Binding by picking: the exchange, then the queue on the graph.
    await pick(page, 'x:app');
    await page.click('.exchange-form .bind-pick');
    await page.click('g.node[data-node="q:dead.letters"]');
    await page.waitForSelector('.add-form-panel #add-routing-key', { timeout: 5000 });
    check((await page.inputValue('#add-binding-exchange')) === 'app' && (await page.inputValue('#add-binding-queue')) === 'dead.letters',
      'picking an exchange then a queue does not open Add binding with both');
    await set(page, '#add-routing-key', 'picked');
    await page.click('.add-form-panel .form-add');
    await settle(page);
    // A publisher added, then its per-message TTL; a consumer added.
    await openAdd(page, 'button.add-publisher');
    await set(page, '#add-publisher-exchange', 'app');
    await set(page, '#add-publisher-key', 'reject-me');
    await set(page, '#add-publisher-count', '2');
    await page.click('.add-form-panel .form-add');
    await settle(page);
    await pick(page, 'p');
    await set(page, '.publisher-form[data-publisher="0"] [name="expiration"]', '2500');
    await page.click('.publisher-form[data-publisher="0"] .form-save');
    await settle(page);
    await openAdd(page, 'button.add-consumer');
    await set(page, '#add-consumer-queue', 'dead.letters');
    await set(page, '#add-consumer-kind', 'ack');
    await page.click('.add-form-panel .form-add');
    await settle(page);
    await page.click('button.tab-edit');
    const after = JSON.parse(await page.inputValue('textarea.scenario-json'));
    check((after.bindings ?? []).some((b) => b.exchange === 'app' && b.queue === 'dead.letters' && b.routing_key === 'picked'), 'the picked binding is not in the JSON');
    check(after.publishers?.[0]?.properties?.expiration === '2500' && after.publishers?.[0]?.count === 2,
      `the publisher and its TTL are not in the JSON: ${JSON.stringify(after.publishers?.[0])}`);
    check((after.consumers ?? []).some((c) => c.queue === 'dead.letters'), 'the added consumer is not in the JSON');
    await page.click('button.tab-node');
    // Binding by dragging: the exchange's handle dropped on a queue opens Add binding with both.
    const handle = await page.locator('circle.bind-handle[data-from="x:dlx"]').boundingBox();
    const target = await page.locator('g.node[data-node="q:orders.ttl"] .shape').boundingBox();
    if (!handle || !target) fail('no bind handle on the exchange dlx, or no queue to drop on');
    else {
      await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
      await page.mouse.down();
      await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2, { steps: 8 });
      await page.mouse.up();
      await page.waitForSelector('.add-form-panel #add-binding-queue', { timeout: 5000 }).catch(() => {});
      const both = await page.$('.add-form-panel #add-binding-queue')
        ? [await page.inputValue('#add-binding-exchange'), await page.inputValue('#add-binding-queue')] : [];
      check(both.join() === 'dlx,orders.ttl', `dragging dlx's handle onto orders.ttl opens Add binding with: ${both.join() || 'nothing'}`);
      if (both.length) await page.click('.add-form-panel .form-cancel');
    }
    console.log(`playground: Add queue drawn and in the JSON, undo and redo, "${said}", a binding by picking, a publisher's TTL, a consumer`);

    // The builder: the solution made on the picture too.
    const builder = await context.newPage();
    builder.on('pageerror', (e) => fail(`builder: uncaught exception: ${e.message}`));
    await builder.goto(`${origin}/workshop.html?builder=1`);
    await builder.waitForSelector('.builder-picture svg.topology g.node', { timeout: 20000 });
    await builder.click('.builder-picture .which-solution');
    await builder.waitForTimeout(800);
    const queueId = await builder.$eval('.builder-picture g.node[data-node^="q:"]', (g) => g.dataset.node);
    await builder.click(`.builder-picture g.node[data-node="${queueId}"]`);
    await set(builder, '.builder-picture .queue-form [name="x-max-length"]', '7');
    await builder.click('.builder-picture .queue-form .form-save');
    await settle(builder);
    const sol = JSON.parse(await builder.inputValue('textarea.draft-solution'));
    const edited = (sol.queues ?? []).find((q) => `q:${q.name}` === queueId);
    check(edited?.arguments?.['x-max-length'] === 7, `the builder's solution did not take the form's edit: ${JSON.stringify(edited)}`);
    await builder.close();

    // 2. Every broker exercise through the forms.
    const ids = Object.keys(steps);
    let solved = 0;
    for (const id of ids) {
      const ex = await context.newPage();
      ex.on('pageerror', (e) => fail(`${id}: uncaught exception: ${e.message}`));
      try {
        await ex.goto(`${origin}/workshop.html?exercise=${id}`);
        await ex.waitForSelector('.exercise svg.topology g.node', { timeout: 20000 });
        for (const s of steps[id]) await step(ex, s);
        if (id === 'dead-letter-routing-key') {
          // A policy's value shows where it comes from, as `dlx-lab definitions` prints it.
          await pick(ex, 'q:orders.eu');
          const src = await ex.textContent('.effective-settings tr[data-setting="dead-letter-routing-key"]').catch(() => '');
          check(src.includes('orders.failed') && src.includes('policy:regional-dead-letters'), `the Node tab does not say where the policy's value comes from: "${src}"`);
        }
        await ex.click('button.check');
        const passed = await ex.waitForSelector('.verdict[data-passed]', { timeout: 20000 }).then((v) => v.getAttribute('data-passed'));
        if (passed === 'true') solved += 1;
        else fail(`${id}: solved through the forms, Check says: ${await ex.textContent('.verdict')}`);
      } catch (e) {
        fail(`${id}: ${e.message.split('\n')[0]}`);
      }
      await ex.close();
    }
    console.log(`${solved} of ${ids.length} broker exercises solved through the forms`);
  } finally {
    await browser?.close();
    server.close();
  }
  report('picture', problems, 'Add queue on the playground, undo/redo, a refused TTL, bindings by picking and dragging, publishers and consumers, the builder\'s solution, every broker exercise solved through the forms: ok');
}

run(main);
