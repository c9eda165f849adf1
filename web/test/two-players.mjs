// The web client in a real browser: headless Chromium (Debian's) driven by
// puppeteer-core against a real naumachia-server on a loopback port.
//
//   node web/test/two-players.mjs SERVER OUT_DIR [SCENARIO]
//
// Two browser sessions (separate profiles) register, one creates a game of
// standard Diplomacy for two players and the other joins it from the list;
// both see the board, an illegal order is refused line by line and nothing is
// saved, both save orders and mark them ready, the step resolves and both see
// the next one with the happenings; a message goes from one to the other; the
// replay slider steps back to the start. Screenshots go to OUT_DIR and are
// checked for the board (not pixel by pixel). It also checks the plain HTTP
// answers of the server's port and the page on a phone-sized screen.
import {spawn} from 'node:child_process';
import {mkdirSync, mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {request as httpsRequest} from 'node:https';
import {tmpdir} from 'node:os';
import {join} from 'node:path';

import {PNG} from 'pngjs';
import puppeteer from 'puppeteer-core';

const [serverPath, outDir] = process.argv.slice(2);
if (!serverPath || !outDir) {
  console.error('usage: node two-players.mjs SERVER OUT_DIR');
  process.exit(2);
}
const chromium = process.env.NAUMACHIA_CHROMIUM || '/usr/bin/chromium';
mkdirSync(outDir, {recursive: true});

let failures = 0;
let checks = 0;
function check(ok, what) {
  checks++;
  if (ok) {
    console.log(`ok: ${what}`);
  } else {
    failures++;
    console.log(`FAILED: ${what}`);
  }
}

// ------------------------------------------------------------------ server

function startServer(dir) {
  return new Promise((resolve, reject) => {
    const server = spawn(serverPath,
        ['--db', join(dir, 'naumachia.db'), '--listen', '127.0.0.1:0', '--password-iterations', '1000'],
        {stdio: ['ignore', 'pipe', 'pipe']});
    let out = '';
    let err = '';
    server.stderr.on('data', (d) => (err += d));
    server.stdout.on('data', (d) => {
      out += d;
      const m = /listening on wss:\/\/([^\s]+)/.exec(out);
      if (m) resolve({server, address: m[1], log: () => err});
    });
    server.on('exit', (code) => reject(new Error(`the server exited (${code}): ${err}`)));
    setTimeout(() => reject(new Error(`the server did not start: ${err}`)), 30000);
  });
}

function http(address, method, path) {
  return new Promise((resolve, reject) => {
    const [host, port] = address.split(':');
    const req = httpsRequest({host, port, method, path, rejectUnauthorized: false}, (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({status: res.statusCode, headers: res.headers, body}));
    });
    req.on('error', reject);
    req.end();
  });
}

// ------------------------------------------------------------------ pictures

// The screenshot of the board: a picture of some size with many colours (the
// map's sea, land and the sides' colours), not a blank or a broken image.
function boardInScreenshot(file) {
  const png = PNG.sync.read(readFileSync(file));
  const colours = new Set();
  let nonWhite = 0;
  for (let i = 0; i < png.data.length; i += 4 * 7) {
    const [r, g, b] = [png.data[i], png.data[i + 1], png.data[i + 2]];
    colours.add(((r >> 3) << 10) | ((g >> 3) << 5) | (b >> 3));
    if (r < 240 || g < 240 || b < 240) nonWhite++;
  }
  const samples = png.data.length / (4 * 7);
  return {width: png.width, height: png.height, colours: colours.size, inked: nonWhite / samples};
}

async function screenshotBoard(page, name) {
  const file = join(outDir, `${name}.png`);
  const board = await page.$('#board');
  await board.screenshot({path: file});
  const s = boardInScreenshot(file);
  check(s.width >= 300 && s.height >= 200 && s.colours >= 8 && s.inked > 0.05,
      `${name}: the screenshot shows a board (${s.width}x${s.height}, ${s.colours} colours, ` +
          `${Math.round(s.inked * 100)}% inked)`);
  await page.screenshot({path: join(outDir, `${name}-page.png`), fullPage: true});
}

// ------------------------------------------------------------------ the page

async function text(page, selector) {
  return page.$eval(selector, (e) => e.textContent);
}

async function waitText(page, selector, needle, what) {
  try {
    await page.waitForFunction((s, n) => {
      const e = document.querySelector(s);
      return e && e.textContent.includes(n);
    }, {timeout: 20000}, selector, needle);
    check(true, what);
  } catch (err) {
    check(false, `${what} (${selector} says: ${await text(page, selector).catch(() => '?')})`);
  }
}

async function boardLoaded(page, selector = '#board') {
  await page.waitForFunction((s) => {
    const img = document.querySelector(s);
    return img && img.complete && img.naturalWidth > 0 && !img.hidden;
  }, {timeout: 20000}, selector);
}

async function register(page, name, byKeyboard) {
  await page.waitForSelector('#login:not([hidden])');
  if (byKeyboard) {
    // Keyboard only: focus the name, Tab to the password, Tab twice to the
    // Register button, Enter.
    await page.focus('#login-form [name=name]');
    await page.keyboard.type(name);
    await page.keyboard.press('Tab');
    await page.keyboard.type(`${name}-password-long`);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
  } else {
    await page.type('#login-form [name=name]', name);
    await page.type('#login-form [name=password]', `${name}-password-long`);
    await page.click('#login-form button[value=register]');
  }
  await waitText(page, '#who', `signed in as ${name}`, `${name} registers${byKeyboard ? ' by keyboard' : ''}`);
}

async function submitOrders(page, lines, ready) {
  await page.$eval('#order-lines', (e, v) => (e.value = v), lines.join('\n'));
  await page.click(`#orders-form button[value=${ready ? 'ready' : 'save'}]`);
}

// ------------------------------------------------------------------ the test

const work = mkdtempSync(join(tmpdir(), 'naumachia-browser-'));
const {server, address, log} = await startServer(work);
const base = `https://${address}/`;
let browser;
try {
  // The port's plain HTTP answers.
  const index = await http(address, 'GET', '/');
  check(index.status === 200 && index.body.includes('<title>naumachia</title>'), 'GET / is the web client');
  check(/default-src 'none'/.test(index.headers['content-security-policy'] || ''), 'the page has a content security policy');
  const proto = await http(address, 'GET', '/protocol.js');
  check(proto.status === 200 && proto.body.includes('Envelope'), "the protocol's code is served for the page");
  const head = await http(address, 'HEAD', '/app.js');
  check(head.status === 200 && head.body === '' && Number(head.headers['content-length']) > 1000, 'HEAD answers headers only');
  check((await http(address, 'GET', '/../server/main.cpp')).status === 404, 'a path outside the client is not found');
  const post = await http(address, 'POST', '/');
  check(post.status === 405 && post.headers.allow === 'GET, HEAD', 'POST is refused with 405 and Allow');

  browser = await puppeteer.launch({
    executablePath: chromium,
    headless: true,
    acceptInsecureCerts: true,  // the server's self-signed certificate
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
      '--disable-dev-shm-usage'],
  });
  const errors = [];
  async function newPage() {
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    await page.setViewport({width: 1280, height: 900});
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.goto(base, {waitUntil: 'load'});
    return page;
  }
  const alice = await newPage();
  const bob = await newPage();

  await register(alice, 'alice', false);
  await register(bob, 'bob', true);

  // Alice creates a two-player game of Diplomacy and takes the first side.
  await alice.waitForSelector('#lobby:not([hidden])');
  await alice.waitForFunction(() => document.querySelector('#new-game [name=scenario]').options.length > 0);
  await alice.select('#new-game [name=scenario]', 'diplomacy/standard');
  await alice.$eval('#new-game [name=players]', (e) => (e.value = '2'));
  await alice.click('#new-game button[type=submit]');
  await alice.waitForSelector('#game:not([hidden])');
  const gameId = /game=(\d+)/.exec(alice.url())[1];
  check(Boolean(gameId), `alice created game ${gameId}`);
  await waitText(alice, '#game-state', 'waiting for players', 'the new game waits for a second player');

  // Bob finds it in the list and joins.
  await bob.click('#refresh-games');
  await bob.waitForSelector(`#games tr[data-game="${gameId}"] button`);
  await bob.click(`#games tr[data-game="${gameId}"] button`);
  await bob.waitForSelector('#game:not([hidden])');
  await waitText(bob, '#game-state', 'Spring 1901', 'bob joined and the game started');
  await waitText(alice, '#events', 'bob joined', "alice's page hears of bob's joining");
  await waitText(alice, '#game-state', 'Spring 1901', "alice's page shows the started game");

  await boardLoaded(alice);
  await boardLoaded(bob);
  await screenshotBoard(alice, 'diplomacy-alice-spring-1901');
  await screenshotBoard(bob, 'diplomacy-bob-spring-1901');
  const save = await alice.$eval('#board-save', (a) => ({href: a.href, name: a.download}));
  check(save.href.startsWith('blob:') && save.name.endsWith('.svg'), 'the board can be saved as an SVG picture');

  // Orders: alice's seat plays the first powers of the seating; she writes
  // one illegal line among legal ones and gets its line number and reason.
  const aliceSide = await text(alice, '#game-state');
  check(/you play /.test(aliceSide), `alice's page names her side (${aliceSide})`);
  check(/Austria\+France/.test(aliceSide), 'alice plays France among others');
  await submitOrders(alice, ['A par - bur', 'A mar - mun', 'F bre - mao'], false);
  await waitText(alice, '#order-errors', 'line 2', 'an illegal order is refused with its line number');
  await waitText(alice, '#orders-note', 'Nothing was saved', 'nothing is saved when a line is refused');
  const firstError = await text(alice, '#order-errors li');
  check(/line 2 \(A mar - mun\)/.test(firstError), `the error quotes the line (${firstError})`);

  await submitOrders(alice, ['A par - bur', 'A mar - spa', 'F bre - mao'], true);
  await waitText(alice, '#orders-note', 'marked ready', "alice's orders are saved and ready");
  await waitText(bob, '#events', 'committed orders (ready)', "bob's page hears that alice is ready");
  await submitOrders(bob, [], true);
  await waitText(bob, '#game-state', 'Fall 1901', 'the step resolved and bob sees the next');
  await waitText(alice, '#game-state', 'Fall 1901', 'alice sees the next step too');
  await waitText(alice, '#events', 'A par - bur', 'the revealed orders are among the events');
  await waitText(bob, '#events', 'Spring 1901 movement resolved', 'the resolution is among the events');
  await boardLoaded(alice);
  await screenshotBoard(alice, 'diplomacy-alice-fall-1901');

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
  check(r.colours >= 8 && r.inked > 0.05, 'the replay shows the board before the first step');

  // On a phone: one column, nothing wider than the screen.
  await alice.setViewport({width: 390, height: 844, isMobile: true});
  await alice.reload({waitUntil: 'load'});
  await boardLoaded(alice);
  const overflow = await alice.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  check(overflow <= 0, `on a phone the page fits the screen (overflow ${overflow} px)`);
  await screenshotBoard(alice, 'diplomacy-alice-phone');

  check(errors.length === 0, `no script errors in the pages${errors.length ? `: ${errors.join('; ')}` : ''}`);
} catch (err) {
  failures++;
  console.log(`FAILED: ${err.stack || err}`);
  console.log(`server log:\n${log()}`);
} finally {
  if (browser) await browser.close();
  server.kill('SIGTERM');
  rmSync(work, {recursive: true, force: true});
}
console.log(`${checks - failures} checks passed, ${failures} failed`);
process.exit(failures ? 1 : 0);
