import { apiContract, type ApiRouteKey } from '../../../shared/contracts/index';
import type { RouteSchemas } from '../../../shared/contracts/define';

/**
 * Development builds and tests only (./call.ts loads it under `import.meta.env.DEV`; a production
 * build has neither this module nor a schema): the answer of a route parsed by the contract's
 * response schema. A body that does not match is a console error and a thrown error, so a drift
 * between the server and the contract (or a test's fake answer and the contract) shows at once.
 * The answer itself is passed on as the server sent it (production never parses).
 *
 * A mismatch is also noted where the unit tests look for it (test/unit/web/contract-guard.ts):
 * a test fails even when the page it renders catches the error (docs/architecture.md).
 */
export class ContractMismatch extends Error {
  override readonly name = 'ContractMismatch';
}

export function checkResponse(key: ApiRouteKey, answer: unknown): void {
  const schema = (apiContract[key] as RouteSchemas | undefined)?.response;
  if (!schema) return;
  const parsed = schema.safeParse(answer);
  if (parsed.success) return;
  // The issues' paths and messages only: never the values (they may be personal).
  const issues = parsed.error.issues.map((i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`);
  const error = new ContractMismatch(`${key}: the answer does not match its contract\n${issues.join('\n')}`);
  console.error(error.message);
  const noted = (globalThis as Record<symbol, unknown>)[MISMATCHES];
  if (Array.isArray(noted)) noted.push(error.message);
  throw error;
}

/** Where a test run collects the mismatches (an array the unit tests' setup puts there; absent elsewhere). */
export const MISMATCHES = Symbol.for('consent-portal.contract-mismatches');
