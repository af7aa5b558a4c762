import type { GameMode, GameTheme } from '#core/api/contract.ts';

/** A game launch as the gateway asks it, for one of our games or a provider's. */
export interface LaunchRequest {
  gameId: string | undefined;
  mode: GameMode;
  /** The signed-in player (a real launch always has one; a demo launch may), with their token's hash. */
  player: { userId: number; tokenHash: string } | null;
  locale: string;
  /** The colour mode the player sees, which a provider's game page follows. */
  theme: GameTheme;
  /** Where an anonymous demo launch comes from: demo play is limited per address. */
  address: string;
}
