// Every shipped game's board in a real browser, at a desktop's size (1280x800)
// and a phone's (390x844): the board is there and its picture is XML; the
// zoom buttons, fit and full screen change the picture's viewBox as they
// should; a drag pans without giving an order while a click still does; the
// roster lists the seat's pieces and choosing one marks it on the board; a
// cell or counter shows its tooltip on hover; and every text of the board but
// the hex numbers is at least 10 px high at the default zoom (the smallest
// height and the number of smaller texts are printed per game and size).
// Screenshots of each go to OUT_DIR.
//
//   node tests/web/boards.mjs SERVER OUT_DIR
import {join} from 'node:path';

import {boardLoaded, check, createAndJoin, kShippedGames, register, run} from './harness.mjs';

const kSizes = [['desktop', 1280, 800], ['phone', 390, 844]];
const kLegible = 10;  // CSS pixels, at the least, of a text's rendered height
const kStep = 1.25;   // board.ts's zoom step

const near = (a, b, tolerance = 0.6) => Math.abs(a - b) <= tolerance;
const pause = (ms) => new Promise((r) => setTimeout(r, ms));
// Two frames drawn: what the last input or change of the page set off (a
// layout, a resize observer, a scroll event) has run.
const frames = (page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

// The frame's state: the viewBox, the frame's size, the picture's own box.
async function frameState(page) {
  return page.evaluate(() => {
    const frame = document.querySelector('#board');
    const svg = frame.querySelector('svg');
    const [x, y, w, h] = svg.getAttribute('viewBox').split(/\s+/).map(Number);
    const own = /viewBox="([^"]+)"/.exec(naumachia.game.detail.picture)[1].split(/[\s,]+/).map(Number);
    return {x, y, w, h, fw: frame.clientWidth, fh: frame.clientHeight,
      box: {x: own[0], y: own[1], w: own[2], h: own[3]}, inner: {w: innerWidth, h: innerHeight}};
  });
}

// The screenshots are for people to look at: the quickest encoding serves.
const screenshot = (page, path) => page.screenshot({path, optimizeForSpeed: true});

async function pressTool(page, what) {
  await page.click(`#board-figure [data-zoom=${what}]`);
  await frames(page);
}

// The smallest rendered height of the board's texts (but hex numbers) and
// those under kLegible.
async function legibility(page) {
  return page.evaluate((least) => {
    const texts = [...document.querySelectorAll('#board svg text')]
        .filter((t) => t.textContent.trim() !== '' && !t.closest('.hexnum'));
    let smallest = Infinity;
    const small = [];
    for (const t of texts) {
      const h = t.getBoundingClientRect().height;
      smallest = Math.min(smallest, h);
      if (h < least) small.push(`${t.textContent.trim()} (${h.toFixed(1)} px)`);
    }
    return {count: texts.length, smallest, small};
  }, kLegible);
}

// The seat's pieces as the view has them ("cell|label"), and the roster's
// entries of the player's own groups.
async function pieces(page) {
  return page.evaluate(() => {
    const g = naumachia.game.detail.summary;
    const mine = g.controlled_seats.length ? g.controlled_seats : [g.my_seat];
    const own = [];
    let all = 0;
    for (const c of naumachia.game.detail.view.cells) {
      for (const t of c.tokens) {
        all++;
        if (mine.includes(t.owner)) own.push(`${c.id}|${t.label || t.kind}`);
      }
    }
    const listed = [...document.querySelectorAll('#piece-groups .piece-group')]
        .filter((grp) => mine.includes(Number(grp.dataset.owner)))
        .flatMap((grp) => [...grp.querySelectorAll('button')].map((b) => b.dataset.piece));
    return {own, listed, all, entries: document.querySelectorAll('#piece-groups button').length};
  });
}

// The centre (client pixels) of the counter chosen, and whether it lies in the frame.
async function chosenCentre(page) {
  return page.evaluate(() => {
    const c = document.querySelector('#board svg .chosen');
    if (!c) return null;
    const r = c.getBoundingClientRect();
    const f = document.querySelector('#board').getBoundingClientRect();
    const x = r.x + r.width / 2, y = r.y + r.height / 2;
    return {x, y, cell: c.dataset.cell || c.dataset.id,
      inFrame: x > f.left && x < f.right && y > f.top && y < f.bottom};
  });
}

const menuOpen = (page) => page.$eval('#choice-menu', (m) => !m.hidden && !document.querySelector('#picker').hidden);

async function closeMenu(page) {
  await page.evaluate(() => {
    const cancel = [...document.querySelectorAll('#choice-buttons button')].find((b) => b.textContent === 'Cancel');
    if (cancel) cancel.click();
  });
}

async function checkBoard(page, scenario, size, outDir) {
  const name = `${scenario.replace('/', '-')}-${size}`;
  const what = `${scenario} at ${size} size`;
  await boardLoaded(page);
  // The step's decisions come after the board: the roster and the menu need them.
  await page.waitForFunction(() => document.querySelector('#orders').hidden ||
      document.querySelectorAll('#decisions li').length > 0, {timeout: 5000}).catch(() => {});
  await frames(page);
  await page.$eval('#board', (f) => f.scrollIntoView({block: 'center'}));

  // The picture is XML, as the server sent it and as the page shows it.
  const xml = await page.evaluate(() => {
    const parses = (s) => {
      const doc = new DOMParser().parseFromString(s, 'image/svg+xml');
      return !doc.querySelector('parsererror') && doc.documentElement.localName === 'svg';
    };
    return parses(naumachia.game.detail.picture) &&
        parses(new XMLSerializer().serializeToString(document.querySelector('#board svg')));
  });
  check(xml, `${what}: the board is there and its SVG parses as XML`);

  // Legibility at the default zoom.
  const legible = await legibility(page);
  console.log(`legibility: ${scenario} at ${size}: ${legible.count} texts, the smallest ` +
      `${legible.smallest.toFixed(1)} px high, ${legible.small.length} under ${kLegible} px` +
      `${legible.small.length ? `: ${legible.small.slice(0, 8).join('; ')}${legible.small.length > 8 ? ' ...' : ''}` : ''}`);
  check(legible.small.length === 0,
      `${what}: no text of the board but hex numbers is under ${kLegible} px high at the default zoom ` +
          `(${legible.small.length} of ${legible.count}; smallest ${legible.smallest.toFixed(1)} px)`);
  await screenshot(page, join(outDir, `${name}.png`));

  // The default zoom: one SVG unit a CSS pixel when the board is larger than
  // its frame, else the whole board.
  const start = await frameState(page);
  const larger = start.box.w > start.fw + 0.5 || start.box.h > start.fh + 0.5;
  const fitScale = Math.min(start.fw / start.box.w, start.fh / start.box.h);
  const scale = start.fw / start.w;
  const own = await pieces(page);
  const opening = larger ? 1 : fitScale;
  check(near(scale, opening, 0.01),
      `${what}: the board opens at ${opening === 1 ? 'one unit a pixel' : 'its whole size'} ` +
          `(${start.fw}x${start.fh} frame, viewBox ${start.w.toFixed(1)}x${start.h.toFixed(1)}, ` +
          `picture ${start.box.w}x${start.box.h})`);

  // Zoom in and out about the centre, fit, full screen and back.
  const centre = (s) => ({x: s.x + s.w / 2, y: s.y + s.h / 2});
  await pressTool(page, 'fit');
  const fitted = await frameState(page);
  check(fitted.w >= fitted.box.w - 0.6 && fitted.h >= fitted.box.h - 0.6 &&
      (near(fitted.w, fitted.box.w) || near(fitted.h, fitted.box.h)),
  `${what}: "Fit" shows the whole board (viewBox ${fitted.w.toFixed(1)}x${fitted.h.toFixed(1)})`);
  await pressTool(page, 'in');
  const zoomed = await frameState(page);
  check(near(zoomed.w, fitted.w / kStep) && near(zoomed.h, fitted.h / kStep) &&
      near(centre(zoomed).x, centre(fitted).x) && near(centre(zoomed).y, centre(fitted).y),
  `${what}: "+" zooms in about the centre (viewBox ${fitted.w.toFixed(1)} -> ${zoomed.w.toFixed(1)} wide)`);
  await pressTool(page, 'out');
  const unzoomed = await frameState(page);
  check(near(unzoomed.w, fitted.w) && near(unzoomed.h, fitted.h),
      `${what}: "-" zooms out again (viewBox ${unzoomed.w.toFixed(1)} wide)`);
  const outDisabled = await page.$eval('#board-figure [data-zoom=out]', (b) => b.disabled);
  check(fitted.fw / fitted.w > 1 || outDisabled, `${what}: "-" goes no further out than the whole board`);

  await pressTool(page, 'full');
  await page.waitForFunction((h) => document.querySelector('#board').clientHeight > h + 20, {timeout: 5000},
      fitted.fh).catch(() => {});
  await frames(page);
  const full = await frameState(page);
  const fullScale = full.fw / full.w;
  check(full.fw >= full.inner.w - 40 && full.fh > fitted.fh && near(full.h, full.fh / fullScale, 1),
      `${what}: "Full screen" fills the screen (frame ${fitted.fw}x${fitted.fh} -> ${full.fw}x${full.fh}, ` +
          `viewBox ${full.w.toFixed(1)}x${full.h.toFixed(1)})`);
  await screenshot(page, join(outDir, `${name}-full-screen.png`));
  await pressTool(page, 'full');
  await page.waitForFunction((h) => Math.abs(document.querySelector('#board').clientHeight - h) < 2,
      {timeout: 5000}, fitted.fh).catch(() => {});
  await frames(page);
  const back = await frameState(page);
  check(back.fw === fitted.fw && back.fh === fitted.fh,
      `${what}: leaving full screen gives the frame back its size (${back.fw}x${back.fh})`);

  // The keyboard: + zooms, an arrow pans, when the board has the focus.
  await page.focus('#board');
  await page.keyboard.press('+');
  await page.keyboard.press('+');
  const keyed = await frameState(page);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  const arrowed = await frameState(page);
  check(near(keyed.w, back.w / kStep / kStep, 1) && (arrowed.x > keyed.x || arrowed.y > keyed.y),
      `${what}: + and the arrow keys zoom and pan the focused board ` +
          `(viewBox at ${keyed.x.toFixed(0)},${keyed.y.toFixed(0)} -> ${arrowed.x.toFixed(0)},${arrowed.y.toFixed(0)})`);

  // The wheel zooms about the pointer: the point under it stays. At desktop
  // size only: a phone has no wheel (it zooms by pinching and the buttons),
  // and Chromium's phone emulation sends its emulated wheel by touch-scrolling
  // rules that can miss the board on a page scrolled a few pixels.
  if (size === 'desktop') {
    const box = await page.$eval('#board', (f) => {
      const r = f.getBoundingClientRect();
      return {x: r.x + f.clientLeft, y: r.y + f.clientTop};
    });
    await page.mouse.move(box.x + arrowed.fw / 3, box.y + arrowed.fh / 3);
    // Where in the frame the wheel turned, as the page saw it.
    await page.$eval('#board', (f) => {
      window.wheelAt = null;
      f.addEventListener('wheel', (e) => {
        const r = f.getBoundingClientRect();
        window.wheelAt = {x: e.clientX - r.left - f.clientLeft, y: e.clientY - r.top - f.clientTop};
      }, {once: true, capture: true});
    });
    // Two frames drawn first: the browser finds the wheel's target in what it
    // last drew.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await page.mouse.wheel({deltaY: -100});
    await page.waitForFunction(() => window.wheelAt !== null, {timeout: 3000}).catch(() => {});
    await frames(page);
    const wheelAt = await page.evaluate(() => window.wheelAt);
    check(wheelAt !== null, `${what}: the wheel turned over the board reaches it`);
    const {x: px, y: py} = wheelAt || {x: arrowed.fw / 3, y: arrowed.fh / 3};
    const wheeled = await frameState(page);
    const under = (s) => ({x: s.x + (px * s.w) / s.fw, y: s.y + (py * s.h) / s.fh});
    // Along a side where the view keeps clear of the board's edges (elsewhere
    // the board's edge holds the view).
    const clear = (start, seen, from, size) => start > from + 0.5 && start + seen < from + size - 0.5;
    // Within a pixel and a half: the pointer's position reaches the page in
    // whole pixels, which on a board zoomed out are several units each.
    const slack = Math.max(1, (1.5 * arrowed.w) / arrowed.fw);
    const steady = (!clear(wheeled.x, wheeled.w, wheeled.box.x, wheeled.box.w) || near(under(wheeled).x, under(arrowed).x, slack)) &&
        (!clear(wheeled.y, wheeled.h, wheeled.box.y, wheeled.box.h) || near(under(wheeled).y, under(arrowed).y, slack));
    check(near(wheeled.w, arrowed.w / kStep, 1) && steady,
        `${what}: the wheel zooms in about the pointer (viewBox ${arrowed.w.toFixed(1)} -> ${wheeled.w.toFixed(1)} wide)`);
  }
  await page.mouse.move(0, 0);

  // The roster: the seat's pieces, each chosen marks its counter in the frame.
  const listed = [...own.listed].sort();
  check(JSON.stringify(listed) === JSON.stringify([...own.own].sort()) && own.entries === own.all,
      `${what}: the roster lists the seat's ${own.own.length} pieces (and ${own.all - own.own.length} others)`);
  let counter = null;
  if (own.listed.length) {
    const key = own.listed[Math.floor(own.listed.length / 2)];
    // The pointer away from the board, where a player choosing from the roster has it.
    await page.mouse.move(0, 0);
    const ordering = await page.evaluate((k) => {
      document.querySelector(`#piece-groups button[data-piece="${CSS.escape(k)}"]`).click();
      const cell = k.slice(0, k.indexOf('|'));
      return !!naumachia.picking && !document.querySelector("#orders").hidden && naumachia.picking.decisions.some((d) => d.cells.includes(cell));
    }, key);
    // The piece is marked at once; its order's menu opens on the server's answer.
    await page.waitForFunction((o) => document.querySelector('#board svg .chosen') &&
        (!o || !document.querySelector('#choice-menu').hidden), {timeout: 10000}, ordering).catch(() => {});
    await frames(page);
    counter = await chosenCentre(page);
    check(counter && counter.cell === key.slice(0, key.indexOf('|')) && counter.inFrame,
        `${what}: choosing ${key} in the roster marks it on the board, in the frame`);
    if (ordering) {
      check(await menuOpen(page), `${what}: choosing a piece with an order to give opens its order`);
      await closeMenu(page);
    }
    // Its tooltip shows beside it (once the page has scrolled back to the board).
    await page.$eval('#board', (f) => f.scrollIntoView({block: 'center'}));
    await frames(page);
    const tipShown = await page.$eval('#board-figure .board-tip', (t) => !t.hidden && t.textContent);
    check(!!tipShown, `${what}: the chosen piece's tooltip shows (${tipShown})`);
    await screenshot(page, join(outDir, `${name}-roster.png`));

    // A click on the piece orders it; a drag from it pans the board and orders nothing.
    await page.$eval('#board', (f) => f.scrollIntoView({block: 'center'}));
    counter = await chosenCentre(page);
    if (ordering) {
      await page.mouse.click(counter.x, counter.y);
      await page.waitForFunction(() => !document.querySelector('#choice-menu').hidden, {timeout: 10000}).catch(() => {});
      check(await menuOpen(page), `${what}: a click on the piece without moving orders it`);
      await closeMenu(page);
      await page.$eval('#board', (f) => f.scrollIntoView({block: 'center'}));
      counter = await chosenCentre(page);
    }
    const lines = await page.$eval('#order-lines', (t) => t.value);
    const before = await frameState(page);
    // Towards the side the board extends further to; the view moves by
    // the drag, as far as the board goes.
    const room = (start, seen, from, size) => [start - from, from + size - (start + seen)];
    const [left, right] = room(before.x, before.w, before.box.x, before.box.w);
    const [up, down] = room(before.y, before.h, before.box.y, before.box.h);
    const dx = left > right ? 120 : -120;
    const dy = up > down ? 80 : -80;
    const dragScale = before.fw / before.w;
    const expected = Math.min(Math.max(left, right, 0), 120 / dragScale) +
        Math.min(Math.max(up, down, 0), 80 / dragScale);
    // The messages the page sends the server from here on: an order's menu
    // opens only on the server's answer to one.
    await page.evaluate(() => {
      window.sentSinceDrag = 0;
      if (!window.countingSends) {
        window.countingSends = true;
        const send = WebSocket.prototype.send;
        WebSocket.prototype.send = function(data) {
          window.sentSinceDrag++;
          return send.call(this, data);
        };
      }
    });
    await page.mouse.move(counter.x, counter.y);
    await page.mouse.down();
    for (let i = 1; i <= 8; i++) await page.mouse.move(counter.x + (dx * i) / 8, counter.y + (dy * i) / 8);
    await page.mouse.up();
    // What the release set off has run (the click it ends in, and the page's
    // timers of no delay). Had the page asked the server anything, there is
    // time for a menu to open on the answer.
    await frames(page);
    if (await page.evaluate(() => window.sentSinceDrag > 0)) await pause(400);
    const dragged = await frameState(page);
    const panned = Math.abs(dragged.x - before.x) + Math.abs(dragged.y - before.y);
    check(expected > 10 && near(panned, expected, 2) && !(await menuOpen(page)) &&
        (await page.$eval('#order-lines', (t) => t.value)) === lines,
    `${what}: a drag pans the board (by ${panned.toFixed(0)} units of ${expected.toFixed(0)}) and gives no order`);
  } else {
    console.log(`note: ${what}: the seat has no pieces on the board at this step`);
  }

  // A tooltip on hover: over a counter (the seat's or any), else a cell.
  await page.$eval('#board', (f) => f.scrollIntoView({block: 'center'}));
  const target = await page.evaluate(() => {
    const f = document.querySelector('#board').getBoundingClientRect();
    const inside = (e) => {
      const r = e.getBoundingClientRect();
      const x = r.x + r.width / 2, y = r.y + r.height / 2;
      return x > f.left + 5 && x < f.right - 5 && y > f.top + 5 && y < f.bottom - 5 &&
          document.elementFromPoint(x, y) && e.contains(document.elementFromPoint(x, y)) ? {x, y} : null;
    };
    for (const sel of ['#board svg .counter', '#board svg .cell']) {
      for (const e of document.querySelectorAll(sel)) {
        const at = inside(e);
        if (at) return {...at, tip: e.dataset.tip || ''};
      }
    }
    return null;
  });
  if (target) {
    await page.mouse.move(target.x - 30, target.y - 30);
    await page.mouse.move(target.x, target.y, {steps: 4});
    await frames(page);
    // Shown, saying the title, within a few pixels of the pointer.
    const tip = await page.$eval('#board-figure .board-tip', (t, at) => {
      const r = t.getBoundingClientRect();
      const dx = Math.max(r.left - at.x, 0, at.x - r.right), dy = Math.max(r.top - at.y, 0, at.y - r.bottom);
      return {shown: !t.hidden, text: t.textContent, first: t.firstChild ? t.firstChild.textContent : '',
        gap: Math.hypot(dx, dy), inWindow: r.left >= 0 && r.right <= innerWidth};
    }, target);
    check(tip.shown && (!target.tip || tip.first === target.tip) && tip.text.length > 0 && tip.gap < 30 && tip.inWindow,
        `${what}: hovering shows the tooltip by the pointer ("${tip.text.slice(0, 80)}", ${tip.gap.toFixed(0)} px away)`);
    await screenshot(page, join(outDir, `${name}-tooltip.png`));
    await page.mouse.move(1, 1);
  } else {
    check(false, `${what}: a cell or counter in the frame to hover`);
  }
}

// The checks of one scenario at each size, on the page of the seat that has
// pieces (the creator's when both do). The page is loaded afresh at each
// size: puppeteer reloads a page itself when its emulated device changes
// (isMobile), so it is reloaded here only when that stays.
async function checkScenario(pair, scenario, outDir) {
  const [creator, joiner] = pair;
  await createAndJoin(creator.page, joiner.page, scenario);
  const load = async (p, width, height, mobile) => {
    const reloads = p.mobile !== mobile;
    await p.page.setViewport({width, height, isMobile: mobile});
    p.mobile = mobile;
    if (!reloads) await p.page.reload({waitUntil: 'load'});
    await boardLoaded(p.page);
  };
  const mineOf = (p) => p.page.evaluate(() => {
    const g = naumachia.game.detail.summary;
    return naumachia.game.detail.view.cells.some((c) => c.tokens.some((t) => g.controlled_seats.includes(t.owner)));
  });
  let checked = null;
  for (const [size, width, height] of kSizes) {
    const began = Date.now();
    const mobile = size === 'phone';
    if (checked) {
      await load(checked, width, height, mobile);
    } else {
      // At the first size the seat with pieces is found: the creator's, or
      // else the joiner's when it has any, each page loaded with the game
      // started.
      await load(creator, width, height, mobile);
      checked = creator;
      if (!(await mineOf(creator))) {
        await load(joiner, width, height, mobile);
        if (await mineOf(joiner)) checked = joiner;
      }
    }
    console.log(`(loading: ${((Date.now() - began) / 1000).toFixed(1)} s)`);
    const checking = Date.now();
    await checkBoard(checked.page, scenario, size, outDir);
    console.log(`(${scenario} at ${size} size: ${((Date.now() - checking) / 1000).toFixed(1)} s)`);
  }
}

// Two pairs of players, each with pages of their own, check the scenarios
// side by side, each pair taking the next scenario not yet taken: a page
// spends much of its time waiting on the browser's other processes and the
// server. (A third pair made it no quicker on two cores.)
const kPairs = [['artemisia', 'themistocles'], ['tomyris', 'cyrus']];

await run('node boards.mjs SERVER OUT_DIR', async ({newPage, outDir}) => {
  const pairs = await Promise.all(kPairs.map(async (names) => {
    const pair = [{page: await newPage(1280, 800), mobile: false}, {page: await newPage(1280, 800), mobile: false}];
    await Promise.all(pair.map((p, i) => register(p.page, names[i], false)));
    return pair;
  }));
  const left = kShippedGames.map(([scenario]) => scenario);
  await Promise.all(pairs.map(async (pair) => {
    for (let scenario = left.shift(); scenario; scenario = left.shift()) await checkScenario(pair, scenario, outDir);
  }));
});
