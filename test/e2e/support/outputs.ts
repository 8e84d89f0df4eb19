import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export interface DemoUser {
  email: string;
  password: string;
}

export interface StackOutputs {
  WebUrl: string;
  ApiUrl?: string;
  DemoUsers: DemoUser[];
  [key: string]: unknown;
}

/**
 * Reads the stack outputs file ({"ConsentPortalLocal": {WebUrl, ApiUrl, DemoUsers, ...}}) named by
 * CONSENT_PORTAL_OUTPUTS (default .local/outputs.json) and flattens the stack level away.
 * (Replace with test/support/outputs.ts once the local-stack helper exists.)
 */
export function readOutputs(
  path = process.env.CONSENT_PORTAL_OUTPUTS ?? '.local/outputs.json',
): StackOutputs {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(resolve(path), 'utf8'));
  } catch (error) {
    throw new Error(
      `Cannot read the stack outputs at ${path} (set CONSENT_PORTAL_OUTPUTS): ${String(error)}`,
    );
  }
  const flat: Record<string, unknown> = {};
  if (typeof raw === 'object' && raw !== null) {
    for (const [key, value] of Object.entries(raw)) {
      if (typeof value === 'object' && value !== null && !Array.isArray(value)) Object.assign(flat, value);
      else flat[key] = value;
    }
  }
  if (typeof flat.WebUrl !== 'string') throw new Error(`${path}: WebUrl is missing`);
  const demoUsers = Array.isArray(flat.DemoUsers) ? (flat.DemoUsers as DemoUser[]) : [];
  return { ...flat, WebUrl: flat.WebUrl, DemoUsers: demoUsers };
}

export function demoUser(index = 0): DemoUser {
  const user = readOutputs().DemoUsers[index];
  if (!user) throw new Error(`The stack outputs have no DemoUsers[${index}]`);
  return user;
}
