// What a player did only with the command line, in a real browser: a pause
// proposed and accepted, then a resume; an extension refused; a draw agreed
// by both players, which ends the game; a seat in civil disorder offered in
// the lobby and taken over by a newcomer who reads its history (a private
// message included) and then resigns; a notification address confirmed with
// the code the test's SMTP relay took, a test notice whose unsubscribe link
// lands on a page that stops the notices; logging out everywhere signs the
// player's other browser out. One player on a desktop, one on a phone;
// screenshots of each new panel at both sizes.
//
//   node tests/web/correspondence.mjs SERVER OUT_DIR
import {join} from 'node:path';

import {accessible, check, createAndJoin, register, run, text, waitForMail, waitText} from './harness.mjs';

const kEast = 'Austria+France+Italy+Turkey';  // the creator's seat in a two-player game
const kWest = 'England+Germany+Russia';

// Opens a folded panel (on a phone) and brings it into view.
async function openPanel(page, id) {
  await page.$eval(`#${id}`, (d) => {
    d.open = true;
    d.scrollIntoView();
  });
}

// A screenshot of each new panel and page, which axe-core checks too.
async function shoot(page, outDir, name, selector) {
  await accessible(page, name);
  if (selector) {
    await page.$eval(selector, (e) => e.scrollIntoView());
    await (await page.$(selector)).screenshot({path: join(outDir, `${name}.png`)});
  } else {
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({path: join(outDir, `${name}.png`), fullPage: true});
  }
}

async function propose(page, kind, extra = {}) {
  await page.select('#propose-kind', kind);
  if (extra.side) await page.select('#propose-side', extra.side);
  await page.$eval('#propose-form button[type=submit]', (b) => b.click());
}

// Clicks the button `verb` of the open proposal that `what` describes.
async function answer(page, what, verb) {
  const selector = await page.waitForFunction((w, v) => {
    for (const li of document.querySelectorAll('#proposals li.proposal:not(.earlier)')) {
      if (!li.textContent.includes(w)) continue;
      const b = [...li.querySelectorAll('button')].find((x) => x.textContent === v);
      if (b) {
        b.click();
        return true;
      }
    }
    return false;
  }, {timeout: 20000}, what, verb).then(() => true, () => false);
  check(selector, `${verb} the proposal to ${what}`);
}

async function toLobby(page) {
  await page.goto(new URL('/#', page.url()).href);
  await page.waitForSelector('#lobby:not([hidden])');
}

await run('node correspondence.mjs SERVER OUT_DIR', async ({newPage, outDir, mail}) => {
  const alice = await newPage(1280, 800);
  const bob = await newPage(390, 844);
  await bob.setViewport({width: 390, height: 844, isMobile: true, hasTouch: true});
  const carol = await newPage(1280, 800);
  await register(alice, 'alice', false);
  await register(bob, 'bob', false);
  await register(carol, 'carol', false);

  // ---------------------------------------------------------------- proposals
  const id = await createAndJoin(alice, bob, 'diplomacy/standard', 24);
  await alice.waitForSelector('#proposals-panel:not([hidden])');
  await waitText(alice, '#game-title', 'Diplomacy', "the game's title names its scenario's title");
  check(!(await text(alice, '#game-title')).includes('diplomacy/standard'), 'not its id');
  check(await alice.$eval('#proposals-panel', (d) => d.open), 'on a desktop the proposals stand open');
  check(await bob.$eval('#proposals-panel', (d) => !d.open), 'on a phone they are folded');

  await propose(alice, 'PAUSE');
  await waitText(alice, '#proposals', `Waiting for: ${kWest} (bob)`, 'the pause waits for bob');
  await waitText(alice, '#proposals', `Accepted by: ${kEast} (alice)`, 'the proposer has accepted');
  await waitText(bob, '#proposals-title', 'Proposals (1 open)', "bob's folded panel counts the open proposal");
  await openPanel(bob, 'proposals-panel');
  await waitText(bob, '#proposals', 'pause the game', 'bob reads the proposal (pushed)');
  await shoot(alice, outDir, 'proposals-desktop', '#proposals-panel');
  await shoot(bob, outDir, 'proposals-phone', '#proposals-panel');
  await shoot(bob, outDir, 'proposals-phone-page');
  await answer(bob, 'pause the game', 'Accept');
  await waitText(alice, '#game-state', 'paused', "alice's banner says the game is paused");
  await waitText(bob, '#game-state', 'paused', "bob's too");
  await waitText(alice, '#proposals', 'carried', 'the carried pause is among the earlier proposals');
  await waitText(alice, '#events', 'Deadline paused', 'the events say the deadline stopped');

  await propose(bob, 'RESUME');
  await answer(alice, 'resume the game', 'Accept');
  await waitText(alice, '#game-state', 'orders due in', 'resumed: the deadline counts down again');
  await waitText(bob, '#game-state', 'orders due in', "on bob's page too");

  // An extension bob proposes, alice refuses.
  await bob.$eval('#propose-hours', (e) => (e.value = '12'));
  await propose(bob, 'EXTENSION');
  await answer(alice, 'extend the deadline by 12 h', 'Refuse');
  await waitText(bob, '#proposals', 'refused', 'bob reads that his extension was refused');

  // A draw agreed by both ends the game.
  await propose(alice, 'DRAW');
  await answer(bob, 'a draw between every side', 'Accept');
  await waitText(alice, '#game-state', 'The game is over', 'the draw ends the game for alice');
  await waitText(bob, '#game-state', 'The game is over', 'and for bob');
  const over = await text(alice, '#game-state');
  check(/draw/i.test(over), `the result says it was drawn (${over})`);
  check(await alice.$eval('#proposals-panel', (d) => d.hidden), 'an ended game has no proposals to make');

  // ---------------------------------------------------------------- offered seats
  // Five seconds a step; nobody orders: after two deadlines each seat is in
  // civil disorder and offered to a new player.
  const quick = await createAndJoin(alice, bob, 'diplomacy/standard', 5 / 3600);
  await openPanel(bob, 'press');
  await bob.$eval('#press-text', (t) => (t.value = 'West to East, privately: let us share the Balkans'));
  await bob.$eval('#press-to input[type=checkbox]', (c) => (c.checked = true));
  await bob.$eval('#press-form button[type=submit]', (b) => b.click());
  await waitText(alice, '#messages', 'share the Balkans', 'the private message reaches alice');
  await toLobby(carol);
  let offered = false;
  for (let i = 0; i < 40 && !offered; i++) {
    await carol.click('#refresh-games');
    offered = await carol.waitForSelector(`#offered tr[data-game="${quick}"][data-seat="1"]`, {timeout: 1000})
        .then(() => true, () => false);
  }
  check(offered, 'a seat in civil disorder is listed among the seats offered');
  const row = await text(carol, `#offered tr[data-game="${quick}"][data-seat="1"]`).catch(() => '');
  check(row.includes(`${kWest} (bob)`) && /civil disorder/.test(row), `its row says which seat and why (${row})`);
  await shoot(carol, outDir, 'offered-desktop', '#offered');
  await carol.$eval(`#offered tr[data-game="${quick}"][data-seat="1"] button[data-take]`, (b) => b.click());
  await carol.waitForFunction((g) => location.hash === `#game=${g}`, {}, quick);
  await waitText(carol, '#game-state', `You play ${kWest}`, 'carol plays the seat she took');
  await waitText(carol, '#events', `carol took over ${kWest} from bob`, 'the events say she took it over');
  await waitText(carol, '#events', 'resolved at the deadline', 'she reads the steps before she came');
  await waitText(carol, '#messages', 'share the Balkans', "she reads the seat's private message");
  await waitText(bob, '#seats', `${kWest}: carol`, "bob's page shows carol in his old seat");
  await shoot(carol, outDir, 'taken-over-desktop');

  // Carol resigns: she is asked first, in the page.
  await carol.click('#resign-ask');
  check(await carol.$eval('#resign-confirm', (d) => !d.hidden), 'resigning asks first');
  check(await carol.evaluate(() => document.activeElement.id === 'resign-no'), '"Keep playing" takes the focus');
  await shoot(carol, outDir, 'resign-desktop', '#proposals-panel');
  await carol.click('#resign-yes');
  await waitText(carol, '#status', 'You resigned', 'carol resigned');
  await waitText(alice, '#events', `carol (${kWest}) resigned`, "alice's events say so");

  // ---------------------------------------------------------------- a partner's seat
  // Trafalgar for three: Britain (alice); France (bob) and Spain (carol)
  // share a side, and a resigned seat's forces pass to its partner.
  await toLobby(alice);
  await alice.select('#new-game [name=scenario]', 'eih-naval/trafalgar');
  await alice.$eval('#new-game [name=players]', (e) => {
    e.value = '3';
    e.dispatchEvent(new Event('input'));
  });
  await alice.select('#new-game [name=seat]', '0');
  await alice.click('#new-game button[type=submit]');
  await alice.waitForFunction(() => /game=\d+/.test(location.hash));
  const trafalgar = /game=(\d+)/.exec(alice.url())[1];
  for (const [page, seat] of [[bob, '1'], [carol, '2']]) {
    await toLobby(page);
    await page.click('#refresh-games');
    const r = `#games tr[data-game="${trafalgar}"]`;
    await page.waitForSelector(`${r} select`);
    // The seat chosen and Join pressed in one step in the page: a push (the
    // other's join) redraws the list, and the choice with it.
    await page.$eval(r, (row, v) => {
      row.querySelector('select').value = v;
      row.querySelector('button').click();
    }, seat);
    const joined = await page.waitForFunction((g) => location.hash === `#game=${g}`, {timeout: 20000}, trafalgar)
        .then(() => true, () => false);
    check(joined, `${seat === '1' ? 'bob' : 'carol'} joins game ${trafalgar} (${await text(page, '#status')}; ` +
        `${await page.evaluate(() => location.hash)})`);
  }
  await carol.waitForSelector('#proposals-panel:not([hidden])');
  await carol.click('#resign-ask');
  await carol.click('#resign-yes');
  await waitText(carol, '#status', 'You resigned', 'Spain resigns');
  const partner = await bob.waitForSelector('#order-for-label:not([hidden])', {timeout: 20000}).then(() => true, () => false);
  check(partner, 'bob may order for his resigned partner');
  const options = await bob.$$eval('#order-for option', (os) => os.map((o) => o.textContent));
  check(options.length === 2 && /France \(your seat\)/.test(options[0]) && /Spain \(resigned partner\)/.test(options[1]),
      `"Orders for" offers his seat and Spain's (${options.join('; ')})`);
  await bob.$eval('#order-for', (s) => {
    s.value = '2';
    s.dispatchEvent(new Event('change'));
  });
  // The page now asks for Spain's view (get_game for_seat): still offered,
  // Spain chosen, and its orders (when Spain orders in this step) are Spain's.
  await new Promise((r) => setTimeout(r, 1000));
  check(await bob.$eval('#order-for', (s) => s.value === '2'), 'Spain stays chosen after the page is drawn again');
  const spainOrders = await bob.$eval('#orders', (o) => o.hidden || /Orders of Spain for/.test(o.textContent));
  check(spainOrders, "the orders shown are Spain's (or none, when Spain does not order in this step)");
  await shoot(bob, outDir, 'partner-phone', '#order-for-label');

  // ---------------------------------------------------------------- notifications
  await alice.goto(new URL('/#account', alice.url()).href);
  await alice.waitForSelector('#account:not([hidden])');
  await waitText(alice, '#email-state', 'No address', 'the account page says alice has no address');
  await alice.type('#email-form [name=email]', 'alice@example.org');
  await alice.click('#email-form button[value=set]');
  await waitText(alice, '#notify-note', 'a code was mailed to alice@example.org', 'the server mails a code');
  check(await alice.$eval('#confirm-form', (f) => !f.hidden), 'a form asks for the code');
  const code = (await waitForMail(mail, 'alice@example.org', /your code is ([0-9]{6})/))[1];
  await alice.type('#confirm-form [name=code]', code);
  await alice.click('#confirm-form button[type=submit]');
  await waitText(alice, '#email-state', 'Notices go to alice@example.org', 'the code from the relay confirms the address');
  check(await alice.$eval('#confirm-form', (f) => f.hidden), 'the code form is gone');
  await shoot(alice, outDir, 'account-desktop');
  await alice.click('#notify-test');
  const link = (await waitForMail(mail, 'alice@example.org', /(https:\/\/\S+\/#unsubscribe=[0-9a-f]{32})/))[1];
  check(link.startsWith(new URL('/', alice.url()).href), `a notice's unsubscribe link is this server's page (${link})`);

  const stranger = await newPage(390, 844);
  await stranger.goto(link);
  await stranger.waitForSelector('#unsubscribe:not([hidden])');
  await shoot(stranger, outDir, 'unsubscribe-phone');
  await stranger.click('#unsubscribe-yes');
  await waitText(stranger, '#unsubscribe-done', 'the e-mail address a***@example.org gets no more notices',
      'the link stops the notices without a sign-in, and says so');
  await shoot(stranger, outDir, 'unsubscribed-phone');
  await alice.reload({waitUntil: 'load'});
  await waitText(alice, '#email-state', 'No address', "alice's address is gone");

  await bob.goto(new URL('/#account', bob.url()).href);
  await bob.waitForSelector('#account:not([hidden])');
  await waitText(bob, '#email-state', 'No address', 'bob opens his account page on the phone');
  const overflow = await bob.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  check(overflow <= 0, `on a phone the account page fits the screen (overflow ${overflow} px)`);
  await shoot(bob, outDir, 'account-phone');

  // ---------------------------------------------------------------- log out everywhere
  const laptop = await newPage(1280, 800);
  await laptop.waitForSelector('#login:not([hidden])');
  await laptop.type('#login-form [name=name]', 'alice');
  await laptop.type('#login-form [name=password]', 'alice-password-long');
  await laptop.click('#login-form button[value=login]');
  await waitText(laptop, '#who', 'signed in as alice', 'alice signs in on a second browser');
  await alice.click('#logout-everywhere');
  await waitText(alice, '#status', 'Logged out everywhere: 2 sessions ended.', 'log out everywhere ends both sessions');
  await alice.waitForSelector('#login:not([hidden])');
  // The server tells the other browser at once (SignedOut), without its asking.
  try {
    await laptop.waitForSelector('#login:not([hidden])', {timeout: 20000});
    check(true, 'the other browser is asked to sign in again, told why');
  } catch (err) {
    check(false, `the other browser is asked to sign in again (${await text(laptop, '#status')})`);
  }
}, {serverArgs: ['--min-deadline', '5s'], mail: true});
