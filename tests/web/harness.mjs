// What the browser tests share: a real naumachia-server on a loopback port,
// headless Chromium (Debian's, or NAUMACHIA_CHROMIUM) driven by
// puppeteer-core, checks that count, and screenshots checked for a board.
import {spawn} from 'node:child_process';
import {mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync} from 'node:fs';
import {request as httpsRequest} from 'node:https';
import {createRequire} from 'node:module';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {fileURLToPath} from 'node:url';

// The packages are the web client's development packages (web/package.json,
// installed into web/node_modules), found from there rather than from here.
const webPackages = createRequire(new URL('../../web/package.json', import.meta.url));
const {PNG} = webPackages('pngjs');
const puppeteer = webPackages('puppeteer-core');

let failures = 0;
let checks = 0;

export function check(ok, what) {
  checks++;
  if (ok) {
    console.log(`ok: ${what}`);
  } else {
    failures++;
    console.log(`FAILED: ${what}`);
  }
}

// One scenario of each shipped game, and what its first step is called.
export const kShippedGames = [
  ['diplomacy/standard', 'Spring 1901'],
  ['diplomacy/fall-of-constantinople', 'Winter 1354'],
  ['tyre/siege', 'Turn 1: Macedonian deployment'],
  ['constantinople/naval', 'Turn 1'],
  ['classis/actium', 'Setup'],
  ['eih-naval/trafalgar', 'Step'],
];

// ------------------------------------------------------------------ server

function startServer(serverPath, dir, extraArgs = []) {
  return new Promise((resolve, reject) => {
    const server = spawn(serverPath,
        ['--db', join(dir, 'naumachia.db'), '--listen', '127.0.0.1:0', '--password-iterations', '1000',
          '--request-rate', '1000', '--request-burst', '1000', ...extraArgs],
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

// The test SMTP relay (tests/support/sinks.py, Debian's python3-aiosmtpd):
// it writes each mail it takes to a file of its own in `dir`, "name: value"
// lines (to, subject, ...), a blank line and the text.
function startMailSink(dir) {
  return new Promise((resolve, reject) => {
    mkdirSync(dir, {recursive: true});
    const script = fileURLToPath(new URL('../support/sinks.py', import.meta.url));
    // Debian's Python, whose package the relay is (as the integration tests run it).
    const sink = spawn('/usr/bin/python3', [script, 'smtp', '--dir', dir], {stdio: ['ignore', 'pipe', 'pipe']});
    let out = '';
    let err = '';
    sink.stderr.on('data', (d) => (err += d));
    sink.stdout.on('data', (d) => {
      out += d;
      const m = /port (\d+)/.exec(out);
      if (m) resolve({sink, port: Number(m[1])});
    });
    sink.on('exit', (code) => reject(new Error(`the SMTP sink exited (${code}): ${err}`)));
    setTimeout(() => reject(new Error(`the SMTP sink did not start: ${err}`)), 60000);
  });
}

// The mails the sink took so far: {fields, text} each, oldest first.
function mailsIn(dir) {
  return readdirSync(dir).filter((f) => f.endsWith('.txt')).sort().map((f) => {
    const whole = readFileSync(join(dir, f), 'utf8');
    const cut = whole.indexOf('\n\n');
    const fields = {};
    for (const line of whole.slice(0, cut).split('\n')) {
      const at = line.indexOf(': ');
      if (at > 0) fields[line.slice(0, at)] = line.slice(at + 2);
    }
    return {fields, text: whole.slice(cut + 2)};
  });
}

// Waits until a mail to `to` whose subject or text matches `pattern` has
// come, and returns the match.
export async function waitForMail(mail, to, pattern, timeoutMs = 30000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    for (const m of mailsIn(mail.dir)) {
      if (m.fields.to !== to) continue;
      const found = pattern.exec(m.fields.subject || '') || pattern.exec(m.text);
      if (found) return found;
    }
    if (Date.now() > until) throw new Error(`no mail to ${to} matching ${pattern}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

export function http(address, method, path, headers = {}) {
  return new Promise((resolve, reject) => {
    const [host, port] = address.split(':');
    const req = httpsRequest({host, port, method, path, headers, rejectUnauthorized: false}, (res) => {
      const chunks = [];
      res.on('data', (d) => chunks.push(d));
      res.on('end', () => {
        const bytes = Buffer.concat(chunks);
        resolve({status: res.statusCode, headers: res.headers, body: bytes.toString(), bytes});
      });
    });
    req.on('error', reject);
    req.end();
  });
}

// Runs `body({address, base, newPage, outDir, mail})` against a fresh server
// and browser, then exits with the checks' verdict: "N checks passed, M
// failed". `options.serverArgs` go to the server; with `options.mail` the
// server sends its mail through the test SMTP relay, whose mails `mail`
// reads (waitForMail).
export async function run(usage, body, options = {}) {
  const [serverPath, outDir] = process.argv.slice(2);
  if (!serverPath || !outDir) {
    console.error(`usage: ${usage}`);
    process.exit(2);
  }
  mkdirSync(outDir, {recursive: true});
  const work = mkdtempSync(join(tmpdir(), 'naumachia-browser-'));
  let started = null;
  let browser = null;
  let sink = null;
  const errors = [];
  const pages = [];
  try {
    const serverArgs = [...(options.serverArgs || [])];
    const mail = options.mail ? {dir: join(work, 'mail')} : null;
    if (mail) {
      sink = await startMailSink(mail.dir);
      serverArgs.push('--smtp', `smtp://127.0.0.1:${sink.port}`, '--smtp-tls', 'none');
    }
    started = await startServer(serverPath, work, serverArgs);
    browser = await puppeteer.launch({
      executablePath: process.env.NAUMACHIA_CHROMIUM || '/usr/bin/chromium',
      headless: true,
      acceptInsecureCerts: true,  // the server's self-signed certificate
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
        '--disable-background-networking', '--disable-component-update', '--disable-sync',
        '--disable-dev-shm-usage',
        // Every test drives two or more pages at once: none of them may be
        // slowed or left unpainted for being behind another.
        '--disable-backgrounding-occluded-windows', '--disable-renderer-backgrounding',
        '--disable-background-timer-throttling'],
    });
    const base = `https://${started.address}/`;
    // Each page in a context of its own: its own storage, its own sign-in.
    const newPage = async (width = 1280, height = 900) => {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      await page.setViewport({width, height});
      // Chromium paints only the page in front, and a screenshot of another
      // waits for a frame that never comes: each screenshot, of the page or
      // of one of its elements (which goes through the page's), brings its
      // page to the front first.
      const screenshot = page.screenshot.bind(page);
      page.screenshot = async (options) => {
        await page.bringToFront();
        return screenshot(options);
      };
      page.on('pageerror', (e) => errors.push(e.message));
      page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      await page.goto(base, {waitUntil: 'load'});
      pages.push(page);
      return page;
    };
    await body({address: started.address, base, newPage, outDir, mail});
    check(errors.length === 0, `no script errors in the pages${errors.length ? `: ${errors.join('; ')}` : ''}`);
  } catch (err) {
    failures++;
    // The report's first line names the test's own line that failed (a
    // puppeteer stack begins deep in puppeteer), then what each page showed.
    const here = String(err.stack || '').split('\n').filter((l) => /\/tests\/web\/[^/]+\.mjs:/.test(l))
        .map((l) => l.trim().replace(/^at (.*\()?.*\/tests\/web\//, '').replace(/\)$/, ''));
    console.log(`FAILED: ${err.message || err}${here.length ? ` (at ${here.join(' < ')})` : ''}`);
    for (const [i, page] of pages.entries()) {
      const seen = await page.evaluate(() => {
        const flat = (t) => (t || '').replace(/\s+/g, ' ').trim();
        const text = (s) => flat(document.querySelector(s)?.textContent).slice(0, 120);
        const a = document.activeElement;
        return `${location.hash} state "${text('#game-state')}" note "${text('#orders-note')}"` +
          ` menu "${text('#choice-line')}" focus ${a ? `${a.tagName} "${flat(a.textContent).slice(0, 40)}"` : 'none'}`;
      }).catch((e) => `unreadable: ${e.message}`);
      console.log(`page ${i + 1}: ${seen}`);
    }
    console.log(err.stack || err);
    if (started) console.log(`server log:\n${started.log()}`);
  } finally {
    if (browser) await browser.close();
    if (started) started.server.kill('SIGTERM');
    if (sink) sink.sink.kill('SIGTERM');
    rmSync(work, {recursive: true, force: true});
  }
  console.log(`${checks - failures} checks passed, ${failures} failed`);
  process.exit(failures ? 1 : 0);
}

// ------------------------------------------------------------------ accessibility

// axe-core's checks (WCAG 2.1 A and AA, and its best practices) on what the
// page shows now: no serious or critical violation. The script is evaluated
// through the browser's debugging protocol, which the page's content security
// policy does not govern; the page itself is not changed.
const axeSource = readFileSync(webPackages.resolve('axe-core/axe.min.js'), 'utf8');
export async function accessible(page, what) {
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const r = await window.axe.run(document, {resultTypes: ['violations']});
    return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.impact} ${v.id} (${v.help}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
  });
  check(violations.length === 0,
      `axe-core finds no serious or critical violation: ${what}${violations.length ? `\n  ${violations.join('\n  ')}` : ''}`);
}

// ------------------------------------------------------------------ pictures

// A screenshot of a board: a picture of some size in many colours (sea,
// land, the sides' colours), not a blank or a broken image.
export function boardInScreenshot(file) {
  const png = PNG.sync.read(readFileSync(file));
  const colours = new Set();
  let inked = 0;
  let samples = 0;
  for (let i = 0; i < png.data.length; i += 4 * 7) {
    const [r, g, b] = [png.data[i], png.data[i + 1], png.data[i + 2]];
    colours.add(((r >> 3) << 10) | ((g >> 3) << 5) | (b >> 3));
    if (r < 240 || g < 240 || b < 240) inked++;
    samples++;
  }
  return {width: png.width, height: png.height, colours: colours.size, inked: inked / samples};
}

export function looksLikeBoard(s) {
  return s.width >= 300 && s.height >= 200 && s.colours >= 8 && s.inked > 0.05;
}

// Screenshots the board image into OUT_DIR/NAME.png and checks it, and the
// page's visible part into OUT_DIR/NAME-page.png.
export async function screenshotBoard(page, outDir, name, selector = '#board') {
  const file = join(outDir, `${name}.png`);
  await (await page.$(selector)).screenshot({path: file});
  const s = boardInScreenshot(file);
  check(looksLikeBoard(s),
      `${name}: the screenshot shows a board (${s.width}x${s.height}, ${s.colours} colours, ` +
          `${Math.round(s.inked * 100)}% inked)`);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({path: join(outDir, `${name}-page.png`)});
}

// ------------------------------------------------------------------ the page

export async function text(page, selector) {
  return page.$eval(selector, (e) => e.textContent);
}

export async function waitText(page, selector, needle, what) {
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

// The board is there: a picture loaded, or the game's board drawn inline
// (an svg with its cells).
export async function boardLoaded(page, selector = '#board') {
  await page.waitForFunction((s) => {
    const e = document.querySelector(s);
    if (!e || e.hidden) return false;
    if (e.tagName === 'IMG') return e.complete && e.naturalWidth > 0;
    const svg = e.querySelector('svg');
    return svg && svg.getBoundingClientRect().width > 0 && svg.querySelector('.cell');
  }, {timeout: 20000}, selector);
}

export async function register(page, name, byKeyboard) {
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

// Clicks the Join button of the game's row in the lobby. In the page, at
// once: the list is drawn again whenever a push arrives.
export async function joinFromList(page, id) {
  const button = `#games tr[data-game="${id}"] button`;
  await page.waitForSelector(button);
  await page.$eval(button, (b) => b.click());
}

// `creator` makes a game of `scenario` for two players from the lobby's
// form (with a deadline per step of `deadlineHours`, 0: none); `joiner`
// joins it from the list. Returns the game's id.
export async function createAndJoin(creator, joiner, scenario, deadlineHours = 0) {
  await creator.goto(new URL('/#', creator.url()).href);
  await creator.waitForSelector('#lobby:not([hidden])');
  await creator.waitForFunction(() => document.querySelector('#new-game [name=scenario]').options.length > 0);
  await creator.select('#new-game [name=scenario]', scenario);
  await creator.$eval('#new-game [name=players]', (e) => (e.value = '2'));
  await creator.$eval('#new-game [name=deadline]', (e, h) => (e.value = String(h)), deadlineHours);
  // Pressed in the page, at once: a click by the pointer lands wherever the
  // button was when it was aimed, and a game pushed to the lobby meanwhile
  // (another player's) moves the form down.
  await creator.$eval('#new-game button[type=submit]', (b) => b.click());
  await creator.waitForFunction(() => /game=\d+/.test(location.hash));
  const id = /game=(\d+)/.exec(creator.url())[1];
  await joiner.goto(new URL('/#', joiner.url()).href);
  await joiner.waitForSelector('#lobby:not([hidden])');
  await joiner.$eval('#refresh-games', (b) => b.click());
  await joinFromList(joiner, id);
  await joiner.waitForFunction((g) => location.hash === `#game=${g}`, {}, id);
  await joiner.waitForSelector('#game:not([hidden])');
  return id;
}
