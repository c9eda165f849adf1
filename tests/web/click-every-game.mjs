// Every game's orders by clicking, in a real browser: headless Chromium
// driven by puppeteer-core against a real naumachia-server.
//
//   node tests/web/click-every-game.mjs SERVER OUT_DIR
//
// For each shipped game but standard Diplomacy (click-orders.mjs plays a whole
// year of that), two players make and join a game and play its first steps
// without typing an order, until each side has given a full step of orders:
// in each step every seat that orders takes each of its pieces from the list,
// then entries from the menu of choices the server offers, until the line is
// whole. Each side's saved orders must then be among the orders the server
// reports for the step once it resolves. A screenshot of each game's first
// order being made goes to OUT_DIR.
import {boardLoaded, check, createAndJoin, register, run, screenshotBoard, text} from './harness.mjs';

const games = [
  'diplomacy/fall-of-constantinople',
  'tyre/siege',
  'constantinople/naval',
  'classis/actium',
  'eih-naval/trafalgar',
];

// Steps played per game at most while waiting for both sides to have ordered.
const kMostSteps = 6;

// The walks (the `spread` of orderByClicks) a seat tries, at most, until the
// server accepts its orders; each walk clicks every decision's menu through,
// several seconds of answers from the server in a large step.
const kWalks = 4;
// The walk a side tries first, where the first walks are known to be
// refused. In Tyre's deployment the Tyrian ships (the first side's) may take any hex of the two harbours,
// but each must begin within the command radius of its fleet's leaders (17.1,
// 16.12): Hanno aboard T1 and Leibus aboard T10. Walks 0 and 2 put T10 in
// T1's harbour, leaving the ships of the other harbour out of command, and
// walk 1 (each menu's first entry) puts every ship in one hex (5.31); walk 3
// puts the two leaders' ships in different harbours. In Actium's setup walk
// 0 names for Antony's squadron X a flagship it does not hold (Classis 1.5);
// walk 1 gives each squadron a commander. The others are still tried, in
// turn, should that one be refused.
const kFirstWalk = {'tyre/siege': {'the first side': 3}, 'classis/actium': {'the second side': 1}};

async function settled(page) {
  // The page has asked for the step's decisions when the picker shows them or
  // the orders section is hidden (the seat does not order in this step).
  await page.waitForFunction(() => document.querySelector('#orders').hidden ||
      document.querySelectorAll('#decisions li').length > 0 ||
      document.querySelector('#orders-label').textContent !== '', {timeout: 15000});
  await new Promise((r) => setTimeout(r, 300));
}

// Walks the menu of decision `id` (the `i`th) in the page, from its `from`th entry on,
// until the line is whole or the `until`th entry is due; returns which entry
// is due next (null when the walk is over). The walk runs in the page itself,
// one evaluation per decision rather than several round trips per click: each
// click waits there for the server's answer (the menu redrawn with a new line,
// or closed), as a player would.
function walkInPage(page, id, i, spread, from, until) {
  return page.evaluate(async (id, i, spread, from, until) => {
    const menu = () => document.querySelector('#choice-menu');
    const line = () => document.querySelector('#choice-line').textContent;
    const buttons = () => document.querySelectorAll('#choice-buttons button');
    const waitFor = (ok, what) => new Promise((resolve, reject) => {
      const until = Date.now() + 15000;
      const poll = () => {
        if (ok()) return resolve();
        if (Date.now() > until) return reject(new Error(`${what}: not within 15 s`));
        setTimeout(poll, 5);
      };
      poll();
    });
    if (from === 0) {
      document.querySelector(`#decisions button[data-decision="${id}"]`).click();
      await waitFor(() => !menu().hidden, `the menu of decision ${id} opens`);
    }
    for (let n = from; n < 40; n++) {
      if (n === until) return n;
      const before = line();
      const entries = [...buttons()].map((b) => ({
        done: b.classList.contains('done'), other: b.textContent === 'Back' || b.textContent === 'Cancel'}));
      const done = entries.findIndex((e) => e.done);
      const ways = entries.map((e, at) => ({...e, at})).filter((e) => !e.done && !e.other);
      // A whole line is taken at once, or on some pieces one choice later
      // (a longer move, a second target), when the menu goes on.
      // The second try (after a refusal of the whole set, such as a
      // squadron left without its flagship) takes each piece's first kind
      // of order, and the shortest line.
      const plain = spread === 1;
      let at = done;
      if (done < 0 || (ways.length > 0 && n < 2 && !plain && (i + spread) % 2 === 1)) {
        if (ways.length === 0) return null;
        at = ways[plain && n === 0 ? 0 : (i * 7 + n * 3 + spread) % ways.length].at;
      }
      buttons()[at].click();
      await waitFor(() => menu().hidden || line() !== before, `the menu answers entry ${n} of "${before}"`);
      if (menu().hidden) return null;
    }
    return null;
  }, id, i, spread, from, until);
}

// Orders every decision of the page's seat from the menus: the first
// finished line of the way the walk takes (`spread` varies the walk, so that
// a second try after a refusal orders otherwise). `screenshot`, when given,
// is taken at the second entry of the first menu that has one.
async function orderByClicks(page, spread, screenshot) {
  const ids = await page.$$eval('#decisions button', (bs) => bs.map((b) => b.dataset.decision));
  for (const [i, id] of ids.entries()) {
    const paused = await walkInPage(page, id, i, spread, 0, screenshot ? 1 : -1);
    if (paused !== null) {
      await screenshot();
      screenshot = null;
      await walkInPage(page, id, i, spread, paused, -1);
    }
  }
  return (await page.$eval('#order-lines', (e) => e.value)).split('\n').filter((l) => l.trim() !== '');
}

async function removeAll(page) {
  await page.evaluate(() => {
    document.querySelector('#order-lines').value = '';
    document.querySelector('#order-lines').dispatchEvent(new Event('input'));
  });
}

// Saves (without marking ready); the canonical lines, or null when refused.
async function save(page) {
  await page.evaluate(() => (document.querySelector('#orders-note').textContent = ''));
  await page.click('#orders-form button[value=save]');
  await page.waitForFunction(() => /saved|Nothing was saved/.test(document.querySelector('#orders-note').textContent),
      {timeout: 15000});
  if (/Nothing was saved/.test(await text(page, '#orders-note'))) return null;
  return (await page.$eval('#order-lines', (e) => e.value)).split('\n').filter((l) => l.trim() !== '');
}

await run('node click-every-game.mjs SERVER OUT_DIR', async ({newPage, outDir}) => {
  const first = await newPage(1100, 800);
  const second = await newPage(1100, 800);
  await register(first, 'alexander', false);
  await register(second, 'azemilcus', false);
  for (const scenario of games) {
    await createAndJoin(first, second, scenario);
    const name = scenario.replace('/', '-');
    await boardLoaded(first);
    await boardLoaded(second);
    const ordered = new Set();
    let shot = false;
    for (let step = 0; step < kMostSteps && ordered.size < 2; step++) {
      const label = (await text(first, '#game-state')).split(';')[0];
      const stepNo = await first.evaluate(() => naumachia.game.detail.summary.step);
      const saved = [];
      for (const [page, who] of [[first, 'the first side'], [second, 'the second side']]) {
        await settled(page);
        if (await page.$eval('#orders', (e) => e.hidden)) continue;
        const offered = await page.$$eval('#decisions li', (e) => e.length);
        check(offered > 0, `${scenario}, ${label}: ${who} is offered its orders as choices`);
        if (offered === 0) return;
        let lines = null;
        for (let tried = 0; tried < kWalks && !lines; tried++) {
          const attempt = (tried + (kFirstWalk[scenario]?.[who] || 0)) % kWalks;
          const screenshot = shot ? null : async () => {
            if (shot) return;
            shot = true;
            await screenshotBoard(page, outDir, `${name}-order-on-the-board`);
          };
          await orderByClicks(page, attempt, screenshot);
          lines = await save(page);
          if (!lines) await removeAll(page);
        }
        const refused = lines ? '' : ` (${await text(page, '#order-errors')})`;
        check(lines !== null, `${scenario}, ${label}: ${who}'s clicked orders are accepted${refused}`);
        if (!lines) return;
        saved.push([page, who, lines]);
        ordered.add(who);
      }
      for (const [page] of saved) await page.click('#orders-form button[value=ready]');
      // The step resolved: its number moves on (the state's text changes
      // sooner, as soon as a seat's orders are saved or ready).
      await first.waitForFunction((b) => naumachia.game.detail.summary.step !== b, {timeout: 20000}, stepNo);
      for (const [page, who, lines] of saved) {
        // The resolved step's orders, as the server reports them to the seat.
        await page.waitForFunction((ls) => ls.every((l) => document.querySelector('#events').textContent.includes(l)),
            {timeout: 15000}, lines).catch(() => {});
        const events = await text(page, '#events');
        const missing = lines.filter((l) => !events.includes(l));
        check(missing.length === 0, `${scenario}, ${label}: ${who}'s ${lines.length} clicked orders are ` +
            `among the step's reported orders${missing.length ? ` (missing: ${missing.join(' | ')})` : ''}`);
      }
    }
    check(ordered.size === 2, `${scenario}: both sides gave a full step of orders by clicks (${[...ordered].join(', ')})`);
  }
});
