// Seats offered to a new player (docs/correspondence.md): one in civil
// disorder (its orders defaulted at the game's number of deadlines in a row)
// or one that resigned while another seat of its side plays on. The lobby
// lists them and a watcher of the game sees them among its seats; taking one
// seats the player from the current step on, and the game's page then reads
// the seat's history as it saw it (its events, press and replay from the
// start). Loaded after app.js and lobby.js.

import {$, closeGame, el, fail, game, request, route, setStatus} from './app';
import {deadlineCell, fillTable, gameName, scenarioTitle} from './lobby';

function offerReasonWords(s) {
  if (s.offer_reason === 'CIVIL_DISORDER') {
    return `in civil disorder: its orders were defaulted at ${s.missed_deadlines} deadline` +
        `${s.missed_deadlines === 1 ? '' : 's'} in a row`;
  }
  if (s.offer_reason === 'RESIGNED_SEAT') return 'its player resigned; another seat of its side plays on';
  return 'offered to a new player';
}

async function takeSeat(gameId, seat) {
  try {
    const g = await request('take_seat', {game_id: gameId, seat});
    const mine = g.seats.find((s) => s.seat === seat);
    // The page read the game as a watcher: read it again, as the seat.
    closeGame();
    const target = `#game=${gameId}`;
    if (location.hash === target) route();
    else location.hash = target;
    // Said once the game's page is up (leaving a page clears its status line).
    for (let i = 0; i < 100 && !(game && game.id === gameId && game.detail); i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    setStatus(`You took over ${mine ? mine.side : `seat ${seat}`} in game ${gameId}: ` +
        'its events, messages and replay are its history as it saw it.');
  } catch (err) {
    fail(err);
  }
}

function takeButton(g, s) {
  return el('button', {type: 'button', 'data-take': String(s.seat),
    'aria-label': `Take over ${s.side} in game ${g.id}`, onclick: () => takeSeat(g.id, s.seat)}, 'Take over');
}

// The lobby's list: a row per offered seat of a game the player is not in.
export async function listOffered() {
  const r = await request('list_games', {offered_only: true});
  const rows = [];
  for (const g of r.games) {
    if (g.my_seat >= 0) continue;
    for (const s of g.seats.filter((x) => x.offered)) {
      const cell = (label, ...content) => el('td', {'data-label': label}, ...content);
      rows.push(el('tr', {'data-game': String(g.id), 'data-seat': String(s.seat), 'data-scenario': g.scenario},
          cell('Game', el('span', {class: 'game-name'}, gameName(g)), ' ',
              el('span', {class: 'scenario'}, scenarioTitle(g.scenario))),
          cell('Step', g.step_label), cell('Deadline', deadlineCell(g)),
          cell('Seat', `${s.side} (${s.player})`), cell('Why', offerReasonWords(s)),
          el('td', {class: 'actions'}, el('a', {href: `#game=${g.id}`}, 'Watch'), ' ', takeButton(g, s))));
    }
  }
  fillTable($('offered'), rows, 'No seat is offered now.');
}

// The game page's seat line: offered seats say so, with the button to take
// them over for a player who is not in the game.
export function offerParts(g, s) {
  if (!s.offered || g.status !== 'RUNNING') return [];
  const parts = [` (offered to a new player: ${offerReasonWords(s)})`];
  if (g.my_seat < 0) parts.push(' ', takeButton(g, s));
  return parts;
}
