// The stake field's ½ and 2× buttons (issue 38, item 12) and their keys, A and S, as Stake's
// players know them. The keys act only when no text box, list or button with its own keys has
// focus, and never with a modifier, so typing and the browser's shortcuts are left alone.
import type { Money } from '#core/api/contract.ts';
import type { StakeRule } from '#core/games/fair-stake.ts';
import { quickStake, type QuickStakeChange } from '#core/games/quick-stake.ts';
import { h, type T } from './dom.ts';

const KEYS: Record<QuickStakeChange, { key: string; code: string }> = {
  half: { key: 'a', code: 'KeyA' },
  double: { key: 's', code: 'KeyS' },
};

/** The key pressed, by its letter, or by its place where the layout has no Latin letters (ф on a Russian A). */
const pressed = (event: KeyboardEvent, change: QuickStakeChange) =>
  event.key.toLowerCase() === KEYS[change].key || (!/^[a-z]$/i.test(event.key) && event.code === KEYS[change].code);

const typingIn = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

/**
 * Puts ½ and 2× after the stake box (inside its field) and binds A and S on the page. `rule` gives
 * the stakes the bet chosen now takes.
 */
export function quickStakeButtons(
  t: T,
  stake: HTMLInputElement,
  range: { min: Money; max: Money },
  rule: () => StakeRule | undefined,
) {
  // A multi-step round in play marks its bet form aria-disabled: the next stake waits until it ends.
  const locked = () => stake.disabled || Boolean(stake.closest('form[aria-disabled]'));
  const button = (change: QuickStakeChange, text: string) => {
    const node = h(
      'button',
      {
        type: 'button',
        class: 'quick-stake',
        'aria-label': t(`play.stake_quick.${change}`),
        'aria-keyshortcuts': KEYS[change].key.toUpperCase(),
        'data-quick-stake': change,
      },
      text,
    );
    node.addEventListener('click', () => {
      if (locked()) return;
      stake.value = quickStake(stake.value, change, range, rule());
      stake.removeAttribute('aria-invalid');
      stake.dispatchEvent(new Event('input', { bubbles: true }));
    });
    return node;
  };
  const half = button('half', '½');
  const double = button('double', '2×');
  const row = h('span', { class: 'stake-row' });
  stake.replaceWith(row);
  row.append(stake, half, double);

  document.addEventListener('keydown', (event) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || typingIn(event.target)) return;
    const change = (['half', 'double'] as const).find((candidate) => pressed(event, candidate));
    if (!change || locked()) return;
    event.preventDefault();
    (change === 'half' ? half : double).click();
  });
}
