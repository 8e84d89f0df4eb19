import { formatMessage } from '../../../../shared/domain/applications';
import type { Severity, ValidationResult } from '../../../../shared/schemas/applications';

/** The review step's groups, most severe first (docs/applications.md). */
export const SEVERITY_ORDER: readonly Severity[] = ['Error', 'Control', 'Suggestion'];

export interface ResultGroup {
  severity: Severity;
  results: ValidationResult[];
}

/** Validation results grouped by severity (Error, Control, Suggestion), empty groups left out. */
export function groupResults(results: readonly ValidationResult[]): ResultGroup[] {
  return SEVERITY_ORDER.map((severity) => ({
    severity,
    results: results.filter((r) => r.severity === severity),
  })).filter((g) => g.results.length > 0);
}

/** Submit is possible only when no Error remains. */
export const hasBlockingErrors = (results: readonly ValidationResult[]) =>
  results.some((r) => r.severity === 'Error');

/** A result's message with its `{param}` / `{{param}}` placeholders filled. */
export const resultMessage = (r: Pick<ValidationResult, 'message' | 'messageParams'>): string =>
  formatMessage(r.message, r.messageParams);
