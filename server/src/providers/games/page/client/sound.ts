// Short sound effects made with WebAudio (no files to load): off until the site's sound toggle
// turns them on, started only from a round the player began (a user gesture in this page), and
// silent while the tab is hidden.
export type Sound = 'spin' | 'stop' | 'win' | 'card' | 'click';

/** Each effect as tones: frequency (Hz), start and length (s), wave. */
const TONES: Record<Sound, [number, number, number, OscillatorType][]> = {
  click: [[880, 0, 0.04, 'square']],
  card: [
    [520, 0, 0.05, 'triangle'],
    [390, 0.05, 0.05, 'triangle'],
  ],
  spin: [
    [300, 0, 0.08, 'sawtooth'],
    [360, 0.08, 0.08, 'sawtooth'],
    [420, 0.16, 0.08, 'sawtooth'],
  ],
  stop: [[220, 0, 0.09, 'triangle']],
  win: [
    [523, 0, 0.12, 'sine'],
    [659, 0.12, 0.12, 'sine'],
    [784, 0.24, 0.2, 'sine'],
  ],
};

let enabled = false;
let context: AudioContext | undefined;

export const soundOn = () => enabled;

export function setSound(on: boolean) {
  enabled = on;
  // Visible to styles and tests; the setting itself lives with the site (no storage in this opaque origin).
  document.documentElement.dataset.sound = on ? 'on' : 'off';
  if (!on) void context?.suspend();
}

document.addEventListener('visibilitychange', () => {
  if (!context) return;
  if (document.hidden) void context.suspend();
  else if (enabled) void context.resume();
});

/** Plays an effect when sound is on and the page is visible; never throws. */
export function play(sound: Sound) {
  if (!enabled || document.hidden || typeof AudioContext === 'undefined') return;
  try {
    context ??= new AudioContext();
    if (context.state === 'suspended') void context.resume();
    const start = context.currentTime;
    for (const [frequency, at, length, type] of TONES[sound]) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = type;
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, start + at);
      gain.gain.exponentialRampToValueAtTime(0.15, start + at + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + at + length);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(start + at);
      oscillator.stop(start + at + length + 0.02);
    }
  } catch (error) {
    console.warn('[game] sound unavailable', error);
  }
}
