// Orders by clicking, for the web client (app.ts). The board is the server's
// SVG picture drawn inline (board.ts): every cell names itself (data-id) and
// every counter its cell (data-cell). The server lists the decisions of the step
// and, for a decision and the choices made so far, every way on
// (ChoicesRequest); this file only shows them, as a menu and as highlighted
// cells, and writes the finished line into the orders text, which stays the
// one list of orders sent. It holds no rules.

import {$, el, fail, game, gameBoard, refreshGame, request} from './app';
import {SVG_NS} from './board';
import {playerSeats} from './roster';

// What the player is building: the step's decisions, the one being ordered,
// the choices made so far and the server's answer for them; the lines made by
// clicking, by decision, with the cells they concern (for the preview).
export let picking = null;
// The open game's step gives no orders (or another game is open).
export function stopPicking() {
  picking = null;
}

function resetPicking(step) {
  picking = {step, decisions: [], loading: null, decision: null, path: [], pathCells: [], answer: null,
    complete: false, made: new Map()};
}

// ------------------------------------------------------------------ the board

// Draws the server's SVG picture in the board's frame (board.ts), or hides
// the board when there is none: the same game keeps the player's zoom.
export function setBoard(svg, alt) {
  gameBoard.show(svg, {alt, key: `game ${game.id}`, view: game.detail.view, seats: playerSeats(game.detail.summary)});
  markBoard();
}

export function boardSvg() {
  return $('board').querySelector('svg');
}

// The board's cells by id, indexed once a board: a Tyre board has thousands
// of hexes and every click marks many of them.
const cellIndex = new WeakMap();

export function cellsNamed(id) {
  const svg = boardSvg();
  if (!svg) return [];
  let index = cellIndex.get(svg);
  if (!index) {
    index = new Map();
    for (const c of svg.querySelectorAll('.cell')) {
      if (!index.has(c.dataset.id)) index.set(c.dataset.id, []);
      index.get(c.dataset.id).push(c);
    }
    cellIndex.set(svg, index);
  }
  return index.get(id) || [];
}

// A cell's centre, measured once a board (a measure after the marks change
// makes the browser lay the board out again).
const cellCentres = new WeakMap();

function cellCentre(id) {
  const svg = boardSvg();
  if (!svg) return null;
  if (!cellCentres.has(svg)) cellCentres.set(svg, new Map());
  const known = cellCentres.get(svg);
  if (!known.has(id)) {
    const cell = cellsNamed(id)[0];
    const box = cell ? cell.getBBox() : null;
    known.set(id, box ? {x: box.x + box.width / 2, y: box.y + box.height / 2} : null);
  }
  return known.get(id);
}

// The marks on the board: the player's pieces still to order, the one being
// ordered, the cells the next choices concern, and each clicked order as a
// line from its piece to the places it names.
function markBoard() {
  const svg = boardSvg();
  if (!svg || !picking) return;
  for (const c of svg.querySelectorAll('.to-order, .ordering, .choice-target')) {
    c.classList.remove('to-order', 'ordering', 'choice-target');
  }
  for (const d of picking.decisions) {
    if (!orderedLine(d)) for (const id of d.cells) for (const c of cellsNamed(id)) c.classList.add('to-order');
  }
  const current = decisionNamed(picking.decision);
  if (current) for (const id of current.cells) for (const c of cellsNamed(id)) c.classList.add('ordering');
  if (picking.answer) {
    for (const choice of picking.answer.choices) {
      for (const id of choice.cells) for (const c of cellsNamed(id)) c.classList.add('choice-target');
    }
  }
  drawPreview(svg);
}

function drawPreview(svg) {
  for (const old of svg.querySelectorAll('.preview')) old.remove();
  const layer = document.createElementNS(SVG_NS, 'g');
  layer.setAttribute('class', 'preview');
  const lines = currentLines();
  const drawn = [...picking.made.values()].filter((made) => lines.includes(made.line));
  // The order being built, as far as it goes (a galley's path hex by hex).
  const current = decisionNamed(picking.decision);
  if (current && picking.pathCells.length > 0) {
    drawn.push({from: current.cells[0], to: picking.pathCells.flat(), building: true});
  }
  for (const made of drawn) {
    const from = cellCentre(made.from);
    let at = from;
    for (const id of made.to) {
      const to = cellCentre(id);
      if (!at || !to) continue;
      if (to.x === at.x && to.y === at.y) {
        const ring = document.createElementNS(SVG_NS, 'circle');
        for (const [k, v] of [['cx', to.x], ['cy', to.y], ['r', 9]]) ring.setAttribute(k, v);
        layer.append(ring);
        continue;
      }
      const line = document.createElementNS(SVG_NS, 'line');
      for (const [k, v] of [['x1', at.x], ['y1', at.y], ['x2', to.x], ['y2', to.y]]) line.setAttribute(k, v);
      if (made.building) line.setAttribute('class', 'building');
      layer.append(line);
      const dot = document.createElementNS(SVG_NS, 'circle');
      for (const [k, v] of [['cx', to.x], ['cy', to.y], ['r', 4]]) dot.setAttribute(k, v);
      layer.append(dot);
      at = to;
    }
    if (made.to.length === 0 && from) {
      const ring = document.createElementNS(SVG_NS, 'circle');
      for (const [k, v] of [['cx', from.x], ['cy', from.y], ['r', 9]]) ring.setAttribute(k, v);
      layer.append(ring);
    }
  }
  svg.append(layer);
}

// A click on the board: on a place the next choices concern, that choice
// (or, when several concern it, the menu narrowed to them); else on one of
// the player's pieces, its decision.
export function boardClicked(event) {
  if (!picking) return;
  const hit = event.target.closest('[data-id], [data-cell]');
  if (!hit) return;
  const cell = hit.dataset.cell || hit.dataset.id;
  // A click while a new step's decisions are on their way (the board is
  // already the new one) is answered when they come, not lost.
  const waiting = picking;
  if (waiting.loading) {
    waiting.loading.then(() => picking === waiting && cellClicked(cell)).catch(fail);
    return;
  }
  cellClicked(cell);
}

function cellClicked(cell) {
  if (picking.answer) {
    const matching = picking.answer.choices.filter((c) => c.cells.includes(cell));
    if (matching.length === 1) return choose(matching[0]).catch(fail);
    if (matching.length > 1) return showMenu(matching);
  }
  const next = pieceDecision(cell, null);
  if (next) pickDecision(next.id).catch(fail);
}

// The decision of the player's piece at `cell`: the one naming the piece
// (`label`, when known), else the first there but the one being made, so
// that clicking a stack again takes its next piece.
export function pieceDecision(cell, label) {
  const there = picking.decisions.filter((d) => d.cells.includes(cell));
  const named = label ? there.find((d) => d.id === label || d.text === label || d.text === `${label}:`) : null;
  return named || there.find((d) => d.id !== picking.decision) || there[0] || null;
}

// ------------------------------------------------------------------ the orders

function currentLines() {
  return $('order-lines').value.split('\n').map((l) => l.trim()).filter((l) => l !== '');
}

function decisionNamed(id) {
  return picking ? picking.decisions.find((d) => d.id === id) || null : null;
}

// The line the orders hold for a decision: the one clicked for it, or a typed
// line that begins with its text and goes on, when that text names the piece
// ("A par", not a bare "Build" several decisions share).
function orderedLine(d) {
  const lines = currentLines();
  const made = picking.made.get(d.id);
  if (made && lines.includes(made.line)) return made.line;
  if (!d.text.includes(d.id)) return null;
  return lines.find((l) => l.startsWith(`${d.text} `)) || null;
}

async function askChoices(decision, path) {
  const g = game.detail.summary;
  return request('choices', orderingFor(game, {game_id: game.id, step: g.step, decision, path}));
}

// ------------------------------------------------------------------ a partner's seat

// A request about orders, for the seat the page orders for: the player's
// own (no for_seat) or a resigned partner's whose forces the game handed to
// them (GameSummary.controlled_seats).
export function orderingFor(mine, body) {
  return mine.forSeat === null || mine.forSeat === undefined ? body : {...body, for_seat: mine.forSeat};
}

// "Orders for": shown when the player controls more seats than their own.
export function showOrderingFor(g) {
  const seats = g.my_seat < 0 ? [] : g.controlled_seats.filter((s) => s !== g.my_seat);
  $('order-for-label').hidden = !seats.length || g.status !== 'RUNNING';
  if (!seats.length) {
    game.forSeat = null;
    return;
  }
  const named = (seat) => g.seats.find((s) => s.seat === seat) || {side: `seat ${seat}`, resigned: false};
  $('order-for').replaceChildren(el('option', {value: String(g.my_seat)}, `${named(g.my_seat).side} (your seat)`),
      ...seats.map((seat) => el('option', {value: String(seat)},
          `${named(seat).side}${named(seat).resigned ? ' (resigned partner)' : ' (partner)'}`)));
  // (Set here: this file runs before app.js, whose helpers it uses.)
  $('order-for').onchange = orderForChosen;
  if (game.forSeat !== null && !seats.includes(game.forSeat)) game.forSeat = null;
  $('order-for').value = String(game.forSeat ?? g.my_seat);
}

function orderForChosen() {
  const seat = Number($('order-for').value);
  game.forSeat = seat === game.detail.summary.my_seat ? null : seat;
  // Another seat's board, saved orders and decisions.
  game.filled = null;
  picking = null;
  refreshGame().catch(fail);
}

// Lists the step's decisions for a player who orders in it.
export async function loadDecisions() {
  const g = game.detail.summary;
  if (!picking || picking.step !== g.step) resetPicking(g.step);
  const mine = picking;
  // The step moved on meanwhile (a push will redraw), or the server is
  // gone: no decisions, and the orders can still be typed.
  mine.loading = askChoices('', []).then((a) => a.decisions, () => []);
  const decisions = await mine.loading;
  mine.decisions = decisions;
  mine.loading = null;
  if (picking !== mine) return;
  $('picker').hidden = picking.decisions.length === 0;
  showRoster();
  if (picking.decision && !decisionNamed(picking.decision)) closeMenu();
  markBoard();
}

function showRoster() {
  // A redraw (a push, a saved line) keeps the keyboard's place in the list.
  const active = document.activeElement as HTMLElement | null;
  const focused = active && active.closest('#decisions') ? active.dataset.decision : null;
  $('decisions').replaceChildren(...picking.decisions.map((d) => {
    const line = orderedLine(d);
    const button = el('button', {type: 'button', 'data-decision': d.id,
      'aria-pressed': String(d.id === picking.decision)}, d.label);
    // What the rules do with no order, so a player knows what leaving it means.
    const unordered = d.otherwise ? ` to order (without one: ${d.otherwise})` : ' to order';
    return el('li', {class: line ? 'ordered' : 'to-order'}, button,
        el('span', {class: 'hint'}, line ? ` ${line}` : unordered));
  }));
  for (const b of $('decisions').querySelectorAll('button')) {
    b.addEventListener('click', () => pickDecision(b.dataset.decision).catch(fail));
    if (focused !== null && b.dataset.decision === focused) b.focus();
  }
}

export async function pickDecision(id) {
  // On a phone the orders fold away under the board: a piece chosen opens them.
  $('orders').open = true;
  picking.decision = id;
  picking.path = [];
  picking.pathCells = [];
  picking.complete = false;
  await loadChoices();
}

async function loadChoices() {
  picking.answer = await askChoices(picking.decision, picking.path);
  showMenu(picking.answer.choices);
  showRoster();
  markBoard();
}

function showMenu(choices) {
  const a = picking.answer;
  $('choice-menu').hidden = false;
  $('choice-line').textContent = a.line;
  const buttons = choices.map((c) => {
    const b = el('button', {type: 'button'}, c.last ? c.label : `${c.label} …`);
    b.addEventListener('click', () => choose(c).catch(fail));
    return b;
  });
  if (picking.complete) {
    const done = el('button', {type: 'button', class: 'done'}, `Done: ${a.line}`);
    done.addEventListener('click', () => finish(a.line));
    buttons.unshift(done);
  }
  if (picking.path.length > 0) {
    const back = el('button', {type: 'button'}, 'Back');
    back.addEventListener('click', () => {
      picking.path.pop();
      picking.pathCells.pop();
      picking.complete = false;
      loadChoices().catch(fail);
    });
    buttons.push(back);
  }
  const cancel = el('button', {type: 'button'}, 'Cancel');
  cancel.addEventListener('click', closeMenu);
  buttons.push(cancel);
  $('choice-buttons').replaceChildren(...buttons);
  const first = $('choice-buttons').querySelector('button');
  if (first) first.focus();
}

function closeMenu() {
  picking.decision = null;
  picking.path = [];
  picking.pathCells = [];
  picking.answer = null;
  picking.complete = false;
  $('choice-menu').hidden = true;
  showRoster();
  markBoard();
}

async function choose(choice) {
  const line = picking.answer.line + choice.text;
  if (choice.complete && choice.last) return finish(line, choice);
  picking.path.push(choice.text);
  picking.pathCells.push(choice.cells);
  picking.complete = choice.complete;
  await loadChoices();
}

// A whole line: it replaces the one made for the same decision, else joins
// the orders; the form sends it with the rest.
function finish(line: string, lastChoice?: any) {
  const d = decisionNamed(picking.decision);
  const lines = currentLines();
  const old = orderedLine(d);
  const at = old ? lines.indexOf(old) : -1;
  if (at >= 0) lines[at] = line; else lines.push(line);
  $('order-lines').value = lines.join('\n');
  const to = [...picking.pathCells.flat(), ...(lastChoice ? lastChoice.cells : [])];
  picking.made.set(d.id, {line, from: d.cells[0], to});
  closeMenu();
  showOrderList();
  const next = picking.decisions.find((x) => !orderedLine(x));
  $('orders-note').textContent = next ? `Next to order: ${next.label}` : 'Every piece has an order.';
}

// The orders as a list with a Remove button each, kept in step with the text.
export function showOrderList() {
  const lines = currentLines();
  $('order-list').replaceChildren(...lines.map((line, i) => {
    const remove = el('button', {type: 'button', 'aria-label': `remove ${line}`}, 'Remove');
    remove.addEventListener('click', () => {
      const rest = currentLines();
      rest.splice(i, 1);
      $('order-lines').value = rest.join('\n');
      showOrderList();
    });
    return el('li', {}, el('code', {}, line), ' ', remove);
  }));
  if (picking) {
    showRoster();
    markBoard();
  }
}
