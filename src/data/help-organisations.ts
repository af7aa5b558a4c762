/** Independent organisations that help with gambling problems; descriptions are in `responsible_gaming`. */
export const HELP_ORGANISATIONS = [
  { id: 'begambleaware', name: 'BeGambleAware', url: 'https://www.begambleaware.org/' },
  { id: 'gamcare', name: 'GamCare', url: 'https://www.gamcare.org.uk/' },
  { id: 'gambling_therapy', name: 'Gambling Therapy', url: 'https://www.gamblingtherapy.org/' },
  { id: 'gamblers_anonymous', name: 'Gamblers Anonymous', url: 'https://www.gamblersanonymous.org/' },
] as const;
