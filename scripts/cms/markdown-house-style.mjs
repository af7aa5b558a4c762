// The repository's Markdown style for what the browser editor saves. Decap's Markdown widget
// writes bullet lists with `*` (its serialiser's fixed setting), while every content file uses
// `-`; left alone, one changed word in a list rewrites every line of it. Emphasis (`*word*`),
// strong (`**word**`), numbered lists and one space after the marker are already the same.
// (Prettier is not this style: it leaves *.md alone here, and would write `_word_`.)

const FENCE = /^\s*(```|~~~)/;
const STAR_BULLET = /^(\s*)[*+](?=\s)/;

/** @param {string} markdown  a whole file (front matter included) or a body */
export function houseStyleMarkdown(markdown) {
  let fence = '';
  return markdown
    .split('\n')
    .map((line) => {
      const opened = FENCE.exec(line)?.[1];
      if (opened && (!fence || opened === fence)) {
        fence = fence ? '' : opened;
        return line;
      }
      // `* * *` is a rule, not a list item; code is never touched.
      if (fence || /^\s*\*(\s*\*){2,}\s*$/.test(line)) return line;
      return line.replace(STAR_BULLET, '$1-');
    })
    .join('\n');
}
