/**
 * The game gateway's body: `{"method": "player_set"}` or `{"method": "game_launch", "mode",
 * "game_id"}`. Its refusals are not field errors but the gateway's own details, asked in the
 * gateway's order (an unknown method only after the token, a mode before, an unknown game as
 * 404), so the schema only types the fields and leaves each refusal to the route.
 */
import * as v from 'valibot';
import type { GameMode, GameTheme } from '#core/api/contract.ts';
import { bodyRule } from '../http/body-schema.ts';

const MODES: readonly GameMode[] = ['real', 'demo'];
const THEMES: readonly GameTheme[] = ['light', 'dark'];

export const gatewayBody = bodyRule((input) => ({
  method: input.method === 'player_set' || input.method === 'game_launch' ? input.method : undefined,
  /** Undefined when it is not a mode: the launch answers `games.mode_invalid`. */
  mode: MODES.includes(input.mode as GameMode) ? (input.mode as GameMode) : undefined,
  game_id: typeof input.game_id === 'string' ? input.game_id : undefined,
  /** Anything but a colour mode is the site's default: a theme never refuses a launch. */
  theme: THEMES.includes(input.theme as GameTheme) ? (input.theme as GameTheme) : 'dark',
}));

export type GatewayBody = v.InferOutput<typeof gatewayBody>;
