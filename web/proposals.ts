// Proposals and resigning on a game's page: the open proposals (a draw, a
// concession, a pause, a resume, an extension) with who has accepted and who
// is still to answer, the buttons to accept, refuse or withdraw, a form to
// propose, the outcome of earlier ones (from the game's events), and
// resigning. What may be proposed and who must answer is the server's: the
// page offers what the summary allows and shows the server's refusals.
// Loaded after app.js.

import {$, el, fail, game, refreshAll, request, setStatus, sideOf, when} from './app';
import {loadMyGames, timeLeftWords} from './deadlines';

const kProposalStates = {
  PROPOSAL_OPEN: 'open',
  PROPOSAL_CARRIED: 'carried',
  PROPOSAL_REFUSED: 'refused',
  PROPOSAL_WITHDRAWN: 'withdrawn',
  PROPOSAL_LAPSED: 'lapsed',
};

const kProposalSteps = {
  PROPOSED: 'proposed',
  ACCEPTED: 'accepted',
  REFUSED: 'refused',
  WITHDRAWN: 'withdrawn',
  LAPSED: 'lapsed',
};

// What a proposal decides, in words.
function proposalWhat(p) {
  switch (p.kind) {
    case 'DRAW': return 'a draw between every side still in the game';
    case 'CONCESSION': return `concede the game to ${p.sides.join(', ')}`;
    case 'PAUSE': return 'pause the game (the deadline clock stops)';
    case 'RESUME': return 'resume the game (the deadline is the time it had left, from then)';
    case 'EXTENSION': return `extend the deadline by ${timeLeftWords(p.seconds)}`;
    default: return 'a proposal this page does not describe';
  }
}

function seatWho(seat) {
  const seats = game && game.detail ? game.detail.summary.seats : [];
  const s = seats.find((x) => x.seat === seat);
  return s ? `${s.side}${s.player ? ` (${s.player})` : ''}` : `seat ${seat}`;
}

// The line of the events list for a proposal's event; the outcome is also
// kept for the panel's list of earlier proposals.
export function proposalEventText(e) {
  const p = e.proposal;
  if (game) {
    if (!game.proposalLog) game.proposalLog = new Map();
    game.proposalLog.set(p.id, e);
  }
  const by = e.what === 'LAPSED' ? '' : ` by ${sideOf(e.seat)}`;
  const result = p.state === 'PROPOSAL_CARRIED' ? ': carried' : '';
  return `Proposal ${p.id} (${proposalWhat(p)}) ${kProposalSteps[e.what] || e.what}${by}` +
      `${e.why ? ` (${e.why})` : ''}${result}.`;
}

// The seats the player answers for: their own, not resigned.
function mySeatIn(g) {
  const s = g.seats.find((x) => x.seat === g.my_seat);
  return s && !s.resigned ? s : null;
}

async function answerProposal(p, answer) {
  try {
    const now = await request('answer_proposal', {game_id: game.id, proposal: p.id, answer});
    $('proposals-note').textContent = `Proposal ${now.id}: ${kProposalStates[now.state] || now.state}` +
        `${now.state === 'PROPOSAL_OPEN' ? `, ${now.accepted.length} of ${now.voters.length} have accepted` : ''}.`;
    setStatus('');
    await refreshAll();
  } catch (err) {
    fail(err);
  }
}

function proposalItem(g, p, mine) {
  const waiting = p.voters.filter((v) => !p.accepted.includes(v));
  const item = el('li', {'data-proposal': String(p.id), class: 'proposal'},
      el('strong', {}, `Proposal ${p.id}: ${proposalWhat(p)}`),
      el('span', {class: 'proposer'}, ` by ${seatWho(p.proposer)}, ${when(p.made_unix)}.`),
      el('span', {class: 'accepted'}, `Accepted by: ${p.accepted.map(seatWho).join(', ') || 'nobody yet'}.`),
      el('span', {class: 'waiting'}, waiting.length ? `Waiting for: ${waiting.map(seatWho).join(', ')}.` :
                                                      'Every seat it needs has accepted.'));
  const buttons = el('div', {class: 'buttons'});
  const label = (verb) => `${verb} proposal ${p.id}: ${proposalWhat(p)}`;
  if (mine && waiting.includes(mine.seat)) {
    buttons.append(
        el('button', {type: 'button', 'aria-label': label('Accept'), onclick: () => answerProposal(p, 'ACCEPT')}, 'Accept'),
        el('button', {type: 'button', 'aria-label': label('Refuse'), onclick: () => answerProposal(p, 'REFUSE')}, 'Refuse'));
  }
  if (mine && p.proposer === mine.seat) {
    buttons.append(el('button', {type: 'button', 'aria-label': label('Withdraw'),
      onclick: () => answerProposal(p, 'WITHDRAW')}, 'Withdraw'));
  }
  if (buttons.childElementCount) item.append(buttons);
  return item;
}

// The kinds the form offers: one open proposal of each kind at most, a
// pause for a game running, a resume for one paused by agreement, an
// extension for steps with deadlines, a concession to a side the player
// does not play.
function proposableKinds(g, mine) {
  const open = new Set(g.proposals.map((p) => p.kind));
  const paused = g.paused && g.paused !== 'NOT_PAUSED';
  const kinds = [['DRAW', 'a draw']];
  if (concedableSides(g, mine).length) kinds.push(['CONCESSION', 'concede the game to a side']);
  if (!paused) kinds.push(['PAUSE', 'pause the game']);
  if (g.paused === 'PAUSED_BY_AGREEMENT') kinds.push(['RESUME', 'resume the game']);
  if (g.deadline_seconds) kinds.push(['EXTENSION', 'extend the deadline']);
  return kinds.filter(([kind]) => !open.has(kind));
}

function concedableSides(g, mine) {
  const myPlay = new Set(mine.sides.length ? mine.sides : [mine.side]);
  const sides = [];
  for (const s of g.seats) {
    if (s.resigned) continue;
    for (const side of (s.sides.length ? s.sides : [s.side])) {
      if (!myPlay.has(side) && !sides.includes(side)) sides.push(side);
    }
  }
  return sides;
}

function proposeKindChosen() {
  const kind = $('propose-kind').value;
  $('propose-side-label').hidden = kind !== 'CONCESSION';
  $('propose-hours-label').hidden = kind !== 'EXTENSION';
}
$('propose-kind').addEventListener('change', proposeKindChosen);

// Draws the panel for the game's summary: shown while the game runs.
export function showProposals(g) {
  const panel = $('proposals-panel');
  panel.hidden = g.status !== 'RUNNING';
  if (panel.hidden) return;
  const mine = mySeatIn(g);
  const items = g.proposals.map((p) => proposalItem(g, p, mine));
  const open = new Set(g.proposals.map((p) => p.id));
  const earlier = [...(game.proposalLog || new Map()).values()]
      .filter((e) => !open.has(e.proposal.id) && e.proposal.state !== 'PROPOSAL_OPEN')
      .sort((a, b) => b.proposal.id - a.proposal.id).slice(0, 5);
  if (!items.length) items.push(el('li', {class: 'none'}, 'No open proposal.'));
  for (const e of earlier) {
    items.push(el('li', {class: 'proposal earlier', 'data-proposal': String(e.proposal.id)},
        `Proposal ${e.proposal.id} (${proposalWhat(e.proposal)}): ${kProposalStates[e.proposal.state] || e.proposal.state}` +
        `${e.why ? `, ${e.why}` : ''}.`));
  }
  $('proposals').replaceChildren(...items);
  $('propose-form').hidden = !mine;
  $('resign-box').hidden = !mine;
  $('proposals-title').textContent = g.proposals.length ? `Proposals (${g.proposals.length} open)` : 'Proposals';
  if (!mine) return;
  const kept = $('propose-kind').value;
  const kinds = proposableKinds(g, mine);
  $('propose-kind').replaceChildren(...kinds.map(([v, words]) => el('option', {value: v}, words)));
  if (kinds.some(([v]) => v === kept)) $('propose-kind').value = kept;
  const keptSide = $('propose-side').value;
  const sides = concedableSides(g, mine);
  $('propose-side').replaceChildren(...sides.map((s) => el('option', {value: s}, s)));
  if (sides.includes(keptSide)) $('propose-side').value = keptSide;
  $('propose-form').querySelector('button[type=submit]').disabled = !kinds.length;
  proposeKindChosen();
  $('resign-words').textContent = `Resign from game ${g.id}, where you play ${mine.side}? You cannot take it ` +
      'back. Open proposals lapse; in a two-sided game the other side wins, and where another seat of your ' +
      'side plays on, yours is offered to a new player.';
}

$('propose-form').addEventListener('submit', async (e) => {
  e.preventDefault();
  const kind = $('propose-kind').value;
  const body: {game_id: number, kind: string, side?: string, seconds?: number} = {game_id: game.id, kind};
  if (kind === 'CONCESSION') body.side = $('propose-side').value;
  if (kind === 'EXTENSION') body.seconds = Math.round(Number($('propose-hours').value) * 3600);
  try {
    const p = await request('propose', body);
    $('proposals-note').textContent = `Your proposal ${p.id} (${proposalWhat(p)}) ` +
        (p.state === 'PROPOSAL_CARRIED' ? 'carried at once.' : 'goes to the other players.');
    setStatus('');
    await refreshAll();
  } catch (err) {
    fail(err);
  }
});

// Resigning asks first, in the page: the question and its two answers.
function askResign(open) {
  $('resign-confirm').hidden = !open;
  $('resign-ask').setAttribute('aria-expanded', String(open));
  if (open) $('resign-no').focus();
}
$('resign-ask').addEventListener('click', () => askResign($('resign-confirm').hidden));
$('resign-no').addEventListener('click', () => {
  askResign(false);
  $('resign-ask').focus();
});
$('resign-yes').addEventListener('click', async () => {
  try {
    await request('resign', {game_id: game.id});
    askResign(false);
    setStatus(`You resigned from game ${game.id}.`);
    await refreshAll();
    await loadMyGames();
  } catch (err) {
    fail(err);
  }
});
