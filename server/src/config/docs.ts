import { VARIABLES, type Variable, type VariableName } from './variables.ts';

/** The markers around the generated table in docs/configuration.md. */
export const TABLE_START =
  '<!-- config-table: generated from server/src/config/variables.ts by `npm run docs:config`; edit the ' +
  'schema, not this table -->';
export const TABLE_END = '<!-- config-table: end -->';

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

function defaultOf(variable: Variable): string {
  if (variable.defaultText !== undefined) return variable.defaultText;
  if (variable.fallback === undefined) return 'unset';
  if (variable.fallback === '') return 'none';
  return `\`${variable.fallback}\``;
}

/** The configuration table, one row per variable, in the schema's order. */
export function configTable(): string {
  const rows = (Object.entries(VARIABLES) as [VariableName, Variable][]).map(
    ([name, variable]) =>
      `| \`${name}\` | ${variable.when.join(', ')} | ${cell(variable.type.label)} ` +
      `| ${cell(defaultOf(variable))} | ${cell(variable.description)} |`,
  );
  return ['| Variable | Read by | Type | Default | Meaning |', '|---|---|---|---|---|', ...rows].join('\n');
}

/** `markdown` with the text between the markers replaced by the current table. */
export function withConfigTable(markdown: string): string {
  const start = markdown.indexOf(TABLE_START);
  const end = markdown.indexOf(TABLE_END);
  if (start === -1 || end < start)
    throw new Error(`docs/configuration.md must contain the lines ${TABLE_START} and ${TABLE_END}`);
  return `${markdown.slice(0, start + TABLE_START.length)}\n${configTable()}\n${markdown.slice(end)}`;
}
