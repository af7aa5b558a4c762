// The translation marks in the browser editor: on an entry's page, a folded panel (bottom left)
// lists each language as up to date, stale (for how many days, with what changed in English since
// it was translated) or missing, from the editor's API (`translationStatus`,
// scripts/cms/entry-status.mjs). All of it is set as text, never as HTML. Where there is no such
// API (the editor built for a git host), the panel stays hidden.
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

  /** @param {string} tag @param {string} [text] */
  const element = (tag, text) => {
    const made = document.createElement(tag);
    if (text !== undefined) made.textContent = text;
    return made;
  };

  async function show() {
    const at = ENTRY.exec(location.hash);
    const ask = ++asked;
    panel.replaceChildren();
    panel.hidden = true;
    if (!at) return;
    const answer = await fetch('/api/v1', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ action: 'translationStatus', params: { collection: at[1], id: at[2] } }),
    }).catch(() => null);
    if (!answer?.ok || ask !== asked) return;
    /** @type {{ locale: string, state: string, days?: number, diff?: string[] }[]} */
    const rows = await answer.json();
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
    folded.append(element('summary', `Translations: ${stale} stale, ${missing} missing`), list);
    panel.append(folded);
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
