import type { z } from 'zod';

/**
 * Limits on a step's data (POST /user/applications/{id}/steps/{stepId}), shared by the server's
 * request schema and the web. They fit the Form.io steps of shared/reference/formio with room to
 * spare: the largest text area takes 4000 characters (changesDescription), the largest step
 * (bc-building-code) has 115 fields whose maxLengths add up to 95,000 characters, the only grid
 * (practitioners) takes 30 rows of 4 fields, and nothing nests more than three levels. Reasons:
 * docs/security.md.
 */
export const stepDataLimits = {
  /** The data as JSON, in UTF-8 bytes: the largest step filled to every maxLength is ~100 KB. */
  maxBytes: 256 * 1024,
  /** One string value: 2.5 × the largest text area's maxLength (4000). */
  maxStringLength: 10_000,
  /** One key: Form.io keys are identifiers of a few dozen characters. */
  maxKeyLength: 200,
  /** Nesting of objects and arrays (the sanitiser drops anything deeper). */
  maxDepth: 16,
  /** Keys of one object: the largest step has 115 fields. */
  maxKeysPerObject: 500,
  /** Values (object entries and array items) in all: the largest step has ~250. */
  maxValues: 5000,
} as const;

/** The body cap of the step route: the data's cap and room for its envelope and whitespace. */
export const STEP_BODY_MAX_BYTES = stepDataLimits.maxBytes + 64 * 1024;

/** UTF-8 length of a string, without encoding it. */
export function utf8Length(s: string): number {
  let bytes = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

/** At most this many issues are reported: a hostile body must not make a huge error body. */
const MAX_ISSUES = 10;

/**
 * A superRefine check of step data against {@link stepDataLimits}: each over-long string, over-long
 * key, too-deep or too-wide container is an issue at its path ("Must be at most N characters"),
 * then the totals. Iterative (no recursion to exhaust), each value visited once, stopping after
 * MAX_ISSUES issues.
 */
export function checkStepData(data: Record<string, unknown>, ctx: z.RefinementCtx): void {
  const L = stepDataLimits;
  let issues = 0;
  const issue = (path: (string | number)[], message: string) => {
    issues++;
    ctx.addIssue({ code: 'custom', path, message });
  };
  let values = 0;
  const stack: { value: unknown; path: (string | number)[]; depth: number }[] = [
    { value: data, path: [], depth: 0 },
  ];
  while (stack.length > 0 && issues < MAX_ISSUES) {
    const { value, path, depth } = stack.pop()!;
    if (typeof value === 'string') {
      if (value.length > L.maxStringLength) issue(path, `Must be at most ${L.maxStringLength} characters`);
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= L.maxDepth) {
      issue(path, `Must nest at most ${L.maxDepth} levels`);
      continue;
    }
    if (Array.isArray(value)) {
      values += value.length;
      for (let i = value.length - 1; i >= 0; i--)
        stack.push({ value: value[i], path: [...path, i], depth: depth + 1 });
    } else {
      const keys = Object.keys(value);
      values += keys.length;
      if (keys.length > L.maxKeysPerObject) {
        issue(path, `Must have at most ${L.maxKeysPerObject} keys`);
        continue;
      }
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i]!;
        if (key.length > L.maxKeyLength)
          issue([...path, key.slice(0, 50)], `Key must be at most ${L.maxKeyLength} characters`);
        else
          stack.push({
            value: (value as Record<string, unknown>)[key],
            path: [...path, key],
            depth: depth + 1,
          });
      }
    }
    if (values > L.maxValues) {
      issue([], `Must have at most ${L.maxValues} values`);
      return;
    }
  }
  if (issues === 0 && utf8Length(JSON.stringify(data)) > L.maxBytes)
    issue([], `Must be at most ${L.maxBytes} bytes as JSON`);
}
