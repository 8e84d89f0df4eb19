import type { ReadOnlyField } from '../application-details/details';

/** One answer of "Check your answers": what was asked and what was answered. */
export interface Answer {
  key: string;
  label: string;
  value: string;
}

/**
 * The answers of a step as one flat list (GOV.UK "Check your answers": a summary list, each answer
 * with a Change link to its step). A group's answers are listed under their own labels; a table
 * (datagrid) reads as its rows, each row's answers joined.
 */
export function flattenAnswers(fields: readonly ReadOnlyField[]): Answer[] {
  return fields.flatMap((f): Answer[] => {
    if (f.kind === 'value') return [{ key: f.key, label: f.label, value: f.value }];
    if (f.kind === 'group') return flattenAnswers(f.fields);
    const rows = f.rows.map((row) =>
      flattenAnswers(row)
        .map((a) => `${a.label}: ${a.value}`)
        .join('; '),
    );
    return [{ key: f.key, label: f.label, value: rows.length ? rows.join(' | ') : '-' }];
  });
}
