import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The council pool app client of an authority: its name, the same in CDK and locally. */
export const councilClientName = (authorityId: string) => `Council-${authorityId}`;
/** Access tokens of council clients live this long (docs/council-api.md §1). */
export const COUNCIL_ACCESS_TOKEN_MINUTES = 60;

/** infra/councils.json: the authorities onboarded per stage (`local` for the local stack). */
export function councilsOf(
  stage: string,
  file = path.join(import.meta.dirname, '..', 'councils.json'),
): string[] {
  const all = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  const list = all[stage];
  return Array.isArray(list) ? list.filter((a): a is string => typeof a === 'string') : [];
}
