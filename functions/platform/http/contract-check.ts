import type { z } from 'zod';

/**
 * What is wrong with a value against a response schema: the schema's own issues, plus every field
 * the value carries that the schema does not declare (zod strips those silently, so they are found
 * by comparing the value with what the schema keeps).
 */
export function contractViolations(schema: z.ZodType, value: unknown): string[] {
  const parsed = schema.safeParse(value);
  if (!parsed.success)
    return parsed.error.issues.map((i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`);
  const extra: string[] = [];
  extraFields(value, parsed.data, '', extra);
  return extra.map((p) => `${p}: not in the schema`);
}

function extraFields(given: unknown, kept: unknown, at: string, out: string[]): void {
  if (Array.isArray(given) && Array.isArray(kept)) {
    given.forEach((g, i) => extraFields(g, kept[i], `${at}[${i}]`, out));
    return;
  }
  if (!isPlainObject(given) || !isPlainObject(kept)) return;
  for (const [k, v] of Object.entries(given)) {
    const path = at ? `${at}.${k}` : k;
    if (v === undefined) continue;
    if (!Object.hasOwn(kept, k)) out.push(path);
    else extraFields(v, kept[k], path, out);
  }
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
