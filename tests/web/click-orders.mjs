// Orders by clicking, in a real browser: headless Chromium driven by
// puppeteer-core against a real naumachia-server on a loopback port.
//
//   node tests/web/click-orders.mjs SERVER OUT_DIR
//
// Two players play a year of standard Diplomacy without typing an order:
// alice clicks her units and their destinations on the board, and gives a
// support from the list of her units and the menu; bob orders by the mouse in
// the spring, then by the keyboard alone (a retreat). The year has a
// movement, a dislodgement and its retreat, centres taken and builds; each
// step's orders are checked against the events the server reports. A
// screenshot of an order being made goes to OUT_DIR.
import {boardLoaded, check, createAndJoin, register, run, screenshotBoard, waitText} from './harness.mjs';

// Clicks the board's cell `id` (on its counter when it has one), first
// showing the whole board ("Fit") when the cell is outside the frame.
async function clickCell(page, id) {
  await page.waitForFunction((c) => [...document.querySelectorAll('#board svg .cell')]
      .some((e) => e.dataset.id === c), {timeout: 15000}, id);
  await page.$eval('#board', (f) => f.scrollIntoView({block: 'nearest'}));
  const where = () => page.evaluate((c) => {
    const counter = [...document.querySelectorAll('#board svg .counter')].find((e) => e.dataset.cell === c);
    const cell = [...document.querySelectorAll('#board svg .cell')].find((e) => e.dataset.id === c);
    const r = (counter || cell.querySelector('circle, rect, polygon') || cell).getBoundingClientRect();
    const f = document.querySelector('#board').getBoundingClientRect();
    const x = r.x + r.width / 2, y = r.y + r.height / 2;
    return {x, y, seen: x > f.left && x < f.right && y > f.top && y < f.bottom};
  }, id);
  let at = await where();
  if (!at.seen) {
    await page.click('#board-figure [data-zoom=fit]');
    at = await where();
  }
  await page.mouse.click(at.x, at.y);
}

// Picks the entry of the choice menu whose label begins with `label`.
async function choose(page, label) {
  await page.waitForFunction((l) => [...document.querySelectorAll('#choice-buttons button')]
      .some((b) => b.textContent.startsWith(l)), {timeout: 15000}, label);
  const before = await page.$eval('#choice-line', (e) => e.textContent);
  await page.evaluate((l) => [...document.querySelectorAll('#choice-buttons button')]
      .find((b) => b.textContent.startsWith(l)).click(), label);
  // The server's answer to the choice redraws the menu (or closes it, the
  // line whole); a click on the board before it came would answer the menu
  // as it was.
  await page.waitForFunction((b) => document.querySelector('#choice-menu').hidden ||
      document.querySelector('#choice-line').textContent !== b, {timeout: 5000}, before).catch(() => {});
}

async function waitLine(page, line, what) {
  try {
    await page.waitForFunction((l) => document.querySelector('#order-lines').value.split('\n').includes(l),
        {timeout: 15000}, line);
    check(true, what);
  } catch (err) {
    const lines = await page.$eval('#order-lines', (e) => e.value);
    check(false, `${what} (the orders read: ${JSON.stringify(lines)})`);
  }
}

// Saves the orders and marks them ready: the page says so, or (when they were
// the last the step waited for) moves on to the next step.
async function ready(page) {
  const before = await page.$eval('#game-state', (e) => e.textContent);
  await page.click('#orders-form button[value=ready]');
  try {
    await page.waitForFunction((b) => /marked ready|it resolved/.test(document.querySelector('#orders-note').textContent) ||
        document.querySelector('#game-state').textContent !== b, {timeout: 15000}, before);
    check(true, 'the clicked orders are saved and ready');
  } catch (err) {
    check(false, `the clicked orders are saved and ready (${await page.$eval('#orders-note', (e) => e.textContent)})`);
  }
}

await run('node click-orders.mjs SERVER OUT_DIR', async ({newPage, outDir}) => {
  const alice = await newPage();
  const bob = await newPage();
  await register(alice, 'alice', false);
  await register(bob, 'bob', false);
  await createAndJoin(alice, bob, 'diplomacy/standard');
  await waitText(alice, '#game-state', 'Spring 1901', 'the game started');
  await boardLoaded(alice);
  await boardLoaded(bob);

  // Spring 1901. Alice: the fleet in Brest to the Mid-Atlantic, on the board.
  await waitText(alice, '#decisions', 'the fleet in Brest', "alice's units are listed to order");
  const toOrder = await alice.$$eval('#board svg .to-order', (e) => e.length);
  check(toOrder >= 12, `her units still to order are marked on the board (${toOrder})`);
  await clickCell(alice, 'bre');
  await choose(alice, 'move');
  await alice.waitForFunction(() => document.querySelector('#choice-line').textContent === 'F bre -');
  const targets = await alice.$$eval('#board svg .choice-target', (e) => e.map((c) => c.dataset.id));
  check(targets.includes('mao') && targets.includes('pic') && !targets.includes('lon'),
      `the places the fleet may move to are highlighted (${targets.join(' ')})`);
  await screenshotBoard(alice, outDir, 'diplomacy-order-on-the-board');
  await clickCell(alice, 'mao');
  await waitLine(alice, 'F bre - mao', 'a click on the destination finishes the order');
  const preview = await alice.$$eval('#board svg .preview line', (e) => e.length);
  check(preview >= 1, 'the order is drawn on the board before it is sent');
  await ready(alice);
  // Bob: the army in Munich to Burgundy.
  await clickCell(bob, 'mun');
  await choose(bob, 'move');
  await clickCell(bob, 'bur');
  await waitLine(bob, 'A mun - bur', "bob's move is made by clicks");
  await ready(bob);
  await waitText(alice, '#game-state', 'Fall 1901', 'the spring resolved');
  await waitText(alice, '#events', 'A mun - bur', "bob's move is among the revealed orders");

  // Fall 1901. Alice attacks Burgundy with support and takes Portugal.
  await clickCell(alice, 'par');
  await choose(alice, 'move');
  await clickCell(alice, 'bur');
  await waitLine(alice, 'A par - bur', 'the attack is clicked');
  await alice.evaluate(() => [...document.querySelectorAll('#decisions button')]
      .find((b) => b.textContent.startsWith('A mar')).click());
  await choose(alice, 'support');
  await choose(alice, 'the army in Paris');
  await choose(alice, 'moving to Burgundy');
  await waitLine(alice, 'A mar S A par - bur', 'a support is given from the list and the menu');
  await clickCell(alice, 'mao');
  await choose(alice, 'move');
  await clickCell(alice, 'por');
  await waitLine(alice, 'F mao - por', 'the fleet moves on to Portugal');
  // A line can be taken back and given again.
  await alice.evaluate(() => [...document.querySelectorAll('#order-list button')]
      .find((b) => b.getAttribute('aria-label') === 'remove F mao - por').click());
  const afterRemove = await alice.$eval('#order-lines', (e) => e.value);
  check(!afterRemove.includes('F mao - por'), 'a clicked order can be removed');
  await clickCell(alice, 'mao');
  await choose(alice, 'move');
  await clickCell(alice, 'por');
  await waitLine(alice, 'F mao - por', 'and given again');
  await ready(alice);
  await bob.click('#orders-form button[value=ready]');
  await waitText(bob, '#game-state', 'retreats', 'the fall resolved into a retreat');
  await waitText(bob, '#events', 'A mar S A par - bur', 'the support is among the revealed orders');

  // Fall 1901 retreats: bob, by the keyboard alone.
  await waitText(bob, '#decisions', 'the army in Burgundy', "bob's dislodged army is to order");
  // A player at the keyboard has the page in front (a screenshot of alice's
  // board brought hers there).
  await bob.bringToFront();
  // The list is drawn again as the step's pushes come in: a button focused
  // as it is replaced keeps no focus (and Enter would press the button that
  // had it, "Save and mark ready"), so the focus is given until it holds.
  await bob.waitForFunction(() => {
    const b = document.querySelector('#decisions button');
    if (b && document.activeElement !== b) b.focus();
    return b !== null && document.activeElement === b;
  });
  await bob.keyboard.press('Enter');
  await bob.waitForFunction(() => document.activeElement && document.activeElement.closest('#choice-buttons'));
  const first = await bob.evaluate(() => document.activeElement.textContent);
  check(first.startsWith('retreat'), `the menu takes the focus (${first})`);
  await bob.keyboard.press('Enter');
  await bob.waitForFunction(() => document.querySelector('#choice-line').textContent.endsWith(' -'));
  await bob.keyboard.press('Enter');
  await bob.waitForFunction(() => /^A bur - \w+/.test(document.querySelector('#order-lines').value));
  const retreat = await bob.$eval('#order-lines', (e) => e.value.trim());
  check(/^A bur - \w+$/.test(retreat), `a retreat is ordered by the keyboard (${retreat})`);
  await bob.focus('#orders-form button[value=ready]');
  await bob.keyboard.press('Enter');
  await waitText(alice, '#game-state', 'adjustments', 'the retreat resolved into the winter');
  await waitText(alice, '#events', retreat, "bob's retreat is among the revealed orders");

  // Winter 1901: Portugal is French and Belgium, where bob retreated, German:
  // each builds an army at home.
  await clickCell(alice, 'par');
  await choose(alice, 'an army');
  await waitLine(alice, 'Build A par', 'a build is clicked');
  await ready(alice);
  await clickCell(bob, 'mun');
  await choose(bob, 'an army');
  await waitLine(bob, 'Build A mun', "bob's build is clicked");
  await ready(bob);
  await waitText(alice, '#game-state', 'Spring 1902', 'the year is over');
  await waitText(bob, '#events', 'Build A par', 'the builds are among the revealed orders');
  await waitText(alice, '#events', 'Build A mun', 'both builds are revealed');
});
