/** The seeded demo player that `npm start` prints, so a newcomer can sign in at once. */
export const DEMO_PLAYER = {
  email: 'demo@amberplay.test',
  username: 'demo_player',
  password: 'amber-demo-2026',
} as const;
