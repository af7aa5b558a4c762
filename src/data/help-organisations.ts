/**
 * Independent organisations that help with gambling problems; descriptions are in
 * `responsible_gaming`. Every locale sees every organisation: the international ones first, then
 * national services labelled with their country (`responsible_gaming.countries.<code>`), so
 * nobody outside that country is led to think it serves them. Add a national service for a
 * locale only with its verified name and address.
 */
export interface HelpOrganisation {
  id: 'gambling_therapy' | 'gamblers_anonymous' | 'gamcare' | 'begambleaware';
  name: string;
  url: string;
  /** ISO 3166-1 alpha-2 code, lower case, of the one country it serves; none: it helps anywhere. */
  country?: 'gb';
}

export const HELP_ORGANISATIONS: readonly HelpOrganisation[] = [
  { id: 'gambling_therapy', name: 'Gambling Therapy', url: 'https://www.gamblingtherapy.org/' },
  { id: 'gamblers_anonymous', name: 'Gamblers Anonymous', url: 'https://www.gamblersanonymous.org/' },
  { id: 'gamcare', name: 'GamCare', url: 'https://www.gamcare.org.uk/', country: 'gb' },
  { id: 'begambleaware', name: 'BeGambleAware', url: 'https://www.begambleaware.org/', country: 'gb' },
];
