// A game's page on a phone (390x844), in a real browser: the board comes
// first, wholly on the first screen under the banner; the seats, orders,
// events, press and replay fold under it (details), closed, and open by
// keyboard; a piece chosen opens the orders. On a wide screen the panels
// stand open beside the board.
//
//   node tests/web/phone.mjs SERVER OUT_DIR
import {join} from 'node:path';

import {boardLoaded, check, createAndJoin, register, run, screenshotBoard, waitText} from './harness.mjs';

const kPanels = ['seats-panel', 'orders', 'events-panel', 'press', 'proposals-panel', 'replay'];

await run('node phone.mjs SERVER OUT_DIR', async ({newPage, outDir}) => {
  const alice = await newPage(390, 844);
  await alice.setViewport({width: 390, height: 844, isMobile: true, hasTouch: true});
  const bob = await newPage(1280, 800);
  await register(alice, 'alice', false);
  await register(bob, 'bob', false);
  const id = await createAndJoin(bob, alice, 'diplomacy/standard', 24);
  await boardLoaded(alice);
  await boardLoaded(bob);
  await waitText(alice, '#game-state', 'Spring 1901 movement', 'the phone shows the step');
  await alice.evaluate(() => window.scrollTo(0, 0));

  // The board first: wholly on the first screen.
  const board = await alice.$eval('#board', (b) => {
    const r = b.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, height: r.height, screen: window.innerHeight};
  });
  check(board.top > 0 && board.bottom <= board.screen && board.height >= board.screen / 2,
      `on a phone the board is on the first screen (${Math.round(board.top)} to ${Math.round(board.bottom)} ` +
          `of ${board.screen} px)`);
  const panels = await alice.evaluate((ids, bottom) => ids.map((p) => {
    const e = document.getElementById(p);
    return {id: p, details: e.localName === 'details', open: e.open, below: e.getBoundingClientRect().top >= bottom};
  }), kPanels, board.bottom);
  const wrong = panels.filter((p) => !p.details || p.open || !p.below);
  check(wrong.length === 0, `the panels fold under the board, closed (${wrong.map((p) => p.id).join(', ') || 'all'})`);
  await alice.screenshot({path: join(outDir, 'game-phone.png')});

  // By keyboard: Tab from the board reaches the events' summary; Enter opens it.
  await alice.focus('#board');
  let reached = false;
  for (let i = 0; i < 60 && !reached; i++) {
    await alice.keyboard.press('Tab');
    reached = await alice.evaluate(() => document.activeElement === document.querySelector('#events-panel > summary'));
  }
  check(reached, 'Tab reaches the folded events');
  await alice.keyboard.press('Enter');
  const events = await alice.$eval('#events-panel', (d) => ({open: d.open, shown: d.querySelector('#events').offsetHeight > 0}));
  check(events.open && events.shown, 'Enter opens the events');
  await waitText(alice, '#events', 'alice joined', 'the events read');

  // A piece chosen from the list opens the orders, with its menu.
  await alice.waitForFunction(() => document.querySelectorAll('#decisions li button').length > 0, {timeout: 15000});
  await alice.$eval('#decisions li button', (b) => b.click());
  await alice.waitForFunction(() => document.querySelector('#orders').open &&
      !document.querySelector('#choice-menu').hidden, {timeout: 15000})
      .then(() => check(true, 'a piece chosen opens the orders and its menu'))
      .catch(() => check(false, 'a piece chosen opens the orders and its menu'));

  const overflow = await alice.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  check(overflow <= 0, `on a phone the page fits the screen (overflow ${overflow} px)`);

  // On a wide screen the panels stand open beside the board.
  const wide = await bob.evaluate((ids) => ids.filter((p) => p !== 'replay').every((p) => document.getElementById(p).open),
      kPanels);
  check(wide, 'on a wide screen the panels stand open');
  await screenshotBoard(bob, outDir, `game-${id}-desktop`);
});
