// Deadlines as a player reads them: the time left ("3 h 12 min", seconds in
// the last minute) counting down on the page, the moment itself in the
// player's time zone, and the games awaiting the player's orders, counted in
// the tab's title. It uses app.ts's helpers ($, el, request) when called; it holds no rules: what a seat must do is the summary's.

import {el, fail, request} from './app';

// The protocol carries no server time (no message states "now"), so the time
// left is reckoned by the browser's clock; a clock far off the server's
// shows the deadline that far off too (the step resolves by the server's).
function nowUnix() {
  return Date.now() / 1000;
}

// "3 h 12 min", "12 min", "45 s", "2 d 4 h": whole units, rounded down, so
// that it changes once a minute and every second in the last minute.
export function timeLeftWords(seconds) {
  const s = Math.floor(seconds);
  if (s < 60) return `${Math.max(s, 0)} s`;
  const minutes = Math.floor(s / 60);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  if (days) return hours ? `${days} d ${hours} h` : `${days} d`;
  if (hours) return mins ? `${hours} h ${mins} min` : `${hours} h`;
  return `${mins} min`;
}

// The deadline's moment in the player's time zone, with the zone named:
// "Thu, Nov 26, 2026, 8:20 PM GMT+1".
function deadlineMoment(unix) {
  return new Date(unix * 1000).toLocaleString(undefined, {
    weekday: 'short', year: 'numeric', month: 'short', day: 'numeric',
    hour: 'numeric', minute: '2-digit', timeZoneName: 'short',
  });
}

// A game's deadline as words, or null while it has none running: what the
// banner and the lobby say ("orders due in 3 h 12 min", "paused, 5 h left").
function deadlineWords(g, due = 'due in') {
  if (g.status !== 'RUNNING') return null;
  if (g.paused && g.paused !== 'NOT_PAUSED') {
    return g.paused_remaining_seconds != null ?
        `paused, ${timeLeftWords(g.paused_remaining_seconds)} left when it resumes` : 'paused';
  }
  if (!g.deadline_unix) return 'no deadline';
  const left = g.deadline_unix - nowUnix();
  return left > 0 ? `${due} ${timeLeftWords(left)}` : 'due now: the step resolves';
}

// A <time> that counts down to the game's deadline (tickDeadlines redraws
// it), titled with the moment in the player's time zone.
export function deadlineElement(g, due = 'due in') {
  const t = el('time', {class: 'deadline'}, deadlineWords(g, due) || '');
  if (g.status === 'RUNNING' && g.deadline_unix && !(g.paused && g.paused !== 'NOT_PAUSED')) {
    t.dataset.deadline = String(g.deadline_unix);
    t.dataset.due = due;
    t.dateTime = new Date(g.deadline_unix * 1000).toISOString();
    t.title = `due ${deadlineMoment(g.deadline_unix)}`;
  }
  return t;
}

// Every second: each countdown on the page says what is left now.
function tickDeadlines() {
  for (const t of document.querySelectorAll<HTMLTimeElement>('time[data-deadline]')) {
    const words = deadlineWords({status: 'RUNNING', deadline_unix: Number(t.dataset.deadline)}, t.dataset.due);
    if (t.textContent !== words) t.textContent = words;
  }
}
setInterval(tickDeadlines, 1000);

// The seat the player sits in, when the game runs and it has still to say
// its orders are ready: the game awaits the player's orders.
export function awaitsMe(g) {
  if (g.status !== 'RUNNING' || g.my_seat < 0) return false;
  const seat = g.seats.find((s) => s.seat === g.my_seat);
  return Boolean(seat && seat.must_order && !seat.ready && !seat.resigned);
}

// The player's games (ListGamesRequest.mine_only), asked again whenever an
// event of one of them is pushed: the count of those awaiting the player's
// orders heads the tab's title ("(2) naumachia").
let myGames = [];
// Signed out: no games of the player's any more.
export function forgetMyGames() {
  myGames = [];
}
let pageTitle = 'naumachia';

export function setTitle(title) {
  pageTitle = title;
  const waiting = myGames.filter(awaitsMe).length;
  document.title = waiting ? `(${waiting}) ${title}` : title;
}

// Pushes come in bursts (a commitment, then the resolution it completes):
// the player's games are asked for once, a second after the last, when the
// open game's own page has been drawn again.
let myGamesTimer = null;
export function myGamesChanged() {
  clearTimeout(myGamesTimer);
  myGamesTimer = setTimeout(() => loadMyGames().catch(fail), 1000);
}

export async function loadMyGames() {
  const r = await request('list_games', {mine_only: true, limit: 200});
  myGames = r.games;
  setTitle(pageTitle);
  return myGames;
}
