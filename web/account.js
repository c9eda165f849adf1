// The player's account: changing the password (ChangePasswordRequest). The
// current password is asked for, so that an open tab alone cannot take the
// account; the server ends the player's other sessions. Loaded after app.js,
// whose helpers ($, request, setStatus, fail) it uses.
'use strict';

$('password-form').addEventListener('submit', async (e) => {
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
    $('account').open = false;
    const n = done.sessions_ended;
    setStatus(`Password changed; ${n} other ${n === 1 ? 'session' : 'sessions'} ended.`);
  } catch (err) {
    fail(err);
  }
});
