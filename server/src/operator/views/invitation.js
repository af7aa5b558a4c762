/* global document, location, history */
// The invitation's token arrives after '#' (never sent to a server): copy it into the form, then
// take it out of the address bar and the history.
const form = document.querySelector('[data-accept-invitation]');
/** @type {HTMLInputElement | null | undefined} */
const field = form?.querySelector('input[name="token"]');
const token = location.hash.slice(1);
if (field && /^[0-9a-f]{64}$/.test(token)) {
  field.value = token;
  history.replaceState(null, '', location.pathname);
}
if (field && !field.value) document.querySelector('[data-no-token]')?.removeAttribute('hidden');
