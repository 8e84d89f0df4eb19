import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface DemoUserCredentials {
  email: string;
  password: string;
}

/** The stack outputs tests use (local stack or `cdk deploy --outputs-file`). */
export interface StackOutputs {
  ApiUrl: string;
  WebUrl: string;
  UserPoolId: string;
  UserPoolClientId: string;
  CognitoEndpoint?: string;
  Region: string;
  UploadsBucket: string;
  TableName: string;
  DemoUsers: DemoUserCredentials[];
  [key: string]: unknown;
}

export function outputsPath(): string {
  return path.resolve(process.env.CONSENT_PORTAL_OUTPUTS || '.local/outputs.json');
}

/**
 * Reads an outputs file ({"<StackName>": {Key: value}} per stack), merges the stacks into one
 * object and parses DemoUsers whether it is an array or a JSON string (CDK outputs are strings).
 */
export function readOutputs(file = outputsPath()): StackOutputs {
  const raw = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Record<string, unknown>>;
  const flat: Record<string, unknown> = {};
  for (const stack of Object.values(raw)) {
    if (stack && typeof stack === 'object') Object.assign(flat, stack);
  }
  let demo = flat.DemoUsers;
  if (typeof demo === 'string') demo = demo.trim() ? (JSON.parse(demo) as unknown) : [];
  flat.DemoUsers = Array.isArray(demo) ? (demo as DemoUserCredentials[]) : [];
  for (const key of ['ApiUrl', 'UserPoolId', 'UserPoolClientId', 'Region']) {
    if (typeof flat[key] !== 'string') throw new Error(`${file}: output ${key} is missing`);
  }
  return flat as StackOutputs;
}
