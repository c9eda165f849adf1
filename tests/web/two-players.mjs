// The web client in a real browser: headless Chromium (Debian's) driven by
// puppeteer-core against a real naumachia-server on a loopback port.
//
//   node tests/web/two-players.mjs SERVER OUT_DIR
//
// Two browser sessions (separate profiles) register, one creates a game of
// standard Diplomacy for two players and the other joins it from the list;
// both see the board, an illegal order is refused line by line and nothing is
// saved, both save orders and mark them ready, the step resolves and both see
// the next one with the happenings; a message goes from one to the other; the
// replay slider steps back to the start; a third player starts a game against
// the computer from the form and a step passes by her orders alone. Screenshots go to OUT_DIR and are
// checked for the board (not pixel by pixel). It also checks the plain HTTP
// answers of the server's port and the page on a phone-sized screen.
import {join} from 'node:path';
import {brotliDecompressSync, gunzipSync} from 'node:zlib';


import {accessible, boardInScreenshot, boardLoaded, check, http, joinFromList, looksLikeBoard, register, run, screenshotBoard, text,
  waitText} from './harness.mjs';

async function submitOrders(page, lines, ready) {
  await page.$eval('#order-lines', (e, v) => (e.value = v), lines.join('\n'));
  await page.click(`#orders-form button[value=${ready ? 'ready' : 'save'}]`);
}

await run('node two-players.mjs SERVER OUT_DIR', async ({address, newPage, outDir}) => {
  // The port's plain HTTP answers.
  const index = await http(address, 'GET', '/');
  check(index.status === 200 && index.body.includes('<title>naumachia</title>'), 'GET / is the web client');
  check(/default-src 'none'/.test(index.headers['content-security-policy'] || ''), 'the page has a content security policy');
  const app = await http(address, 'GET', '/app.js');
  check(app.status === 200 && app.body.includes('naumachia.proto.Envelope'),
      "the page's one script holds the protocol's code");
  // Compressed for a browser that accepts it, and the same script unpacked.
  const packed = await http(address, 'GET', '/app.js', {'accept-encoding': 'gzip, br'});
  check(packed.headers['content-encoding'] === 'br' && packed.headers.vary === 'Accept-Encoding' &&
      brotliDecompressSync(packed.bytes).toString() === app.body,
      `the script goes brotli-compressed (${packed.bytes.length} of ${app.bytes.length} bytes)`);
  const gzipped = await http(address, 'GET', '/app.js', {'accept-encoding': 'gzip'});
  check(gzipped.headers['content-encoding'] === 'gzip' && gunzipSync(gzipped.bytes).toString() === app.body,
      'or gzip-compressed to a browser that accepts only gzip');
  const head = await http(address, 'HEAD', '/app.js');
  check(head.status === 200 && head.body === '' && Number(head.headers['content-length']) > 1000, 'HEAD answers headers only');
  check((await http(address, 'GET', '/../server/main.cpp')).status === 404, 'a path outside the client is not found');
  const post = await http(address, 'POST', '/');
  check(post.status === 405 && post.headers.allow === 'GET, HEAD', 'POST is refused with 405 and Allow');

  const alice = await newPage();
  const bob = await newPage();
  // The first load of the page, in a fresh profile: everything it fetched
  // over the network, headers included (the WebSocket's frames are not).
  const firstLoad = await alice.evaluate(() => [...performance.getEntriesByType('navigation'),
    ...performance.getEntriesByType('resource')].reduce((sum, e) => sum + e.transferSize, 0));
  console.log(`first load: ${(firstLoad / 1024).toFixed(1)} KB transferred`);
  check(firstLoad > 10 * 1024 && firstLoad < 250 * 1024,
      `the first load transfers under 250 KB (${(firstLoad / 1024).toFixed(1)} KB)`);
  await accessible(alice, 'the sign-in page');

  await register(alice, 'alice', false);
  await register(bob, 'bob', true);

  // Alice creates a two-player game of Diplomacy and takes the first side.
  await alice.waitForSelector('#lobby:not([hidden])');
  await alice.waitForFunction(() => document.querySelector('#new-game [name=scenario]').options.length > 0);
  await accessible(alice, 'the lobby and the new-game form');
  const offered = await alice.$eval('#new-game [name=scenario]', (e) => e.value);
  check(offered === 'diplomacy/standard', `the new-game form proposes standard Diplomacy first (${offered})`);
  await alice.select('#new-game [name=scenario]', 'diplomacy/standard');
  const sides = async () => alice.$$eval('#new-game [name=seat] option', (os) => os.map((o) => o.textContent));
  check((await sides()).length === 7, 'seven players: the seven powers to choose from');
  // The sides offered are the seats of a game of that many players.
  await alice.$eval('#new-game [name=players]', (e) => {
    e.value = '2';
    e.dispatchEvent(new Event('input'));
  });
  const two = await sides();
  check(two.join(' | ') === 'Austria+France+Italy+Turkey | England+Germany+Russia',
      `two players: each seat names the powers it plays (${two.join(' | ')})`);
  await alice.click('#new-game button[type=submit]');
  await alice.waitForSelector('#game:not([hidden])');
  const gameId = /game=(\d+)/.exec(alice.url())[1];
  check(Boolean(gameId), `alice created game ${gameId}`);
  await waitText(alice, '#game-state', 'waiting for players', 'the new game waits for a second player');

  // Bob finds it in the list and joins.
  await bob.click('#refresh-games');
  await joinFromList(bob, gameId);
  await bob.waitForSelector('#game:not([hidden])');
  await waitText(bob, '#game-state', 'Spring 1901', 'bob joined and the game started');
  await waitText(alice, '#events', 'bob joined', "alice's page hears of bob's joining");
  await waitText(alice, '#game-state', 'Spring 1901', "alice's page shows the started game");

  await boardLoaded(alice);
  await boardLoaded(bob);
  await screenshotBoard(alice, outDir, 'diplomacy-alice-spring-1901');
  await screenshotBoard(bob, outDir, 'diplomacy-bob-spring-1901');
  await accessible(alice, "a game's page, with its board");
  const save = await alice.$eval('#board-save', (a) => ({href: a.href, name: a.download}));
  check(save.href.startsWith('blob:') && save.name.endsWith('.svg'), 'the board can be saved as an SVG picture');

  // Orders: alice's seat plays the first powers of the seating; she writes
  // one illegal line among legal ones and gets its line number and reason.
  const aliceSide = await text(alice, '#game-state');
  check(/You play /.test(aliceSide), `alice's page names her side (${aliceSide})`);
  check(/Austria\+France/.test(aliceSide), 'alice plays France among others');
  await submitOrders(alice, ['A par - bur', 'A mar - mun', 'F bre - mao'], false);
  await waitText(alice, '#order-errors', 'line 2', 'an illegal order is refused with its line number');
  await waitText(alice, '#orders-note', 'Nothing was saved', 'nothing is saved when a line is refused');
  const firstError = await text(alice, '#order-errors li');
  check(/line 2 \(A mar - mun\)/.test(firstError), `the error quotes the line (${firstError})`);
  // The refusal belongs to this game: the lobby does not show it.
  check(/illegal/.test(await text(alice, '#status')), 'the status line reports the refusal');
  const gameHash = await alice.evaluate(() => location.hash);
  await alice.evaluate(() => (location.hash = ''));
  await alice.waitForSelector('#lobby:not([hidden])');
  check((await text(alice, '#status')) === '', "the game's refusal is not shown in the lobby");
  await alice.evaluate((h) => (location.hash = h), gameHash);
  await alice.waitForSelector('#game:not([hidden])');

  // A draft reads as a draft to the others, not as final orders.
  await submitOrders(alice, ['A par - bur'], false);
  await waitText(bob, '#events', 'saved a draft of its orders (not ready)', "bob's page hears of alice's draft");
  await waitText(bob, '#seats', 'draft saved, not ready', "bob's page shows alice's seat with a draft");

  await submitOrders(alice, ['A par - bur', 'A mar - spa', 'F bre - mao'], true);
  await waitText(alice, '#orders-note', 'marked ready', "alice's orders are saved and ready");
  await waitText(bob, '#events', 'marked its orders ready', "bob's page hears that alice is ready");
  await waitText(bob, '#seats', 'Austria+France+Italy+Turkey: alice (orders ready)', "bob's page shows alice ready");
  await waitText(alice, '#events', 'Austria+France+Italy+Turkey marked its orders ready',
      "alice's page shows her own commitment, which the server answered instead of pushing");
  await submitOrders(bob, [], true);
  await waitText(bob, '#game-state', 'Fall 1901', 'the step resolved and bob sees the next');
  await waitText(alice, '#game-state', 'Fall 1901', 'alice sees the next step too');
  await waitText(alice, '#events', 'A par - bur', 'the revealed orders are among the events');
  await waitText(bob, '#events', 'Spring 1901 movement resolved', 'the resolution is among the events');
  await boardLoaded(alice);
  await screenshotBoard(alice, outDir, 'diplomacy-alice-fall-1901');

  // Press: a public message from bob reaches alice as it is sent.
  await bob.type('#press-text', 'Hello from bob');
  await bob.click('#press-form button[type=submit]');
  await waitText(alice, '#messages', 'Hello from bob', 'a message reaches the other player');

  // Replay: the slider steps back to the start.
  await bob.click('#replay summary');
  await waitText(bob, '#replay-label', 'after step 1 of 1', 'the replay opens at the last step');
  await boardLoaded(bob, '#replay-board');
  await bob.focus('#replay-step');
  await bob.keyboard.press('ArrowLeft');
  await waitText(bob, '#replay-label', 'before the first step', 'the slider moves to the start by keyboard');
  await boardLoaded(bob, '#replay-board');
  const replayFile = join(outDir, 'diplomacy-bob-replay-start.png');
  await (await bob.$('#replay-board')).screenshot({path: replayFile});
  const r = boardInScreenshot(replayFile);
  check(looksLikeBoard(r), 'the replay shows the board before the first step');
  const replaySave = await bob.$eval('#replay-save', (a) => ({href: a.href, name: a.download, hidden: a.hidden}));
  check(!replaySave.hidden && replaySave.href.startsWith('blob:') && replaySave.name.endsWith('-position-0.svg'),
      'a position of the replay can be saved as an SVG picture');
  await accessible(bob, 'the replay, open');

  // A watcher: the game from the list, its events, no board while it runs.
  const carol = await newPage();
  await register(carol, 'carol', false);
  await carol.waitForSelector(`#games tr[data-game="${gameId}"] a`);
  await carol.$eval(`#games tr[data-game="${gameId}"] a`, (a) => a.click());
  await waitText(carol, '#game-state', 'You are watching', 'a third user watches the game');
  await waitText(carol, '#events', 'Spring 1901 movement resolved', 'the watcher reads the events');
  await waitText(carol, '#board-note', "Only the game's players see the board", 'the watcher is told why there is no board');
  await accessible(carol, "a watcher's page");

  // Against the computer: carol starts a game from the form with the
  // computer on the other side; it starts at once, the seats say who plays,
  // and a step passes by her orders alone.
  await carol.evaluate(() => (location.hash = ''));
  await carol.waitForSelector('#lobby:not([hidden])');
  await carol.select('#new-game [name=scenario]', 'diplomacy/standard');
  await carol.$eval('#new-game [name=players]', (e) => {
    e.value = '2';
    e.dispatchEvent(new Event('input'));
  });
  const computerBoxes = await carol.$$eval('#computer-sides input', (bs) => bs.map((b) => `${b.value}:${b.disabled}`));
  check(computerBoxes.join(' ') === '0:true 1:false',
      `the form offers the computer every side but the player's own (${computerBoxes.join(' ')})`);
  await carol.click('#computer-sides input[value="1"]');
  await carol.click('#new-game [name=computer_takes_over]');
  await (await carol.$('#new-game')).screenshot({path: join(outDir, 'computer-new-game-form.png')});
  await carol.click('#new-game button[type=submit]');
  await carol.waitForSelector('#game:not([hidden])');
  await waitText(carol, '#seats', 'England+Germany+Russia: the computer', "the game's seats say the computer plays the other side");
  await waitText(carol, '#game-state', 'Spring 1901', 'the game against the computer started at once');
  await boardLoaded(carol);
  await submitOrders(carol, ['A par - bur'], true);
  await waitText(carol, '#game-state', 'Fall 1901', "the step passed by carol's orders alone: the computer ordered by itself");
  await waitText(carol, '#events', 'The computer gave the orders of England+Germany+Russia', 'the history says the computer ordered');
  await screenshotBoard(carol, outDir, 'computer-game-desktop');
  await carol.screenshot({path: join(outDir, 'computer-game-page-desktop.png'), fullPage: true});
  await carol.evaluate(() => (location.hash = ''));
  await carol.waitForSelector('#lobby:not([hidden])');
  await waitText(carol, '#my-games', 'the computer plays England+Germany+Russia', "the lobby's row says which seat the computer plays");
  await carol.setViewport({width: 390, height: 844, isMobile: true});
  await carol.reload({waitUntil: 'load'});
  await carol.waitForSelector('#lobby:not([hidden])');
  await waitText(carol, '#my-games', 'the computer plays', "on a phone too");
  await carol.screenshot({path: join(outDir, 'computer-lobby-phone.png'), fullPage: true});

  // On a phone: one column, nothing wider than the screen.
  await alice.setViewport({width: 390, height: 844, isMobile: true});
  await alice.reload({waitUntil: 'load'});
  await boardLoaded(alice);
  const overflow = await alice.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  check(overflow <= 0, `on a phone the page fits the screen (overflow ${overflow} px)`);
  await screenshotBoard(alice, outDir, 'diplomacy-alice-phone');
  await accessible(alice, "a game's page on a phone");
});
