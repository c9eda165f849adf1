// The account page (#account): logging out here or everywhere, and the
// notification settings (docs/correspondence.md): an e-mail address, used
// once confirmed with the code the server mails to it; a webhook; what the
// player hears about. And the page an unsubscribe link lands on
// (#unsubscribe=TOKEN, from every notice), which needs no sign-in. Every
// answer is the server's settings as they stand, drawn as they come.
// Loaded after app.js.

import {$, closeGame, el, fail, me, request, ServerError, setStatus, show, signedOut, signIn, when} from './app';
import {setTitle, timeLeftWords} from './deadlines';

const kNoticeKinds = [
  ['ORDERS_DUE', 'a step begins in which you order'],
  ['DEADLINE_NEAR', 'a deadline nears while your orders are not ready; a game pauses, resumes or is extended'],
  ['STEP_RESOLVED', 'a step resolves and you have nothing to order in the next'],
  ['MESSAGE_RECEIVED', 'a message you may read'],
  ['PLAYER_JOINED', 'a player joins one of your games'],
  ['PROPOSAL_MADE', 'a proposal awaits your answer'],
  ['GAME_ENDED', 'a game of yours ends'],
];

const kWebhookFormats = {WEBHOOK_JSON: 'JSON', WEBHOOK_DISCORD: 'Discord', WEBHOOK_SLACK: 'Slack'};

export async function openAccount() {
  closeGame();
  show('account');
  setTitle('naumachia: account');
  $('account-who').textContent = `Signed in as ${me.name}; this session ends if unused until ` +
      `${when(me.idle_expires_unix)}, and at the latest ${when(me.expires_unix)}.`;
  $('kinds').replaceChildren(el('legend', {}, 'What you hear about'), ...kNoticeKinds.map(([v, words]) =>
    el('label', {}, el('input', {type: 'checkbox', name: 'kind', value: v}), ` ${words}`)));
  await notify({show: true}, false);
}

// Sends one change and draws the settings the server answers with.
async function notify(change, announce = true) {
  try {
    const s = await request('notify', change);
    showSettings(s, announce);
    setStatus('');
    return s;
  } catch (err) {
    fail(err);
    return null;
  }
}

function showSettings(s, announce) {
  $('notify-note').textContent = announce ? s.note : '';
  const emailForm = document.forms['email-form'];
  emailForm.querySelector('fieldset').disabled = !s.mail_available;
  $('email-state').textContent = !s.mail_available ? 'This server sends no e-mail (it has no mail relay).' :
      !s.email ? 'No address: you get no e-mail.' :
      s.email_confirmed ? `Notices go to ${s.email}.` :
                          `${s.email} is waiting for its code: enter the code the server mailed to it.`;
  if (s.email) emailForm.email.value = s.email;
  $('email-remove').hidden = !s.email;
  $('confirm-form').hidden = !s.email || s.email_confirmed;
  const hook = document.forms['webhook-form'];
  $('webhook-state').textContent = s.webhook_url ?
      `Notices are posted to ${s.webhook_url} (${kWebhookFormats[s.webhook_format] || 'JSON'}).` :
      'No webhook.';
  if (s.webhook_url) {
    hook.url.value = s.webhook_url;
    hook.format.value = s.webhook_format in kWebhookFormats ? s.webhook_format : 'WEBHOOK_JSON';
  }
  $('webhook-remove').hidden = !s.webhook_url;
  for (const box of document.querySelectorAll<HTMLInputElement>('#kinds input[name=kind]')) box.checked = s.kinds.includes(box.value);
  document.forms['kinds-form'].always.checked = s.always;
  $('reminders').textContent = s.reminder_seconds.length ?
      `Reminders come ${s.reminder_seconds.map((x) => timeLeftWords(x)).join(' and ')} before a deadline.` : '';
}

document.forms['email-form'].addEventListener('submit', async (e) => {
  e.preventDefault();
  const address = e.target.email.value.trim();
  if (!address) return;
  if (await notify({set_email: address})) document.forms['confirm-form'].code.focus();
});
document.forms['confirm-form'].addEventListener('submit', async (e) => {
  e.preventDefault();
  if (await notify({confirm_email: e.target.code.value.trim()})) e.target.code.value = '';
});
$('email-remove').addEventListener('click', async () => {
  if (await notify({remove_email: true})) document.forms['email-form'].email.value = '';
});
document.forms['webhook-form'].addEventListener('submit', (e) => {
  e.preventDefault();
  notify({set_webhook: {url: e.target.url.value.trim(), format: e.target.format.value}});
});
$('webhook-remove').addEventListener('click', async () => {
  if (await notify({remove_webhook: true})) document.forms['webhook-form'].url.value = '';
});
document.forms['kinds-form'].addEventListener('submit', async (e) => {
  e.preventDefault();
  const kinds = [...document.querySelectorAll<HTMLInputElement>('#kinds input[name=kind]:checked')].map((b) => b.value);
  if (await notify({kinds: {kinds}})) await notify({always: e.target.always.checked});
});
$('notify-test').addEventListener('click', () => notify({test: true}));

// ------------------------------------------------------------------ logging out

async function logOut(everywhere) {
  let words = 'Logged out.';
  try {
    const r = await request('logout', {everywhere});
    if (everywhere) words = `Logged out everywhere: ${r.sessions_ended} session${r.sessions_ended === 1 ? '' : 's'} ended.`;
  } catch (err) {
    // Signed out here whatever the server answered.
  }
  localStorage.removeItem('naumachia.token');
  signedOut();
  location.hash = '';
  await signIn();
  setStatus(words);
}
// ------------------------------------------------------------------ password

// The current password is asked for, so that an open tab alone cannot take
// the account (ChangePasswordRequest); the server ends the other sessions.
document.forms['password-form'].addEventListener('submit', async (e) => {
  e.preventDefault();
  const form = e.target;
  if (form.new_password.value !== form.again.value) {
    setStatus('The two new passwords differ; nothing was changed.', true);
    return;
  }
  try {
    setStatus('Changing the password…');
    const done = await request('change_password', {
      old_password: form.old_password.value,
      new_password: form.new_password.value,
    });
    form.reset();
    const n = done.sessions_ended;
    setStatus(`Password changed; ${n} other ${n === 1 ? 'session' : 'sessions'} ended.`);
  } catch (err) {
    fail(err);
  }
});

$('logout-here').addEventListener('click', () => logOut(false));
$('logout-everywhere').addEventListener('click', () => logOut(true));

// ------------------------------------------------------------------ unsubscribing

let unsubscribeToken = '';

export function openUnsubscribe(token) {
  closeGame();
  show('unsubscribe');
  setTitle('naumachia: stop notices');
  if (token !== unsubscribeToken) {
    unsubscribeToken = token;
    $('unsubscribe-done').textContent = '';
    $('unsubscribe-yes').hidden = false;
  }
}

$('unsubscribe-yes').addEventListener('click', async () => {
  try {
    const r = await request('unsubscribe', {token: unsubscribeToken});
    $('unsubscribe-done').textContent = `Done: ${r.what}.`;
    $('unsubscribe-yes').hidden = true;
  } catch (err) {
    if (err instanceof ServerError && err.code === 'NOT_FOUND') {
      $('unsubscribe-done').textContent = 'No address has this link any more: its notices were stopped already.';
      $('unsubscribe-yes').hidden = true;
    } else {
      fail(err);
    }
  }
});
