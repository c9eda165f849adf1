// The roster beside the game's board (app.ts, board.ts): every piece the
// seat's view shows, grouped by side, the seat's own first (with the seats
// it orders for), each with its place, label, kind, printed values, state
// and details, all as the view gives them. Choosing one marks its counter on
// the board and brings it into the frame; one of the player's own pieces
// that has an order to give in the step opens that order, as the list of
// decisions does (orders.ts). It holds no rules.

import {$, el, fail, game, gameBoard, sideOf} from './app';
import {tokenCounter} from './board';
import {boardSvg, cellsNamed, pickDecision, picking, pieceDecision} from './orders';

// The piece chosen, by cell and label, kept while the same game is redrawn.
let chosenPiece = null;
// Another game is open: no piece of it is chosen.
export function forgetChosenPiece() {
  chosenPiece = null;
}

// The seats whose pieces are the player's: their own and those they order for.
export function playerSeats(summary) {
  if (summary.my_seat < 0) return [];
  return summary.controlled_seats.length ? summary.controlled_seats : [summary.my_seat];
}

function pieceName(t) {
  return t.label || t.kind;
}

// Lists the pieces of `detail.view` (none when there is no board).
export function showPieces(detail) {
  const section = $('pieces');
  const list = $('piece-groups');
  if (!detail.picture || !detail.view) {
    section.hidden = true;
    list.replaceChildren();
    return;
  }
  section.hidden = false;
  const g = detail.summary;
  const mine = playerSeats(g);
  const bySide = new Map();
  for (const cell of detail.view.cells) {
    for (const t of cell.tokens) {
      if (!bySide.has(t.owner)) bySide.set(t.owner, []);
      bySide.get(t.owner).push({cell: cell.id, token: t});
    }
  }
  const order = (o) => (mine.includes(o) ? mine.indexOf(o) - 1000 : o < 0 ? 1e6 : o);
  const owners = [...bySide.keys()].sort((a, b) => order(a) - order(b));
  // A redraw keeps the keyboard's place in the list.
  const active = document.activeElement as HTMLElement | null;
  const focused = active && active.closest('#piece-groups') ? active.dataset.piece : null;
  const groups = owners.map((owner) => {
    const side = owner < 0 ? 'No side' : sideOf(owner);
    const heading = el('h3', {}, mine.includes(owner) ? `${side} (yours)` : side);
    const items = bySide.get(owner).map(({cell, token}) => pieceItem(detail, cell, token, mine.includes(owner)));
    return el('div', {class: 'piece-group', 'data-owner': String(owner)}, heading, el('ul', {}, ...items));
  });
  if (!groups.length) groups.push(el('p', {class: 'hint'}, 'No pieces on the board.'));
  list.replaceChildren(...groups);
  if (owners.length && mine.length && !owners.some((o) => mine.includes(o))) {
    list.prepend(el('p', {class: 'hint'}, 'None of your pieces is on the board.'));
  }
  for (const b of list.querySelectorAll('button')) if (focused !== null && b.dataset.piece === focused) b.focus();
  markChosenPiece(false);
}

function pieceItem(detail, cell, token, mine) {
  const key = `${cell}|${pieceName(token)}`;
  const button = el('button', {type: 'button', 'data-piece': key, 'data-cell': cell,
    'aria-pressed': String(chosenPiece === key)}, pieceName(token));
  button.addEventListener('click', () => choosePiece(cell, token, mine));
  const facts = [token.kind !== pieceName(token) ? token.kind : '', token.values, ...token.marks]
      .filter((f) => f);
  return el('li', {}, button, ` at ${cell}`,
      facts.length ? el('span', {class: 'facts'}, facts.join(' · ')) : '',
      ...token.details.map((d) => el('span', {class: 'details'}, d)));
}

function choosePiece(cell, token, mine) {
  chosenPiece = `${cell}|${pieceName(token)}`;
  for (const b of $('piece-groups').querySelectorAll('button')) {
    b.setAttribute('aria-pressed', String(b.dataset.piece === chosenPiece));
  }
  markChosenPiece(true);
  if (mine && picking && picking.decisions.length) {
    const d = pieceDecision(cell, token.label);
    if (d) pickDecision(d.id).catch(fail);
  }
}

// Marks the chosen piece's counter (or its cell) on the board; `bring`
// also brings it into the frame and shows its tooltip beside it.
function markChosenPiece(bring) {
  const svg = boardSvg();
  if (!svg) return;
  for (const c of svg.querySelectorAll('.chosen')) c.classList.remove('chosen');
  if (!chosenPiece) return;
  const view = game.detail.view;
  const at = chosenPiece.indexOf('|');
  const cellId = chosenPiece.slice(0, at), name = chosenPiece.slice(at + 1);
  const cell = view.cells.find((c) => c.id === cellId);
  const token = cell && cell.tokens.find((t) => pieceName(t) === name);
  if (!token) {
    chosenPiece = null;
    return;
  }
  const drawn = tokenCounter(svg, view, cellId, token) || cellsNamed(cellId)[0];
  if (!drawn) return;
  drawn.classList.add('chosen');
  // On top of the counters around it.
  if (drawn.classList.contains('counter')) drawn.parentNode.append(drawn);
  if (bring) {
    gameBoard.centreOn(drawn);
    gameBoard.tipAt(drawn);
  }
}
