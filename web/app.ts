// The naumachia web client. Thin, like the command-line client: it speaks the
// protocol of proto/naumachia.proto (protobufjs; the code web/build.mjs generates) over the
// server's WebSocket, shows what the server sends and holds no rules. Boards
// are the server's own SVG pictures (GetGameRequest.picture), drawn inline
// in frames to zoom and pan (board.ts); orders can be given on the game's
// (orders.ts), and a roster lists its pieces (roster.ts).

import {naumachia} from 'naumachia-protocol';
import {BoardFrame} from './board';
import {boardClicked, loadDecisions, orderingFor, picking, setBoard, showOrderingFor, showOrderList, stopPicking} from './orders';
import {forgetChosenPiece, playerSeats, showPieces} from './roster';
import {awaitsMe, deadlineElement, forgetMyGames, loadMyGames, myGamesChanged, setTitle} from './deadlines';
import {gameName, listGames, loadScenarios, openLobby, scenarioTitle, seatPlayer} from './lobby';
import {proposalEventText, showProposals} from './proposals';
import {openAccount, openUnsubscribe} from './account';
import {offerParts} from './offers';

const PROTOCOL_VERSION = 1;
const SESSION_GONE = ['UNAUTHENTICATED', 'SESSION_EXPIRED', 'BAD_CREDENTIALS'];
// Every element the page names by id; `any`, as each is used as what it is.
// A declaration, not a constant: the other modules' top levels use it while
// this one is still being evaluated.
export function $(id: string): any {
  return document.getElementById(id);
}

const Envelope = naumachia.proto.Envelope;
export let socket = null;
let nextRequest = 1;
const pending = new Map();  // request id -> {resolve, reject}
export let me = null;              // SessionResponse
export let scenarios = [];
export let game = null;            // the open game: {id, detail, lastSeq, press cursors, replay}
// The lobby is shown: no game is open.
export function closeGame() {
  game = null;
}
// Signed out: no one is signed in and no game is open.
export function signedOut() {
  me = null;
  game = null;
}
// The scenarios the server offers, asked for once.
export function setScenarios(list) {
  scenarios = list;
}
let reconnectWait = 500;

// ------------------------------------------------------------------ protocol

export class ServerError extends Error {
  code: string;
  orderErrors: any[];
  constructor(error) {
    super(error.message || error.code);
    this.code = error.code;
    this.orderErrors = error.order_errors || [];
  }
}

function decode(buffer) {
  const message = Envelope.decode(new Uint8Array(buffer));
  return Envelope.toObject(message, {longs: Number, enums: String, defaults: true, oneofs: true});
}

// Sends one request and resolves with the body of its answer; an Error
// answer rejects with a ServerError.
export function request(kind: string, body: object = {}): Promise<any> {
  return new Promise((resolve, reject) => {
    if (!socket || socket.readyState !== WebSocket.OPEN) {
      reject(new Error('not connected to the server'));
      return;
    }
    const id = nextRequest++;
    pending.set(id, {resolve, reject});
    const envelope = Envelope.fromObject({version: PROTOCOL_VERSION, request_id: id, [kind]: body});
    socket.send(Envelope.encode(envelope).finish());
  });
}

function connect() {
  setStatus('Connecting…');
  socket = new WebSocket(`wss://${location.host}/`);
  socket.binaryType = 'arraybuffer';
  socket.onopen = () => {
    reconnectWait = 500;
    signIn();
  };
  socket.onmessage = (e) => {
    let env;
    try {
      env = decode(e.data);
    } catch (err) {
      setStatus(`The server sent a frame this page cannot read: ${err.message}`);
      return;
    }
    if (env.request_id) {
      const p = pending.get(env.request_id);
      if (!p) return;
      pending.delete(env.request_id);
      if (env.body === 'error') p.reject(new ServerError(env.error));
      else p.resolve(env[env.body]);
    } else {
      onPush(env);
    }
  };
  socket.onclose = () => {
    for (const p of pending.values()) p.reject(new Error('the connection to the server closed'));
    pending.clear();
    setStatus(`Disconnected; connecting again in ${Math.round(reconnectWait / 1000)} s…`);
    setTimeout(connect, reconnectWait);
    reconnectWait = Math.min(reconnectWait * 2, 30000);
  };
}

// ------------------------------------------------------------------ helpers

export function setStatus(text, error = false) {
  $('status').textContent = text;
  $('status').classList.toggle('error', error);
}

export function fail(err) {
  setStatus(err instanceof Error ? err.message : String(err), true);
  // A fault of the page itself, not of the server or the network: on the
  // console too, where the browser tests look for script errors.
  if (err instanceof TypeError || err instanceof ReferenceError) console.error(err);
  // A session that ended elsewhere (logged out everywhere, expired): sign in again.
  if (err instanceof ServerError && SESSION_GONE.includes(err.code) && err.code !== 'BAD_CREDENTIALS') {
    localStorage.removeItem('naumachia.token');
    signIn();
  }
}

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'class') node.className = v;
    else if (k.startsWith('on')) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v);
  }
  for (const c of children) node.append(c);
  return node;
}

// A message in the status line belongs to the page it was given on: leaving
// that page (or the game, for another) clears it.
export function show(section) {
  if ($(section).hidden) setStatus('');
  for (const id of ['login', 'lobby', 'game', 'account', 'unsubscribe']) $(id).hidden = id !== section;
}

export function when(unix) {
  return unix ? new Date(unix * 1000).toLocaleString() : '';
}

export function sideOf(seat) {
  const seats = game && game.detail ? game.detail.summary.seats : [];
  const s = seats.find((x) => x.seat === seat);
  return s ? s.side : `seat ${seat}`;
}

function pictureUrl(svg) {
  return URL.createObjectURL(new Blob([svg], {type: 'image/svg+xml'}));
}

// The game's board and the replay's, each in a frame to zoom and pan (board.ts).
export const gameBoard = new BoardFrame($('board-figure'), 'board');
const replayBoard = new BoardFrame($('replay-figure'), 'replay');

// ------------------------------------------------------------------ sign-in

export async function signIn() {
  const token = localStorage.getItem('naumachia.token');
  if (token) {
    try {
      signedIn(await request('resume', {token}));
      return;
    } catch (err) {
      // Only an ended session is forgotten; a refusal for the moment (rate,
      // a dropped connection) is not.
      if (!(err instanceof ServerError) || !SESSION_GONE.includes(err.code)) {
        fail(err);
        return;
      }
      localStorage.removeItem('naumachia.token');
    }
  }
  me = null;
  forgetMyGames();
  setTitle('naumachia');
  $('who').textContent = '';
  $('logout').hidden = true;
  $('account-link').hidden = true;
  show('login');
  setStatus('Sign in, or register a new account.');
  // An unsubscribe link needs no sign-in.
  if (location.hash.startsWith('#unsubscribe=')) route();
}

function signedIn(session) {
  me = session;
  localStorage.setItem('naumachia.token', session.token);
  $('who').textContent = `signed in as ${session.name}`;
  $('logout').hidden = false;
  $('account-link').hidden = false;
  setStatus('');
  route();
}

// A sign-up pays a small proof of work (docs/protocol.md): the first nonce
// such that SHA-256(challenge + ":" + nonce) begins with `bits` zero bits.
async function signupWork() {
  const {challenge, bits} = await request('signup_challenge', {});
  const encoder = new TextEncoder();
  for (let n = 0; ; n++) {
    const nonce = String(n);
    const hash = new Uint8Array(
        await crypto.subtle.digest('SHA-256', encoder.encode(`${challenge}:${nonce}`)));
    let zeros = 0;
    while (zeros < bits && !(hash[zeros >> 3] & (0x80 >> (zeros & 7)))) zeros++;
    if (zeros >= bits) return {challenge, nonce};
  }
}

$('login-form').addEventListener('submit', async (e) => {
  e.preventDefault();
  const form = e.target;
  const kind = e.submitter && e.submitter.value === 'register' ? 'register' : 'login';
  try {
    setStatus(kind === 'register' ? 'Registering…' : 'Logging in…');
    const work = kind === 'register' ? await signupWork() : {};
    signedIn(await request(kind, {name: form.name.value, password: form.password.value, ...work}));
    form.password.value = '';
  } catch (err) {
    fail(err);
  }
});

$('logout').addEventListener('click', async () => {
  try {
    await request('logout', {everywhere: false});
  } catch (err) {
    // Signed out here whatever the server answered.
  }
  localStorage.removeItem('naumachia.token');
  me = null;
  location.hash = '';
  signIn();
});

// ------------------------------------------------------------------ routing

export function route() {
  const unsubscribe = /^#unsubscribe=([0-9a-fA-F]+)$/.exec(location.hash);
  if (unsubscribe) {
    openUnsubscribe(unsubscribe[1]);
    return;
  }
  if (!me) return;
  loadMyGames().catch(fail);
  const m = /^#game=(\d+)$/.exec(location.hash);
  if (m) openGame(Number(m[1]));
  else if (location.hash === '#account') openAccount().catch(fail);
  else openLobby();
}
window.addEventListener('hashchange', route);

// ------------------------------------------------------------------ a game

async function openGame(id) {
  show('game');
  if (!game || game.id !== id) {
    setStatus('');
    game = {id, detail: null, lastSeq: 0, cursors: new Map(), replay: null, filled: null,
      loadingEvents: null, loadingPress: null, forSeat: null, proposalLog: new Map()};
    $('events').replaceChildren();
    $('messages').replaceChildren();
    $('order-errors').replaceChildren();
    $('orders-note').textContent = '';
    $('replay').open = false;
    // The panels beside the board stand open on a wide screen; on a phone
    // they fold under it, so that the board comes first.
    const phone = matchMedia('(max-width: 40rem)').matches;
    for (const panel of document.querySelectorAll<HTMLDetailsElement>('#game details.panel')) panel.open = !phone;
    $('replay-text').replaceChildren();
    replayBoard.show('', {});
    forgetChosenPiece();
  }
  try {
    await refreshGame();
    await loadEvents();
    await loadPress();
  } catch (err) {
    fail(err);
  }
}

// Draws the game's summary, board and orders form. The orders typed are kept
// until the step changes (a push, a reconnect): only then are the saved ones
// filled in.
export async function refreshGame() {
  const mine = game;
  await loadScenarios();  // their titles
  const d = await request('get_game', orderingFor(mine, {game_id: mine.id, picture: true}));
  if (game !== mine) return;  // the player went elsewhere meanwhile
  game.detail = d;
  const g = d.summary;
  setTitle(`naumachia: ${g.name || `game ${g.id}`}`);
  $('game-title').textContent = `${gameName(g)}: ${scenarioTitle(g.scenario)}`;
  showBanner(g);
  $('seats').replaceChildren(...g.seats.map((s) => el('li', {'data-seat': String(s.seat)},
      `${s.side}: ${seatPlayer(s)}`,
      s.must_order ? (s.ready ? ' (orders ready)' : s.saved ? ' (draft saved, not ready)' : ' (to order)') : '',
      ...offerParts(g, s))));
  showProposals(g);
  showOrderingFor(g);
  setBoard(d.picture, `the board of game ${g.id}, ${g.step_label}`);
  showPieces(d);
  $('board-save').hidden = !d.picture;
  $('board-note').textContent = d.picture ? '' :
      g.status === 'OPEN' ? 'The board appears when the game starts.' :
                            "Only the game's players see the board while it runs; everyone sees it once it is over.";
  if ($('board-save').href.startsWith('blob:')) URL.revokeObjectURL($('board-save').href);
  if (d.picture) {
    $('board-save').href = pictureUrl(d.picture);
    $('board-save').download = `game-${g.id}-step-${g.step}.svg`;
  }
  const seat = g.seats.find((s) => s.seat === (game.forSeat ?? g.my_seat));
  const ordering = g.status === 'RUNNING' && seat && seat.must_order;
  $('orders').hidden = !ordering;
  $('order-help').textContent = d.order_help;
  if (ordering) {
    const whose = game.forSeat === null ? '' : ` of ${seat.side}`;
    $('orders-label').textContent = `Orders${whose} for ${g.step_label}, one per line (you may also type them)`;
    if (game.filled !== g.step) {
      game.filled = g.step;
      $('order-lines').value = d.my_orders.join('\n');
      $('order-errors').replaceChildren();
      $('orders-note').textContent = d.my_ready ? 'Your orders are marked ready.' : '';
    }
    await loadDecisions();
    showOrderList();
  } else {
    stopPicking();
    $('picker').hidden = true;
    $('order-list').replaceChildren();
  }
  const others = g.seats.filter((s) => s.seat !== g.my_seat && s.player);
  $('press').hidden = g.press === 'NO_PRESS';
  $('press-form').hidden = g.my_seat < 0 || g.status === 'OVER';
  $('replay').hidden = g.status === 'OPEN';
  $('press-to').hidden = g.press !== 'FULL_PRESS' || g.my_seat < 0;
  $('press-to').replaceChildren(el('legend', {}, 'To (none ticked: everyone)'),
      ...others.map((s) => el('label', {}, el('input', {type: 'checkbox', value: String(s.seat)}), ` ${s.side}`)));
}

// The banner over the board: the step and the time left, what the player
// has done about it and who else is still to order.
function seatWord(s) {
  return s.ready ? 'orders ready' : s.saved ? 'orders saved, not ready' : 'no orders yet';
}

function showBanner(g) {
  const lines = [];
  if (g.status === 'OPEN') {
    const free = g.seats.filter((s) => !s.player && !s.computer).length;
    lines.push(el('p', {}, `Open, waiting for players: ${free} of ${g.seats.length} seats free.`));
  } else if (g.status === 'OVER') {
    lines.push(el('p', {}, `The game is over: ${g.result}.`));
  } else {
    const running = g.deadline_unix && (!g.paused || g.paused === 'NOT_PAUSED');
    lines.push(el('p', {class: 'due'}, el('strong', {}, g.step_label), running ? ': orders ' : ': ',
        deadlineElement(g)));
  }
  const mine = g.seats.find((s) => s.seat === g.my_seat);
  if (!mine) {
    lines.push(el('p', {}, 'You are watching.'));
  } else if (g.status === 'RUNNING') {
    const you = !mine.must_order ? 'you have nothing to order in this step.' :
        mine.ready ? 'your orders are saved and ready.' :
        mine.saved ? 'your orders are saved but not ready (saved orders count at the deadline).' :
                     'you have not given orders yet.';
    lines.push(el('p', {class: awaitsMe(g) ? 'you awaited' : 'you'}, `You play ${mine.side}: ${you}`));
  } else {
    lines.push(el('p', {}, `You play ${mine.side}.`));
  }
  if (g.status === 'RUNNING') {
    const others = g.seats.filter((s) => s.seat !== g.my_seat && s.must_order);
    const waiting = others.filter((s) => !s.ready);
    if (others.length) {
      lines.push(el('p', {}, waiting.length ?
          `Still to order: ${waiting.map((s) => `${s.side} (${seatPlayer(s)}, ${seatWord(s)})`).join('; ')}.` :
          `Every other seat's orders are ready.`));
    }
  }
  $('game-state').replaceChildren(...lines);
}

// Only seated players hear of a game's events as they happen; a watcher
// asks again now and then, and with the Refresh button.
export async function refreshAll() {
  await refreshGame();
  await loadEvents();
  await loadPress();
}
$('refresh-game').addEventListener('click', () => refreshAll().catch(fail));
setInterval(() => {
  if (!game || !game.detail || !me) return;
  const g = game.detail.summary;
  if (g.my_seat < 0 && g.status === 'RUNNING' && socket && socket.readyState === WebSocket.OPEN) {
    refreshAll().catch(fail);
  }
}, 30000);

$('board').addEventListener('click', boardClicked);
$('order-lines').addEventListener('input', () => showOrderList());

$('orders-form').addEventListener('submit', async (e) => {
  e.preventDefault();
  const ready = e.submitter && e.submitter.value === 'ready';
  const lines = $('order-lines').value.split('\n').map((l) => l.trim()).filter((l) => l !== '');
  const errors = $('order-errors');
  errors.replaceChildren();
  try {
    const a = await request('submit_orders',
        orderingFor(game, {game_id: game.id, step: game.detail.summary.step, lines, ready}));
    $('order-lines').value = a.canonical.join('\n');
    $('orders-note').textContent =
        a.resolved ? 'Your orders completed the step; it resolved.' :
                     `Orders saved${a.ready ? ' and marked ready' : ''}.`;
    setStatus('');
    await refreshGame();
    // The answer stands for this page's own "committed" event: read it.
    await loadEvents();
    await loadMyGames();
  } catch (err) {
    if (err instanceof ServerError && err.orderErrors.length) {
      for (const oe of err.orderErrors) {
        const where = oe.line ? `line ${oe.line} (${lines[oe.line - 1]}): ` : '';
        errors.append(el('li', {}, where + oe.message));
      }
      $('orders-note').textContent = 'Nothing was saved: correct the lines above.';
    }
    fail(err);
  }
});

// -------------------------------------------------------------- events

function rollsText(rolls) {
  return rolls.map((r) => `d${r.sides} = ${r.value}${r.purpose ? ` (${r.purpose})` : ''}`).join('; ');
}

function happeningsList(happenings) {
  return el('ul', {}, ...happenings.map((h) => el('li', {}, h.text,
      h.rolls.length ? el('span', {class: 'rolls'}, ` [${rollsText(h.rolls)}]`) : '')));
}

function ordersList(orders) {
  return el('ul', {}, ...orders.map((o) => {
    if (o.withheld) return el('li', {}, `${sideOf(o.seat)}: orders not yet revealed to you`);
    const lines = o.lines.length ? o.lines.join('; ') : '(none)';
    return el('li', {}, `${sideOf(o.seat)}${o.defaulted ? ' (defaulted)' : ''}: ${lines}`);
  }));
}

function eventItem(e) {
  const at = el('time', {}, when(e.at_unix));
  const item = (...parts) => el('li', {'data-seq': String(e.seq)}, at, ' ', ...parts);
  switch (e.what) {
    case 'joined':
      return item(`${e.joined.player} joined as ${sideOf(e.joined.seat)}${e.joined.game_started ? '; the game starts' : ''}.`);
    case 'committed':
      if (e.committed.computer) return item(`The computer gave the orders of ${sideOf(e.committed.seat)}.`);
      return item(e.committed.ready ? `${sideOf(e.committed.seat)} marked its orders ready.` :
                                      `${sideOf(e.committed.seat)} saved a draft of its orders (not ready).`);
    case 'resolved': {
      const r = e.resolved;
      return item(`${r.step_label} resolved${r.by_deadline ? ' at the deadline' : ''}.`,
          ordersList(r.orders), happeningsList(r.happenings),
          r.next_label ? `Next: ${r.next_label}.` : '');
    }
    case 'over':
      return item(`The game is over: ${e.over.result}.`);
    case 'resigned':
      return item(`${e.resigned.player} (${sideOf(e.resigned.seat)}) resigned.`);
    case 'proposal':
      return item(proposalEventText(e.proposal));
    case 'deadline':
      return item(`Deadline ${e.deadline.change.toLowerCase()}${e.deadline.deadline_unix ? `: now ${when(e.deadline.deadline_unix)}` : ''}.`);
    case 'offer':
      return item(`${sideOf(e.offer.seat)} ${e.offer.offered ? 'is offered to a new player' : 'is no longer offered'}.`);
    case 'replaced':
      return item(`${e.replaced.new_player} took over ${sideOf(e.replaced.seat)} from ${e.replaced.old_player}.`);
    case 'computer':
      return item(e.computer.plays ?
          `From step ${e.computer.step} the computer plays ${sideOf(e.computer.seat)}${e.computer.player ? ` in place of ${e.computer.player}` : ''}.` :
          `In step ${e.computer.step} the computer's play of ${sideOf(e.computer.seat)} ended: ${e.computer.player || 'a person'} plays it.`);
    default:
      return item('(an event this page does not describe)');
  }
}

// Events are numbered 1, 2, 3 ... per game and shown in order: one that
// comes after a gap (the page's own commitment, which the server answers
// instead of pushing; a push during a page load) has the gap read first.
function addEvent(e) {
  if (e.seq !== game.lastSeq + 1) return false;
  game.lastSeq = e.seq;
  $('events').prepend(eventItem(e));
  return true;
}

// Runs `load(mine)` for the open game unless a run of it is under way, and
// returns that run: pushes and answers may ask for the same pages at once
// (none when no game is open).
function singleFlight(slot, load) {
  const mine = game;
  if (!mine) return Promise.resolve();  // the player left the game meanwhile
  if (!mine[slot]) {
    mine[slot] = load(mine).finally(() => {
      mine[slot] = null;
    });
  }
  return mine[slot];
}

function loadEvents() {
  return singleFlight('loadingEvents', async (mine) => {
    for (;;) {
      const r = await request('events', {game_id: mine.id, after_seq: mine.lastSeq});
      if (game !== mine || !r.events.length) return;
      for (const e of r.events) addEvent(e);
    }
  });
}

// -------------------------------------------------------------- press

function channelKey(m) {
  return m.restricted ? m.audience.join(',') : 'public';
}

// Messages are numbered per channel; one after a gap has the gap read first.
function addMessage(m) {
  const key = channelKey(m);
  const after = (game.cursors.get(key) || {after: 0}).after;
  if (m.number > after + 1) {
    loadPress().catch(fail);
    return;
  }
  if (m.number <= after) return;
  game.cursors.set(key, {restricted: m.restricted, audience: m.audience, after: m.number});
  const to = m.restricted ? ` to ${m.audience.filter((s) => s !== m.from_seat).map(sideOf).join(', ')}` : ' to everyone';
  $('messages').append(el('li', {},
      el('strong', {}, `${sideOf(m.from_seat)} (${m.from_player})${to}`), ' ',
      el('time', {}, when(m.at_unix)), el('p', {}, m.text)));
}

function loadPress() {
  return singleFlight('loadingPress', async (mine) => {
    for (;;) {
      const r = await request('press', {game_id: mine.id, after: [...mine.cursors.values()]});
      if (game !== mine) return;
      for (const m of r.messages) addMessage(m);
      if (!r.more) return;
    }
  });
}

$('press-form').addEventListener('submit', async (e) => {
  e.preventDefault();
  const text = $('press-text').value.trim();
  if (!text) return;
  const to = [...$('press-to').querySelectorAll('input:checked')].map((c) => Number(c.value));
  try {
    addMessage(await request('send_press', {game_id: game.id, to_seats: to, text}));
    $('press-text').value = '';
    setStatus('');
  } catch (err) {
    fail(err);
  }
});

// -------------------------------------------------------------- pushes

async function onPush(env) {
  try {
    // The server ended the session (expired, logged out elsewhere, the
    // password changed): sign in again, told why.
    if (env.body === 'signed_out') {
      localStorage.removeItem('naumachia.token');
      signedOut();
      await signIn();
      setStatus(env.signed_out.reason, true);
      return;
    }
    // An event of any of the player's games may change what awaits them
    // (the lobby asks for them itself).
    if (env.body === 'event' && $('lobby').hidden) myGamesChanged();
    if (env.body === 'event' && game && env.event.game_id === game.id) {
      // The player may leave the game while this waits on the server.
      const mine = game;
      if (!addEvent(env.event)) await loadEvents();
      if (game !== mine) return;
      // Every event may change the summary: the step, who is ready, the
      // deadline, the seats.
      await refreshGame();
      if (game !== mine) return;
      if (env.event.what === 'resolved' || env.event.what === 'over') {
        game.replay = null;
        if ($('replay').open) await loadReplay();
      }
    } else if (env.body === 'event' && !game && !$('lobby').hidden) {
      // The lobby shows the player's games as they stand.
      await listGames(false);
    } else if (env.body === 'game_made' && !game && !$('lobby').hidden) {
      // Another player made a game (the lobby asked to hear of them).
      await listGames(false);
    } else if (env.body === 'press_message' && game && env.press_message.game_id === game.id) {
      addMessage(env.press_message);
    }
  } catch (err) {
    fail(err);
  }
}

// -------------------------------------------------------------- replay

// The replay re-runs the game on the server. Only the step asked for comes
// with a board, so each position is fetched when the slider reaches it.
async function loadReplay() {
  const mine = game;
  setStatus('Replaying the game on the server…');
  // The server sends a long game's replay a page of steps at a time; the
  // last page carries the board after the last step.
  const first = await request('replay', {game_id: mine.id, view_step: 0, pictures: true});
  const steps = [...first.steps];
  let r = first;
  let verified = first.all_verified;
  let divergence = first.divergence;
  while (r.next_after_step && game === mine) {
    r = await request('replay', {game_id: mine.id, view_step: 0, pictures: true, after_step: r.next_after_step});
    steps.push(...r.steps);
    verified = verified && r.all_verified;
    divergence = divergence || r.divergence;
  }
  if (game !== mine) return;
  game.replay = {steps, pictures: new Map([[0, first.initial_picture]]), views: new Map([[0, first.initial]])};
  const last = steps[steps.length - 1];
  if (last && last.view) {
    game.replay.pictures.set(last.step, last.picture);
    game.replay.views.set(last.step, last.view);
  }
  const slider = $('replay-step');
  slider.max = String(steps.length);
  slider.value = String(steps.length);
  setStatus(verified ? '' : `The replay does not match the record: ${divergence}`);
  await showReplayStep();
}

// One position's board is fetched at a time; while it comes the slider may
// move on, and the position shown is then the slider's, not the fetched one.
async function showReplayStep() {
  const replay = game && game.replay;
  if (!replay) return;
  const k = Number($('replay-step').value);
  const steps = replay.steps;
  const s = k > 0 ? steps[k - 1] : null;
  const key = s ? s.step : 0;
  if (!replay.pictures.has(key)) {
    // The one step's page: its board, without the steps around it.
    const r = await request('replay', {game_id: game.id, view_step: key, pictures: true, after_step: key - 1, limit: 1});
    const t = r.steps.find((x) => x.step === key);
    replay.pictures.set(key, t ? t.picture : '');
    replay.views.set(key, t ? t.view : null);
    if (!game || game.replay !== replay || Number($('replay-step').value) !== k) return;
  }
  const label = s ? `after step ${s.step} of ${steps.length}: ${s.label}` : `before the first step (0 of ${steps.length})`;
  $('replay-label').textContent = `Position ${label}`;
  const picture = replay.pictures.get(key);
  replayBoard.show(picture, {alt: `the board ${label}`, key: `replay ${game.id}`, view: replay.views.get(key),
    seats: playerSeats(game.detail.summary)});
  const save = $('replay-save');
  if (save.href.startsWith('blob:')) URL.revokeObjectURL(save.href);
  save.hidden = !picture;
  if (picture) save.href = pictureUrl(picture);
  save.download = `game-${game.id}-position-${key}.svg`;
  const text = $('replay-text');
  if (!s) {
    text.replaceChildren();
  } else {
    text.replaceChildren(el('h3', {}, s.label), ordersList(s.orders), happeningsList(s.happenings),
        el('p', {}, s.verified ? 'State hash verified.' : 'State hash differs from the record.'));
  }
  if (!replay.pictures.get(key)) text.prepend(el('p', {}, 'No board: an observer sees the boards once the game is over.'));
}

$('replay').addEventListener('toggle', () => {
  if ($('replay').open && game && !game.replay) loadReplay().catch(fail);
});
// Each position not seen yet is a replay on the server (which the request
// limit counts as 20 requests): the slider waits for a pause in its moves.
let replayTimer = null;
$('replay-step').addEventListener('input', () => {
  clearTimeout(replayTimer);
  replayTimer = setTimeout(() => showReplayStep().catch(fail), 250);
});

// ------------------------------------------------------------------ start

// Once the page is parsed (a module runs after it is, so this is at once).
export function start() {
  connect();
}
document.addEventListener('DOMContentLoaded', start);
// The open game and the orders being made, read-only, for the browser's
// console (and the browser tests, which compare the page with what the
// server sent).
Object.defineProperty(window, 'naumachia', {
  value: Object.freeze({
    get game() { return game; },
    get picking() { return picking; },
  }),
});
