/** Every game a race may name: ours and the game providers' (the wallet API's), with their categories. */
export const RACE_CATALOGUE = `(SELECT id, category FROM games UNION SELECT game_id, category FROM provider_games)`;
