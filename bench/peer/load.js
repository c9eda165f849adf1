// The load generator for the peer (docs/performance.md): each connection
// makes a match of the counter game through boardgame.io's lobby API, joins
// it as its one player, connects to the game's socket.io namespace, syncs,
// and then plays in a closed loop: sends a move, waits for the update that
// carries it, sends the next. The moves counted are those answered inside the
// window, as naumachia-bench-load counts naumachia's orders.
//
// usage: node load.js --url wss://HOST:PORT [--levels 1,16,64] [--warmup S] [--seconds S]
//                     [--prime S]
// --prime: seconds of play at 16 connections, not measured, before the first
// level (default 5): V8 compiles the server's and the generator's hot code
// while it runs, which a compiled server like naumachia's does not need.
// Prints one JSON object a line on stdout: {"event":"open",...} when a
// level's window opens, {"event":"closed",...} when it closes (the benchmark
// reads the processes' CPU counters then), and its result:
// {"event":"result","connections":N,"moves_per_second":..,"p50_ms":..,"p99_ms":..,...}.
'use strict';
const http = require('http');
const https = require('https');
const { io } = require('socket.io-client');

const GAME = 'counter';

function parse(argv) {
  const o = { levels: [1, 16, 64], warmup: 1, seconds: 5, prime: 5, drain: 30 };
  for (let i = 0; i < argv.length; ++i) {
    const a = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) throw new Error(`${a} wants a value`);
      return argv[++i];
    };
    if (a === '--url') o.url = value();
    else if (a === '--levels') o.levels = value().split(',').map(Number);
    else if (a === '--warmup') o.warmup = Number(value());
    else if (a === '--seconds') o.seconds = Number(value());
    else if (a === '--prime') o.prime = Number(value());
    else throw new Error(`unknown option '${a}'`);
  }
  if (!o.url) throw new Error('--url is required');
  if (!o.levels.every((n) => Number.isInteger(n) && n > 0)) throw new Error('bad --levels');
  if (!(o.seconds > 0) || !(o.warmup >= 0) || !(o.prime >= 0)) {
    throw new Error('bad --seconds, --warmup or --prime');
  }
  return o;
}

function line(object) {
  process.stdout.write(`${JSON.stringify(object)}\n`);
}

// The same rank as naumachia-bench-load's: the ceil(q * n)-th smallest.
function percentile(sorted, q) {
  if (sorted.length === 0) return 0;
  const rank = Math.min(Math.max(Math.ceil(q * sorted.length), 1), sorted.length);
  return sorted[rank - 1];
}

// The benchmark's certificate is self-signed: it is not checked.
function lobby(base, path, body) {
  const url = new URL(path, base);
  const secure = url.protocol === 'https:';
  const data = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = (secure ? https : http).request(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) },
        rejectUnauthorized: false,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => {
          if (res.statusCode !== 200) {
            reject(new Error(`POST ${path}: HTTP ${res.statusCode} ${text.slice(0, 200)}`));
            return;
          }
          try {
            resolve(JSON.parse(text));
          } catch (e) {
            reject(new Error(`POST ${path}: ${e.message}`));
          }
        });
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

// One player in a match of its own, connected and synced.
class Player {
  constructor(o, index) {
    this.o = o;
    this.index = index;
    this.onAnswer = null;
  }

  async open() {
    const base = this.o.url.replace(/^ws/, 'http');
    const { matchID } = await lobby(base, `/games/${GAME}/create`, { numPlayers: 1 });
    const joined = await lobby(base, `/games/${GAME}/${matchID}/join`, {
      playerID: '0',
      playerName: `p${this.index}`,
    });
    this.matchID = matchID;
    this.credentials = joined.playerCredentials;
    // The transport boardgame.io's own client uses, websocket from the start.
    this.socket = io(`${base}/${GAME}`, {
      transports: ['websocket'],
      rejectUnauthorized: false,
      reconnection: false,
    });
    await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no sync within 30 s')), 30000);
      this.socket.once('connect_error', (e) => reject(new Error(`connect: ${e.message}`)));
      this.socket.once('sync', (id, sync) => {
        clearTimeout(timer);
        this.stateID = sync.state._stateID;
        this.moves = sync.state.G.moves;
        resolve();
      });
      this.socket.emit('sync', matchID, '0', this.credentials, 1);
    });
    this.socket.on('update', (id, state) => this.updated(id, state));
    this.socket.on('disconnect', (why) => this.answer(`disconnected: ${why}`));
  }

  // Sends one move; `answered(failure)` is called once its update arrives.
  move(answered) {
    this.onAnswer = answered;
    this.expected = this.moves + 1;
    const n = 1 + (this.expected % 9);
    const action = {
      type: 'MAKE_MOVE',
      payload: { type: 'add', args: [n], playerID: '0', credentials: this.credentials },
    };
    this.socket.emit('update', action, this.stateID, this.matchID, '0');
  }

  updated(id, state) {
    if (id !== this.matchID) return;
    this.stateID = state._stateID;
    const stored = state.G.moves;
    this.moves = stored;
    this.answer(stored === this.expected ? '' : `update with ${stored} moves, ${this.expected} expected`);
  }

  answer(failure) {
    const f = this.onAnswer;
    this.onAnswer = null;
    if (f) f(failure);
  }

  close() {
    if (this.socket) this.socket.close();
  }
}

async function openPlayers(o, n) {
  const players = [];
  // A few at a time: the lobby and the syncs are not what is measured.
  for (let i = 0; i < n; i += 8) {
    const batch = [];
    for (let j = i; j < Math.min(n, i + 8); ++j) batch.push(new Player(o, j));
    await Promise.all(batch.map((p) => p.open()));
    players.push(...batch);
  }
  return players;
}

const sleepUntil = (t) => new Promise((r) => setTimeout(r, Math.max(0, t - performance.now())));

// One closed loop at `n` connections; `priming`: nothing is printed.
async function level(o, n, priming = false) {
  const players = await openPlayers(o, n);
  // The moves answered in the window's first and last fifths: how the rate
  // changes as the matches' logs grow.
  const r = { completed: 0, failed: 0, firstFailure: '', latencies: [], first: 0, last: 0 };
  const measureFrom = performance.now() + (priming ? 0 : o.warmup * 1000);
  const until = measureFrom + (priming ? o.prime : o.seconds) * 1000;
  let outstanding = 0;
  const issue = (p) => {
    ++outstanding;
    const from = performance.now();
    p.move((failure) => {
      --outstanding;
      if (failure) {
        ++r.failed;
        if (!r.firstFailure) r.firstFailure = failure;
        return;
      }
      const now = performance.now();
      if (now >= measureFrom && now < until) {
        ++r.completed;
        r.latencies.push(now - from);
        const fifth = (until - measureFrom) / 5;
        if (now < measureFrom + fifth) ++r.first;
        if (now >= until - fifth) ++r.last;
      }
      if (now < until) issue(p);
    });
  };
  for (const p of players) issue(p);
  await sleepUntil(measureFrom);
  if (!priming) line({ event: 'open', connections: n });
  await sleepUntil(until);
  if (!priming) line({ event: 'closed', connections: n });
  const drainUntil = until + o.drain * 1000;
  while (outstanding > 0 && performance.now() < drainUntil) await sleepUntil(performance.now() + 10);
  const lastMoves = players.map((p) => p.moves);
  for (const p of players) p.close();
  r.latencies.sort((a, b) => a - b);
  if (priming) {
    if (r.failed || outstanding) throw new Error(`priming: ${r.failed} failed, ${outstanding} unanswered (${r.firstFailure})`);
    return;
  }
  line({
    event: 'result',
    connections: n,
    seconds: o.seconds,
    moves: r.completed,
    moves_per_second: r.completed / o.seconds,
    first_fifth_per_second: r.first / (o.seconds / 5),
    last_fifth_per_second: r.last / (o.seconds / 5),
    p50_ms: percentile(r.latencies, 0.5),
    p99_ms: percentile(r.latencies, 0.99),
    failed: r.failed,
    unanswered: outstanding,
    first_failure: r.firstFailure,
    // The moves in each match's log at the end (warm-up and window).
    log_min: Math.min(...lastMoves),
    log_max: Math.max(...lastMoves),
  });
}

async function main() {
  const o = parse(process.argv.slice(2));
  if (o.prime > 0) await level(o, 16, true);
  for (const n of o.levels) await level(o, n);
}

main().then(
  () => process.exit(0),
  (e) => {
    process.stderr.write(`${e.stack || e}\n`);
    process.exit(1);
  },
);
