import type { ReadingFields, ReadingProblem } from '../document-reading-model.ts';
import { say } from './messages.ts';
import { csrfField, html } from './view.ts';

const EMPTY: ReadingFields = { document_number: '', read_name: '', read_date_of_birth: '', expires_on: '' };

/** One field of the reading: its label, its input (kept as typed), its hint and its own error. */
function readingField(
  name: keyof ReadingFields,
  typed: ReadingFields,
  problems: ReadingProblem[],
  input: { max: number; hint?: string; date?: boolean },
) {
  const problem = problems.find((p) => p.field === name);
  const hint = input.hint ?? (input.date ? say('verifications.date_hint') : undefined);
  const described = [hint ? `${name}-hint` : '', problem ? `${name}-error` : ''].filter(Boolean).join(' ');
  return html`<label for="${name}">${say(`verifications.${name}`)}</label>
<input id="${name}" name="${name}" value="${typed[name]}" maxlength="${input.max}" required autocomplete="off"${
    input.date ? html` inputmode="numeric" placeholder="YYYY-MM-DD"` : ''
  }${problem ? html` aria-invalid="true"` : ''}${described ? html` aria-describedby="${described}"` : ''}>
${hint ? html`<p id="${name}-hint" class="muted">${hint}</p>` : ''}
${problem ? html`<p id="${name}-error" class="error">${problem.message}</p>` : ''}`;
}

/**
 * The approval form: staff type what they read on the document (number, name, dates), which the
 * document rules compare. Refused, it comes back with what was typed and each problem on its field.
 */
export function approveForm(id: string, csrf: string, typed: ReadingFields = EMPTY, problems: ReadingProblem[] = []) {
  return html`<form method="post" action="/operator/verifications/${id}/approve" class="stack" data-approve>${csrfField(
    csrf,
  )}
<fieldset class="stack"><legend>${say('verifications.read_legend')}</legend>
<p class="muted">${say('verifications.read_hint')}</p>
${readingField('document_number', typed, problems, { max: 60, hint: say('verifications.document_number_hint') })}
${readingField('read_name', typed, problems, { max: 200 })}
${readingField('read_date_of_birth', typed, problems, { max: 10, date: true })}
${readingField('expires_on', typed, problems, { max: 10, date: true })}
</fieldset>
<button type="submit">${say('verifications.approve')}</button></form>`;
}

/** What staff read at approval, beside the account's facts. */
export function readingFacts(row: {
  document_number: string | null;
  read_name: string | null;
  read_date_of_birth: string | null;
  expires_on: string | null;
}) {
  if (!row.document_number) return '';
  return html`<dt>${say('verifications.read_number')}</dt><dd data-document-number>${row.document_number}</dd>
<dt>${say('verifications.read_name')}</dt><dd data-read-name>${row.read_name}</dd>
<dt>${say('verifications.read_date_of_birth')}</dt><dd data-read-date-of-birth>${row.read_date_of_birth}</dd>
<dt>${say('verifications.expires_on')}</dt><dd data-expires-on>${row.expires_on}</dd>`;
}
