// The lobby: where must I move? The player's games first, those awaiting
// their orders marked "your move" and counted; then the games to join or
// watch. Each row says its step, its deadline counting down, who is still to
// order or what seats are free, and its press, labelled so that a phone's
// one-column rows read without the table's head.

import {$, closeGame, el, fail, me, request, scenarios, setScenarios, show, socket} from './app';
import {awaitsMe, deadlineElement, loadMyGames, setTitle, timeLeftWords} from './deadlines';
import {listOffered} from './offers';

// A game another player makes is pushed (list_games' `watch`); one joined
// or started by others is not (the server pushes only the events of games
// the player sits in): the lobby asks again every 30 seconds while shown.
const kLobbyPoll = 30000;
let nextBefore = 0;

const kPressWords = {
  FULL_PRESS: 'public and private messages',
  PUBLIC_PRESS: 'public messages only',
  NO_PRESS: 'no messages',
};

export async function openLobby() {
  closeGame();
  show('lobby');
  setTitle('naumachia: games');
  try {
    await loadScenarios();
    await listGames(false);
  } catch (err) {
    fail(err);
  }
}

// The server's scenarios, asked for once: the new-game form's, the game
// filter's, and their titles for the lobby and the game's page.
let scenariosAsked: Promise<void> | null = null;
export function loadScenarios() {
  // One request however many ask at once (the lobby and a game's page, as a
  // page opens): a second answer would redraw the form after a choice in it.
  scenariosAsked ??= fillScenarios().catch((err) => {
    scenariosAsked = null;
    throw err;
  });
  return scenariosAsked;
}

async function fillScenarios() {
  if (scenarios.length) return;
  setScenarios((await request('list_scenarios', {})).scenarios);
  const select = document.forms['new-game'].scenario;
  select.replaceChildren(...scenarios.map((s) => el('option', {value: s.id}, `${s.id}: ${s.title}`)));
  // The game most players come for first.
  if (scenarios.some((s) => s.id === 'diplomacy/standard')) select.value = 'diplomacy/standard';
  scenarioChosen();
  const families = [...new Set(scenarios.map((s) => s.id.split('/')[0]))];
  $('game-filter').replaceChildren(el('option', {value: ''}, 'every game'),
      ...families.map((f) => el('option', {value: f}, f)));
}

export function scenarioTitle(id) {
  const s = scenarios.find((x) => x.id === id);
  return s ? s.title : id;
}

// A game's name as its creator gave it, with its number; else its number.
export function gameName(g) {
  return g.name ? `${g.name} (game ${g.id})` : `Game ${g.id}`;
}

function stepText(g) {
  if (g.status === 'OPEN') return 'waiting for players';
  if (g.status === 'OVER') return `over: ${g.result}`;
  return g.step_label;
}

// Who plays a seat: its player, the computer, both (the computer took the
// seat over), or nobody yet.
export function seatPlayer(s) {
  if (!s.computer) return s.player || 'free';
  const from = s.computer_from_step > 1 ? ` from step ${s.computer_from_step}` : '';
  return s.player ? `${s.player}; the computer plays it${from}` : `the computer${from}`;
}

function playersText(g) {
  const named = (s) => `${s.side} (${seatPlayer(s)}${s.seat === g.my_seat ? ', you' : ''})`;
  if (g.status === 'OPEN') {
    const free = g.seats.filter((s) => !s.player && !s.computer);
    const computer = g.seats.filter((s) => s.computer);
    if (computer.length) {
      return `${g.seats.length - free.length} of ${g.seats.length} seats taken (the computer plays ${computer.map((s) => s.side).join(', ')}); free: ${free.map((s) => s.side).join(', ')}`;
    }
    return `${g.seats.length - free.length} of ${g.seats.length} seats taken; free: ${free.map((s) => s.side).join(', ')}`;
  }
  if (g.status === 'OVER') return g.seats.map(named).join(', ');
  const waiting = g.seats.filter((s) => s.must_order && !s.ready);
  const computer = g.seats.filter((s) => s.computer);
  return (waiting.length ? `still to order: ${waiting.map(named).join(', ')}` : 'every seat is ready') +
      (computer.length ? `; the computer plays ${computer.map((s) => s.side).join(', ')}` : '');
}

export function deadlineCell(g) {
  if (g.status === 'RUNNING') return deadlineElement(g);
  if (g.status === 'OPEN') {
    return g.deadline_seconds ? `${timeLeftWords(g.deadline_seconds)} a step` : 'no deadlines';
  }
  return '';
}

// One game's row; each cell says what it is (data-label), which a phone
// shows before its text.
function gameRow(g) {
  const cell = (label, ...content) => el('td', {'data-label': label}, ...content);
  const name = cell('Game', el('span', {class: 'game-name'}, gameName(g)), ' ',
      el('span', {class: 'scenario'}, scenarioTitle(g.scenario),
          // The rules the game is played under (a game keeps those it was made with).
          el('span', {title: 'the version of the rules the game was made under'}, ` · rules ${g.rules_version}`)));
  if (awaitsMe(g)) name.append(' ', el('strong', {class: 'your-move'}, 'your move'));
  const actions = el('td', {class: 'actions'});
  actions.append(el('a', {href: `#game=${g.id}`}, g.my_seat >= 0 ? 'Play' : 'Watch'));
  const free = g.seats.filter((s) => !s.player && !s.computer);
  if (g.status === 'OPEN' && g.my_seat < 0 && free.length) {
    const seat = el('select', {'aria-label': `side to take in game ${g.id}`},
        el('option', {value: '-1'}, 'any side'),
        ...free.map((s) => el('option', {value: String(s.seat)}, s.side)));
    const join = el('button', {type: 'button'}, 'Join');
    join.addEventListener('click', async () => {
      try {
        await request('join_game', {game_id: g.id, seat: Number(seat.value)});
        location.hash = `#game=${g.id}`;
      } catch (err) {
        fail(err);
      }
    });
    actions.append(' ', seat, ' ', join);
  }
  return el('tr', {'data-game': String(g.id), 'data-scenario': g.scenario, class: awaitsMe(g) ? 'awaits-me' : ''},
      name, cell('Step', stepText(g)), cell('Deadline', deadlineCell(g)), cell('Players', playersText(g)),
      cell('Press', kPressWords[g.press] || ''), actions);
}

// The player's games, those awaiting their orders first, then the running
// ones by the nearest deadline, then the open ones, then the ended ones.
function byUrgency(a, b) {
  const rank = (g) => (awaitsMe(g) ? 0 : {RUNNING: 1, OPEN: 2, OVER: 3}[g.status] || 4);
  const due = (g) => (g.status === 'RUNNING' && g.deadline_unix ? g.deadline_unix : Infinity);
  return rank(a) - rank(b) || due(a) - due(b) || b.id - a.id;
}

export function fillTable(table, rows, empty) {
  const body = table.tBodies[0];
  body.replaceChildren(...rows);
  if (!rows.length) body.append(el('tr', {class: 'empty'}, el('td', {colspan: '6'}, empty)));
  filterRows();
}

export async function listGames(more) {
  const [mine, r] = await Promise.all([
    loadMyGames(),
    // `watch`: the server pushes every game made from now on (game_made).
    request('list_games', {open_only: $('open-only').checked, before_id: more ? nextBefore : 0, watch: true}),
  ]);
  const waiting = mine.filter(awaitsMe).length;
  $('my-games-note').textContent = !mine.length ? '' :
      waiting === 1 ? 'One game awaits your orders.' :
      waiting ? `${waiting} games await your orders.` : 'No game awaits your orders.';
  fillTable($('my-games'), [...mine].sort(byUrgency).map(gameRow), 'You play in no game yet: join one below, or make one.');
  const others = r.games.filter((g) => g.my_seat < 0).map(gameRow);
  if (more) {
    $('games').tBodies[0].querySelector('tr.empty')?.remove();
    $('games').tBodies[0].append(...others);
    filterRows();
  } else {
    fillTable($('games'), others, 'No other games.');
  }
  nextBefore = r.next_before_id;
  $('more-games').hidden = !nextBefore;
  if (!more) await listOffered();
}

// The game filter hides the rows of other games than the one chosen.
function filterRows() {
  const family = $('game-filter').value;
  for (const row of document.querySelectorAll<HTMLTableRowElement>('#lobby tr[data-scenario]')) {
    row.hidden = family !== '' && !row.dataset.scenario.startsWith(`${family}/`);
  }
}

$('refresh-games').addEventListener('click', () => listGames(false).catch(fail));
$('open-only').addEventListener('change', () => listGames(false).catch(fail));
$('game-filter').addEventListener('change', filterRows);
$('more-games').addEventListener('click', () => listGames(true).catch(fail));
setInterval(() => {
  if (me && !$('lobby').hidden && document.visibilityState === 'visible' && socket &&
      socket.readyState === WebSocket.OPEN) {
    listGames(false).catch(fail);
  }
}, kLobbyPoll);

// The seats a game of the chosen scenario has with the chosen number of
// players, as the server names them (a seat playing several sides joins
// their names: "Austria+France+Italy+Turkey").
function seatsChosen() {
  const form = document.forms['new-game'];
  const s = scenarios.find((x) => x.id === form.scenario.value);
  if (!s) return;
  const players = Number(form.players.value);
  const seating = (s.seatings || []).find((x) => x.players === players);
  const seats = seating ? seating.seats : s.sides.slice(0, players);
  const kept = form.seat.value;
  form.seat.replaceChildren(...seats.map((seat, i) => el('option', {value: String(i)}, seat)));
  // The side chosen before, if the seats still have it; else the first.
  if (kept !== '' && Number(kept) < seats.length) form.seat.value = kept;
  computerSides(seats);
}

// A box per side for the computer to play; never the creator's own.
function computerSides(seats) {
  const form = document.forms['new-game'];
  const ticked = new Set([...document.querySelectorAll<HTMLInputElement>('#computer-sides input:checked')]
      .map((box) => box.value));
  $('computer-sides').replaceChildren($('computer-sides').firstElementChild,
      ...seats.map((seat, i) => {
        const box = el('input', {type: 'checkbox', name: 'computer', value: String(i)}) as HTMLInputElement;
        box.checked = ticked.has(String(i)) && String(i) !== form.seat.value;
        box.disabled = String(i) === form.seat.value;
        return el('label', {}, box, ` ${seat}`);
      }));
}

function scenarioChosen() {
  const form = document.forms['new-game'];
  const s = scenarios.find((x) => x.id === form.scenario.value);
  if (!s) return;
  $('scenario-about').textContent = s.description;
  form.players.min = String(s.min_players);
  form.players.max = String(s.max_players);
  form.players.value = String(s.max_players);
  form.seat.value = '0';
  seatsChosen();
}
document.forms['new-game'].scenario.addEventListener('change', scenarioChosen);
document.forms['new-game'].players.addEventListener('input', seatsChosen);
document.forms['new-game'].seat.addEventListener('change', seatsChosen);

document.forms['new-game'].addEventListener('submit', async (e) => {
  e.preventDefault();
  const form = e.target;
  try {
    const g = await request('create_game', {
      scenario: form.scenario.value,
      seat: Number(form.seat.value),
      players: Number(form.players.value),
      deadline_seconds: Math.round(Number(form.deadline.value) * 3600),
      press: form.press.value,
      name: form.name.value.trim(),
      computer_seats: [...document.querySelectorAll<HTMLInputElement>('#computer-sides input:checked')]
          .map((box) => Number(box.value)),
      computer_takes_over: form.computer_takes_over.checked,
    });
    location.hash = `#game=${g.id}`;
  } catch (err) {
    fail(err);
  }
});
