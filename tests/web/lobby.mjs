// The lobby answers "where must I move?", in a real browser: the player's
// games first, the one awaiting their orders marked "your move" and counted
// (in the lobby and the tab's title), each row with its step, its deadline
// counting down and who is still to order; the games to join with their
// scenario, free seats, deadline and press. The lobby follows the player's
// games as their events are pushed, and a game another player made (named)
// as the server pushes it. On a phone every cell says what it is.
//
//   node tests/web/lobby.mjs SERVER OUT_DIR
import {join} from 'node:path';

import {check, createAndJoin, register, run, text, waitText} from './harness.mjs';

async function toLobby(page) {
  await page.goto(new URL('/#', page.url()).href);
  await page.waitForSelector('#lobby:not([hidden])');
}

async function newGame(page, scenario, players, deadlineHours, press, name = '') {
  await toLobby(page);
  await page.waitForFunction(() => document.querySelector('#new-game [name=scenario]').options.length > 0);
  await page.select('#new-game [name=scenario]', scenario);
  await page.$eval('#new-game [name=players]', (e, n) => {
    e.value = String(n);
    e.dispatchEvent(new Event('input'));
  }, players);
  await page.$eval('#new-game [name=deadline]', (e, h) => (e.value = String(h)), deadlineHours);
  await page.select('#new-game [name=press]', press);
  await page.$eval('#new-game [name=name]', (e, n) => (e.value = n), name);
  await page.click('#new-game button[type=submit]');
  await page.waitForFunction(() => /game=\d+/.test(location.hash));
  return /game=(\d+)/.exec(page.url())[1];
}

const row = (table, id) => `#${table} tr[data-game="${id}"]`;

await run('node lobby.mjs SERVER OUT_DIR', async ({newPage, outDir}) => {
  const alice = await newPage(1280, 800);
  const bob = await newPage(1280, 800);
  const carol = await newPage(1280, 800);
  await register(alice, 'alice', false);
  await register(bob, 'bob', false);
  await register(carol, 'carol', false);

  // Alice's games: one running with a day a step, one she made that waits
  // for players.
  const running = await createAndJoin(alice, bob, 'diplomacy/standard', 24);
  const waiting = await newGame(alice, 'diplomacy/standard', 3, 0, 'NO_PRESS');
  await toLobby(alice);
  await toLobby(bob);
  await alice.waitForSelector(row('my-games', running));
  const order = await alice.$$eval('#my-games tbody tr', (rs) => rs.map((r) => r.dataset.game));
  check(order[0] === running && order.includes(waiting),
      `her games are listed, the one awaiting her orders first (${order.join(', ')})`);
  const first = await text(alice, row('my-games', running));
  check(/your move/.test(first), `the game awaiting her orders is marked "your move" (${first})`);
  check(/Game \d+/.test(first) && /Diplomacy/.test(first), 'the row names the game and its scenario');
  check(/Spring 1901 movement/.test(first), 'the row says the step');
  check(/due in 23 h 5\d min/.test(first), 'the row counts down to the deadline');
  check(/still to order: .*\(alice, you\).*\(bob\)/.test(first), 'the row says who is still to order');
  const title = await alice.$eval(`${row('my-games', running)} time`, (t) => t.title);
  check(/^due /.test(title), `the deadline's moment on hover (${title})`);
  const second = await text(alice, row('my-games', waiting));
  check(!/your move/.test(second) && /waiting for players/.test(second) && /1 of 3 seats taken/.test(second),
      `the open game is not her move and says its seats (${second})`);
  await waitText(alice, '#my-games-note', 'One game awaits your orders.', 'the lobby counts the games awaiting her');
  check(/^\(1\) naumachia/.test(await alice.title()), `the tab's title counts them (${await alice.title()})`);

  // Bob sees alice's open game among the others: scenario, free seats,
  // deadline and press before joining.
  await bob.click('#refresh-games');
  await bob.waitForSelector(row('games', waiting));
  const open = await text(bob, row('games', waiting));
  check(/1 of 3 seats taken; free: /.test(open) && /no deadlines/.test(open) && /no messages/.test(open),
      `an open game says its free seats, deadline and press (${open})`);

  // Alice marks her orders ready: her row is no longer her move; bob's
  // lobby follows by the pushed event, without a reload.
  await alice.goto(new URL(`/#game=${running}`, alice.url()).href);
  await alice.waitForSelector('#orders:not([hidden])');
  await alice.$eval('#order-lines', (e) => (e.value = 'A vie H'));
  await alice.click('#orders-form button[value=ready]');
  await waitText(alice, '#orders-note', 'marked ready', 'alice marks her orders ready');
  await waitText(bob, row('my-games', running), 'still to order: England+Germany+Russia (bob, you)',
      "bob's lobby follows alice's readiness by itself");
  await toLobby(alice);
  await waitText(alice, '#my-games-note', 'No game awaits your orders.', 'ready: no game awaits her');
  check(!/your move/.test(await text(alice, row('my-games', running))), 'her ready game is not her move');
  check(!/^\(\d+\)/.test(await alice.title()), `the tab's title counts none (${await alice.title()})`);

  // Carol makes a game of Tyre, named: the server pushes it to alice's
  // lobby at once (well within the 30 seconds of its poll).
  const tyre = await newGame(carol, 'tyre/siege', 2, 12, 'PUBLIC_PRESS', 'Siege at dawn');
  const made = Date.now();
  try {
    await alice.waitForSelector(row('games', tyre), {timeout: 10000});
    check(true, `a game another player made appears in the lobby by itself (pushed, in ${Date.now() - made} ms)`);
  } catch (err) {
    check(false, 'a game another player made appears in the lobby by itself (pushed, within 10 s)');
  }
  const tyreRow = await text(alice, row('games', tyre)).catch(() => '');
  check(/12 h a step/.test(tyreRow) && /public messages only/.test(tyreRow), `its deadline and press (${tyreRow})`);
  check(tyreRow.includes(`Siege at dawn (game ${tyre})`), `the row shows the game's name (${tyreRow})`);
  check(/rules \d+/.test(tyreRow), `the row says which rules version the game is played under (${tyreRow})`);
  // The game filter.
  await alice.select('#game-filter', 'tyre');
  const shown = await alice.$$eval('#lobby tr[data-game]', (rs) => rs.filter((r) => !r.hidden).map((r) => r.dataset.game));
  check(shown.length === 1 && shown[0] === tyre, `the filter shows only Tyre's games (${shown.join(', ')})`);
  await alice.select('#game-filter', '');
  await alice.screenshot({path: join(outDir, 'lobby-desktop.png')});

  // On a phone: rows in one column, every cell labelled, nothing wider
  // than the screen.
  await alice.setViewport({width: 390, height: 844, isMobile: true});
  await alice.reload({waitUntil: 'load'});
  await alice.waitForSelector(row('my-games', running));
  const cells = await alice.$$eval('#lobby tr[data-game] td:not(.actions)', (tds) => tds
      .filter((td) => td.textContent.trim() !== '')
      .map((td) => ({label: td.dataset.label || '', shown: getComputedStyle(td, '::before').content,
        text: td.textContent.trim()})));
  // The name's cell says "Game 12" (or "Siege at dawn (game 12)") itself;
  // every other shows its label.
  const labelled = (c) => c.label !== '' && !['none', 'normal', '""'].includes(c.shown);
  const bare = cells.filter((c) => !labelled(c) && !/^(Game \d+|.+ \(game \d+\))/.test(c.text));
  check(cells.length > 0 && bare.length === 0,
      `on a phone every cell is labelled (${bare.map((c) => c.text).join('; ') || cells.length + ' cells'})`);
  const overflow = await alice.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  check(overflow <= 0, `on a phone the lobby fits the screen (overflow ${overflow} px)`);
  await alice.screenshot({path: join(outDir, 'lobby-phone.png')});
});
