import { AstroError } from 'astro/errors';

/** The id of the one entry a broken collection holds in dev (see loader.ts). */
export const PROBLEMS_ID = '!problems';

/** Every problem of the content at once; Astro shows the message and the hint in its error overlay. */
export class ContentProblems extends AstroError {
  readonly problems: string[];

  constructor(problems: string[]) {
    super(
      `The content has ${problems.length} problem(s):\n${problems.join('\n')}`,
      'Fix each line above (file:line: what is wrong → what to do), then save; `npm run i18n:check` lists ' +
        'the same problems.',
    );
    this.problems = problems;
    this.name = 'ContentProblems';
  }
}
