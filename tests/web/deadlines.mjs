// Deadlines in view, in a real browser: the banner over a game's board says
// the step and the time left ("orders due in 3 h 11 min"; seconds in the
// last minute, counting down; "no deadline"), the moment in the player's own
// time zone on hover, whether the player's orders are saved or ready and who
// else is still to order; the tab's title counts the games awaiting the
// player's orders ("(2) naumachia").
//
//   node tests/web/deadlines.mjs SERVER OUT_DIR
import {boardLoaded, check, createAndJoin, register, run, text, waitText} from './harness.mjs';

const pause = (ms) => new Promise((r) => setTimeout(r, ms));

async function waitTitle(page, pattern, what) {
  try {
    await page.waitForFunction((p) => new RegExp(p).test(document.title), {timeout: 20000}, pattern.source);
    check(true, what);
  } catch (err) {
    check(false, `${what} (the title is "${await page.title()}")`);
  }
}

async function submit(page, lines, ready) {
  await page.$eval('#order-lines', (e, v) => (e.value = v), lines.join('\n'));
  await page.click(`#orders-form button[value=${ready ? 'ready' : 'save'}]`);
  await waitText(page, '#orders-note', ready ? 'marked ready' : 'Orders saved', `orders ${ready ? 'ready' : 'saved'}`);
}

await run('node deadlines.mjs SERVER OUT_DIR', async ({newPage}) => {
  const alice = await newPage();
  const bob = await newPage();
  // Alice lives in India (UTC+5:30): the deadline's moment is hers.
  await alice.emulateTimezone('Asia/Kolkata');
  await register(alice, 'alice', false);
  await register(bob, 'bob', false);

  // A game with 3 h 12 min a step.
  const first = await createAndJoin(alice, bob, 'diplomacy/standard', 3.2);
  await boardLoaded(alice);
  await waitText(alice, '#game-state', 'Spring 1901 movement', 'the banner names the step');
  const due = await text(alice, '#game-state .due');
  check(/^Spring 1901 movement: orders due in 3 h 1[12] min$/.test(due), `the banner says the time left (${due})`);
  // Spaces as spaces: the browser's and Node's time formats may differ in
  // which (a narrow no-break space before "PM").
  const moment = (await alice.$eval('#game-state time', (t) => t.title)).replace(/\s/g, ' ');
  const deadline = await alice.$eval('#game-state time[data-deadline]', (t) => Number(t.dataset.deadline));
  const local = new Date(deadline * 1000).toLocaleString('en-US',
      {timeZone: 'Asia/Kolkata', hour: 'numeric', minute: '2-digit'}).replace(/\s/g, ' ');
  check(moment.includes(local) && moment.includes('GMT+5:30'),
      `the deadline's moment is in the player's time zone on hover (${moment}; ${local} in Kolkata)`);
  await waitText(alice, '#game-state', 'you have not given orders yet', 'the banner says alice has not ordered');
  await waitText(bob, '#game-state', 'Still to order: Austria+France+Italy+Turkey (alice, no orders yet)',
      'the banner names who else is still to order');
  await waitTitle(alice, /^\(1\) naumachia: game \d+$/, "alice's tab counts one game awaiting her orders");
  await waitTitle(bob, /^\(1\) naumachia: game \d+$/, "bob's tab counts one game awaiting his orders");

  // A draft is saved, not ready; then ready: the banner says which, for her
  // and for the other player, and the count drops when she is ready.
  await submit(alice, ['A vie H', 'A bud H', 'F tri H'], false);
  await waitText(alice, '#game-state', 'your orders are saved but not ready', "alice's banner: saved, not ready");
  await waitText(bob, '#game-state', '(alice, orders saved, not ready)', "bob's banner: alice's draft is not ready");
  await waitTitle(alice, /^\(1\) naumachia/, 'a draft still awaits her orders');
  await submit(alice, ['A vie H', 'A bud H', 'F tri H'], true);
  await waitText(alice, '#game-state', 'your orders are saved and ready', "alice's banner: ready");
  await waitText(alice, '#game-state', 'Still to order: England+Germany+Russia (bob, no orders yet)',
      "alice's banner: bob still to order");
  await waitText(bob, '#game-state', "Every other seat's orders are ready", "bob's banner: alice is ready");
  await waitTitle(alice, /^naumachia: game \d+$/, 'ready: no game awaits her orders');

  // A game without deadlines; both now count it.
  await createAndJoin(bob, alice, 'diplomacy/standard', 0);
  await waitText(alice, '#game-state', 'Spring 1901 movement: no deadline', 'no deadline: the banner says so');
  await waitTitle(bob, /^\(2\) naumachia: game \d+$/, "bob's tab counts his two games");
  await waitTitle(alice, /^\(1\) naumachia: game \d+$/, "alice's tab counts the new game only");
  check(first !== /game=(\d+)/.exec(alice.url())[1], 'a second game');

  // A minute a step: the last minute counts seconds, down.
  await createAndJoin(alice, bob, 'diplomacy/standard', 1 / 60);
  await waitText(alice, '#game-state .due', ' s', 'the last minute is counted in seconds');
  const before = await text(alice, '#game-state .due');
  await pause(2200);
  const after = await text(alice, '#game-state .due');
  const seconds = (s) => Number(/due in (\d+) s/.exec(s)?.[1]);
  check(seconds(before) <= 60 && seconds(after) < seconds(before),
      `the seconds count down (${before} -> ${after})`);
});
