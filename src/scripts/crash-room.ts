// The shared crash room's page, without React: binds src/stores/crash-room.ts to CrashRoom.astro.
// Imported by play.ts only for /play?game=crash once the room is on. Server data is set as text
// only, never as HTML; the multiplier is redrawn every frame, its phase announced only on change.
import type { CrashRoomState } from '../../core/api/contract';
import { fetchCrashRoomState } from '../api/crash-room-state';
import type { Locale } from '../../core/i18n/locales.ts';
import { interpolate } from '../../core/i18n/interpolate';
import { formatMoney } from '../../core/i18n/money-format';
import { crashMultiplierAt, hundredthsText } from '../../core/games/crash';
import {
  createCrashRoom,
  isWin,
  verifyGame,
  type CrashEvent,
  type CrashRoomStore,
  type RoomError,
  type Submit,
} from '../stores/crash-room';
import { onLiveEvent } from '../stores/live-events';
import { $token } from '../stores/session';
import { followPublicStream } from './public-stream';

type Texts = Record<string, string>;

async function roomApi() {
  const { placeCrashRoomBet, cashOutCrashRoom, myCrashRoomBet } = await import('../api/crash-room');
  return { bet: placeCrashRoomBet, cashOut: () => cashOutCrashRoom(), mine: () => myCrashRoomBet() };
}

/** The rise drawn so far as an SVG path in a 200 × 100 box that grows with the game. */
function curvePath(elapsedMs: number): string {
  if (elapsedMs <= 0) return '';
  const span = Math.max(elapsedMs, 8000);
  const top = Math.max(crashMultiplierAt(elapsedMs), 200);
  const points: string[] = [];
  for (let step = 0; step <= 40; step++) {
    const t = (elapsedMs * step) / 40;
    const x = (t / span) * 200;
    const y = 100 - ((crashMultiplierAt(t) - 100) / (top - 100)) * 95;
    points.push(`${x.toFixed(1)},${y.toFixed(1)}`);
  }
  return `M${points.join('L')}`;
}

export function initCrashRoom(root: HTMLElement, state: CrashRoomState, sentAt: number, receivedAt: number) {
  const texts = JSON.parse(root.dataset.texts ?? '{}') as Texts;
  const locale = document.documentElement.lang as Locale;
  const part = <T extends HTMLElement>(name: string) => root.querySelector<T>(`[data-room-${name}]`)!;
  const room = createCrashRoom(roomApi);
  const stage = part('stage');
  const multiplier = part('multiplier');
  const curve = root.querySelector<SVGPathElement>('[data-room-curve]')!;
  const phase = part('phase');
  const announce = part('announce');
  const betForm = part<HTMLFormElement>('bet-form');
  const place = part<HTMLButtonElement>('place');
  const cashout = part<HTMLButtonElement>('cashout');
  const error = part('error');
  const mine = part('mine');
  const money = (amount: string) => formatMoney(amount, room.$room.get().currency, locale);
  const errorText = (problem: RoomError) => ('detail' in problem ? problem.detail : texts[`error_${problem.key}`]!);

  // The big number and the curve: every animation frame, from the server's clock.
  let lastPhase = '';
  const draw = () => {
    room.tick();
    const current = room.$room.get();
    const shown = room.shownPhase();
    multiplier.textContent = `${hundredthsText(room.multiplier())}×`;
    stage.dataset.phase = shown;
    const lines: string[] = [];
    if (shown === 'crashed') lines.push(interpolate(texts.crashed!, { crash: room.shownCrash() ?? '' }));
    if (current.phase === 'betting') lines.push(interpolate(texts.betting!, { seconds: String(room.countdown()) }));
    if (current.phase === 'rising') lines.push(texts.rising!);
    phase.textContent = lines.join(' · ');
    if (current.phase === 'rising' && current.risesAt !== null)
      curve.setAttribute('d', curvePath(room.serverNow() - current.risesAt));
    else if (shown === 'betting') curve.setAttribute('d', '');
    const said = room.announcement();
    const line = said.key === 'off' ? '' : interpolate(texts[`announce_${said.key}`]!, { crash: said.crash ?? '' });
    if (line !== lastPhase) {
      lastPhase = line;
      announce.textContent = line;
    }
    requestAnimationFrame(draw);
  };
  const controls = () => {
    place.hidden = !room.canBet();
    place.disabled = room.$betSubmit.get().state === 'sending';
    cashout.hidden = !room.canCashOut();
    cashout.disabled = room.$cashOutSubmit.get().state === 'sending';
  };
  const showError = (submit: Submit) => {
    error.textContent = submit.state === 'error' ? errorText(submit.error) : '';
  };

  const renderPlayers = () => {
    const { players } = room.$room.get();
    const body = part('players');
    body.replaceChildren(
      ...players.map((one) => {
        const tr = document.createElement('tr');
        for (const text of [one.player ?? texts.hidden!, money(one.stake), one.paid ? `${one.paid}×` : '—']) {
          const td = document.createElement('td');
          td.textContent = text;
          tr.append(td);
        }
        return tr;
      }),
    );
    part('players-table').hidden = players.length === 0;
    part('players-empty').hidden = players.length > 0;
  };

  const verifyHash = part<HTMLInputElement>('verify-hash');
  const verdict = part('verdict');
  const renderHistory = () => {
    const { history } = room.$room.get();
    part('history').replaceChildren(
      ...history.map((past) => {
        const item = document.createElement('li');
        const button = document.createElement('button');
        button.type = 'button';
        button.textContent = `${past.crash_point}×`;
        button.setAttribute(
          'aria-label',
          interpolate(texts.history_item!, { game: String(past.game), crash: past.crash_point }),
        );
        button.dataset.game = String(past.game);
        button.addEventListener('click', () => {
          verifyHash.value = past.hash;
          void runVerify();
          part('verify-hash').closest('section')!.scrollIntoView({ block: 'start' });
          verifyHash.focus();
        });
        item.append(button);
        return item;
      }),
    );
  };

  const line = (text: string, result?: string) => {
    const p = document.createElement('p');
    p.textContent = text;
    if (result) p.dataset.verdict = result;
    return p;
  };
  async function runVerify() {
    const { history, commitment } = room.$room.get();
    if (!commitment) return;
    const checked = await verifyGame(verifyHash.value, history, commitment);
    if (!checked) return verdict.replaceChildren(line(texts.verify_bad_hash!, 'mismatch'));
    const shown = history.find((past) => past.game === checked.game);
    verdict.replaceChildren(
      line(interpolate(texts.verify_crash!, { crash: checked.crashPoint, previous: checked.previous })),
      line(texts[`verify_chain_${checked.chain}`]!, checked.chain),
      line(
        interpolate(texts[`verify_point_${checked.point}`]!, {
          game: String(checked.game ?? ''),
          shown: shown?.crash_point ?? '',
        }),
        checked.point,
      ),
    );
  }
  part<HTMLFormElement>('verify-form').addEventListener('submit', (event) => {
    event.preventDefault();
    void runVerify();
  });

  const renderMine = () => {
    const bet = room.$myBet.get();
    const current = room.$room.get();
    delete mine.dataset.win;
    // A settled bet's result stays until the next game starts rising (that game opens at its crash).
    const shown = bet && (bet.game === current.game || (bet.paid !== null && current.phase === 'betting'));
    if (!shown) return (mine.textContent = '');
    if (bet.paid === null) {
      mine.textContent = interpolate(bet.autoCashout ? texts.my_bet_auto! : texts.my_bet!, {
        stake: money(bet.stake),
        auto: bet.autoCashout ?? '',
      });
    } else if (bet.paid === '0.00') {
      mine.textContent = interpolate(texts.my_lost!, { stake: money(bet.stake) });
    } else {
      // Paid, but only a payout above the stake is styled as a win.
      mine.textContent = interpolate(texts.my_paid!, { multiplier: bet.paid, payout: money(bet.win ?? '0.00') });
      if (isWin(bet)) mine.dataset.win = '';
    }
  };

  betForm.addEventListener('submit', (event) => {
    event.preventDefault();
    if (!room.canBet()) return;
    void room.placeBet(part<HTMLInputElement>('stake').value, part<HTMLInputElement>('auto').value);
  });
  cashout.addEventListener('click', () => void room.cashOut());

  room.$room.subscribe(() => {
    controls();
    renderPlayers();
    renderHistory();
    renderMine();
  });
  room.$myBet.subscribe(() => {
    controls();
    renderMine();
  });
  room.$betSubmit.subscribe((submit) => {
    controls();
    showError(submit);
  });
  room.$cashOutSubmit.subscribe((submit) => {
    controls();
    showError(submit);
  });

  room.load(state, sentAt, receivedAt);
  // Signed in, the player may already be in this game (a reload): their bet, to show and cash out.
  if ($token.get()) void room.restoreMine();
  const { commitment } = room.$room.get();
  part('terminating').textContent = commitment?.terminating_hash ?? '';
  part('salt').textContent = commitment?.salt ?? '';
  onLiveEvent((name, data) => {
    if (name === 'crash' && room.apply(data as CrashEvent)) void reloadRoom(room);
  });
  followPublicStream();
  root.hidden = false;
  requestAnimationFrame(draw);
}

/** The room's state again (a crash the stream did not bring): loaded as the page's first was. */
async function reloadRoom(room: CrashRoomStore) {
  try {
    const { state, sentAt, receivedAt } = await fetchCrashRoomState();
    room.load(state, sentAt, receivedAt);
  } catch {
    // Unreachable for now: the next game's events keep the room going, and its crash fills the strip.
  }
}
