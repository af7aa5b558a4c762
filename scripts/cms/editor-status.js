// The translation marks in the browser editor: on an entry's page, a folded panel (bottom left)
// lists each language as up to date, stale (for how many days, with what changed in English since
// it was translated) or missing, from the editor's API (`translationStatus`,
// scripts/cms/entry-status.mjs), and holds "Delete languages…": the languages to delete are
// ticked one by one, and English (the whole entry) only with its id typed (`deleteTranslations`,
// scripts/cms/entry-delete.mjs). All of it is set as text, never as HTML. Where there is no such
// API (the editor built for a git host), the marks come from translation-status.json, written by
// its build, and there is no delete form.
(() => {
  const ENTRY = /^#\/collections\/([\w-]+)\/entries\/([a-z0-9-]+)$/;
  const panel = document.createElement('aside');
  panel.setAttribute('aria-label', 'Translation status');
  panel.dataset.translationStatus = '';
  panel.hidden = true;
  panel.style.cssText =
    'position:fixed;left:12px;bottom:12px;z-index:10000;max-width:26rem;max-height:45vh;overflow:auto;' +
    'background:#fff;color:#1c1917;border:1px solid #a8a29e;border-radius:6px;padding:8px 12px;' +
    'font:13px/1.4 system-ui,sans-serif;box-shadow:0 2px 8px rgb(0 0 0 / 0.15)';
  let asked = 0;
  /** What the panel shows now (entry and rows), so the same answer leaves it, and a half-filled form, alone. */
  let shown = '';

  /** @param {string} tag @param {string} [text] */
  const element = (tag, text) => {
    const made = document.createElement(tag);
    if (text !== undefined) made.textContent = text;
    return made;
  };

  /** @param {string} action @param {object} params */
  const callApi = (action, params) =>
    fetch('/api/v1', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ action, params }),
    }).catch(() => null);

  /**
   * The form that deletes chosen languages of an entry; English last, with the id to type.
   * @param {string} collection @param {string} id @param {string[]} written  translations with a file
   */
  function deleteForm(collection, id, written) {
    const details = element('details');
    details.dataset.deleteLanguages = '';
    details.append(element('summary', 'Delete languages…'));
    const form = element('form');
    const boxes = [...written, 'en'].map((locale) => {
      const label = element('label', ` ${locale === 'en' ? 'en (the whole entry, every language)' : locale}`);
      label.style.cssText = 'display:block';
      const box = /** @type {HTMLInputElement} */ (element('input'));
      box.type = 'checkbox';
      box.value = locale;
      label.prepend(box);
      form.append(label);
      return box;
    });
    const confirm = element('label', `Type the id "${id}" to delete the whole entry: `);
    confirm.hidden = true;
    const typed = /** @type {HTMLInputElement} */ (element('input'));
    typed.name = 'confirm-id';
    typed.autocomplete = 'off';
    confirm.append(typed);
    const button = element('button', 'Delete');
    button.setAttribute('type', 'submit');
    const said = element('p');
    said.setAttribute('role', 'status');
    form.append(confirm, button, said);
    form.addEventListener('change', () => {
      confirm.hidden = !boxes.at(-1)?.checked;
    });
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      const locales = boxes.filter((box) => box.checked).map((box) => box.value);
      const answer = await callApi('deleteTranslations', { collection, id, locales, confirmId: typed.value.trim() });
      const value = await answer?.json().catch(() => null);
      if (!answer?.ok) return void (said.textContent = `Not deleted: ${value?.error ?? 'the editor did not answer'}`);
      said.textContent = `Deleted: ${value.deleted.join(', ')}`;
      // Decap keeps the entry it loaded: reload so it reads the files as they are now.
      if (locales.includes('en')) location.hash = `#/collections/${collection}`;
      location.reload();
    });
    details.append(form);
    return details;
  }

  async function show() {
    const at = ENTRY.exec(location.hash);
    const ask = ++asked;
    const hide = () => {
      panel.replaceChildren();
      panel.hidden = true;
      shown = '';
    };
    if (!at) return hide();
    const answer = await callApi('translationStatus', { collection: at[1], id: at[2] });
    // The editor built for a git host has no API: its marks are those of its build.
    const built = answer?.ok ? null : await fetch('translation-status.json').catch(() => null);
    if (ask !== asked) return;
    if (!(answer?.ok || built?.ok)) return hide();
    /** @type {{ locale: string, state: string, days?: number, diff?: string[] }[] | undefined} */
    const rows = answer?.ok ? await answer.json() : (await built?.json())?.[`${at[1]}/${at[2]}`];
    if (ask !== asked) return;
    if (!rows) return hide();
    const now = JSON.stringify([at[0], rows]);
    if (now === shown) return;
    shown = now;
    const list = element('ul');
    list.style.cssText = 'margin:4px 0 0;padding-left:1.1rem';
    for (const row of rows) {
      const item = element(
        'li',
        `${row.locale}: ${row.state}${row.days === undefined ? '' : `, for ${row.days} days`}`,
      );
      item.dataset.locale = row.locale;
      item.dataset.state = row.state;
      if (row.diff?.length) {
        const details = element('details');
        details.append(element('summary', 'What changed in English since the translation'));
        const diff = element('pre', row.diff.join('\n'));
        diff.style.cssText = 'white-space:pre-wrap;font-size:12px;margin:4px 0';
        details.append(diff);
        item.append(details);
      }
      list.append(item);
    }
    const stale = rows.filter((r) => r.state === 'stale').length;
    const missing = rows.filter((r) => r.state === 'missing').length;
    // Folded to one line by default, so it covers none of the text being edited.
    const folded = element('details');
    const written = rows.filter((r) => r.state !== 'missing').map((r) => r.locale);
    folded.append(
      element(
        'summary',
        `Translations: ${stale} stale, ${missing} missing${answer?.ok ? '' : ' (as of the last build)'}`,
      ),
      list,
    );
    // Deleting needs the editor's API (npm run cms); on a git host it is a developer's change.
    if (answer?.ok) folded.append(deleteForm(at[1] ?? '', at[2] ?? '', written));
    // Asked again on focus and on every address change: what the editor had opened stays open.
    const opened = [...panel.querySelectorAll('details')].map((details) => details.open);
    panel.replaceChildren(folded);
    panel.querySelectorAll('details').forEach((details, index) => (details.open = opened[index] ?? false));
    panel.hidden = false;
  }

  addEventListener('hashchange', () => void show());
  // After a save the state changes: ask again when the editor returns to the page.
  addEventListener('focus', () => void show());
  const start = () => {
    document.body.append(panel);
    void show();
  };
  if (document.body) start();
  else addEventListener('DOMContentLoaded', start);
})();
