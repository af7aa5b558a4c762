/* global document, HTMLElement, HTMLInputElement, HTMLSelectElement, HTMLTextAreaElement */
// The withdrawals queue's keyboard and select-all (docs/back-office.md). Served as a file: the
// console's CSP allows no inline script. Without it the page still works with the mouse and Tab.

const rows = () => [
  .../** @type {NodeListOf<HTMLTableRowElement>} */ (document.querySelectorAll('tr[data-withdrawal]')),
];
const ticks = () => [
  .../** @type {NodeListOf<HTMLInputElement>} */ (document.querySelectorAll('input[name="id"][form="bulk"]')),
];
/** @type {HTMLInputElement | null} */
const selectAll = document.querySelector('input[data-select-all]');
const counter = document.querySelector('[data-selected-count]');
/** @param {EventTarget | null} target */
const typing = (target) =>
  target instanceof HTMLElement &&
  (target.isContentEditable ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement ||
    (target instanceof HTMLInputElement && target.type !== 'checkbox'));

/** "3 selected", and the select-all box ticked (or mixed) to match the rows' ticks. */
function showSelection() {
  const all = ticks();
  const ticked = all.filter((box) => box.checked).length;
  if (counter) counter.textContent = ticked ? `${ticked} selected` : '';
  if (selectAll) {
    selectAll.checked = ticked > 0 && ticked === all.length;
    selectAll.indeterminate = ticked > 0 && ticked < all.length;
  }
}

/**
 * The row's tick for the bulk form, if it has one.
 * @param {HTMLTableRowElement} row
 * @returns {HTMLInputElement | null}
 */
const tickOf = (row) => row.querySelector('input[name="id"][form="bulk"]');

/**
 * Focuses a row: its tick when it has one, else the row itself.
 * @param {HTMLTableRowElement} row
 */
function focusRow(row) {
  const tick = tickOf(row);
  if (tick) tick.focus();
  else {
    row.tabIndex = -1;
    row.focus();
  }
  for (const other of rows()) other.classList.toggle('current', other === row);
}

/** @returns {HTMLTableRowElement | null} */
const currentRow = () => document.activeElement?.closest('tr[data-withdrawal]') ?? null;

/**
 * Opens or closes a row's disclosure (its decision or its details) and moves into it when opened.
 * @param {HTMLTableRowElement} row
 * @param {'more' | 'decision'} className
 */
function toggle(row, className) {
  /** @type {HTMLDetailsElement | null} */
  const details = row.querySelector(`details.${className}`);
  if (!details) return;
  details.open = !details.open;
  /** @type {HTMLElement | null} */
  const first = details.querySelector('input:not([type="hidden"]), select, textarea, button');
  if (details.open) first?.focus();
}

if (selectAll) {
  selectAll.hidden = false;
  selectAll.addEventListener('change', () => {
    for (const box of ticks()) box.checked = selectAll.checked;
    showSelection();
  });
}
document.addEventListener('change', (event) => {
  if (event.target instanceof HTMLInputElement && event.target.name === 'id') showSelection();
});
document.querySelector('[data-keys]')?.removeAttribute('hidden');

document.addEventListener('keydown', (event) => {
  if (event.altKey || event.ctrlKey || event.metaKey || typing(event.target)) return;
  const all = rows();
  if (!all.length) return;
  const row = currentRow();
  const at = row ? all.indexOf(row) : -1;
  if (event.key === 'j' || event.key === 'k') {
    const next = event.key === 'j' ? Math.min(all.length - 1, at + 1) : Math.max(0, at - 1);
    focusRow(/** @type {HTMLTableRowElement} */ (all[next]));
  } else if (event.key === 'x' && row) {
    const tick = tickOf(row);
    if (!tick) return;
    tick.checked = !tick.checked;
    showSelection();
  } else if ((event.key === 'o' || event.key === 'd') && row) {
    toggle(row, event.key === 'o' ? 'more' : 'decision');
  } else return;
  event.preventDefault();
});
showSelection();
