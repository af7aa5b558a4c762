/**
 * Two sentences written one after the other. Chinese and Japanese end a sentence with 。 and put no
 * space after it ("…でした。 今回は…" reads as a typo); the other languages of the site use one space.
 */
export function joinSentences(intl: string, first: string, second: string): string {
  return /^(ja|zh)\b/.test(intl) ? `${first}${second}` : `${first} ${second}`;
}
