import { readFileSync } from 'node:fs';
import path from 'node:path';
import { scopeClaim, type CouncilScope } from '../../shared/schemas/council';
import { readOutputs, type StackOutputs } from './outputs';

/** What an onboarded council holds (infra/council/operator.ts writes it per authority locally). */
export interface CouncilCredentials {
  authorityId: string;
  clientId: string;
  clientSecret: string;
  tokenUrl: string;
  apiUrl: string;
}

/** The local stack's hand-over for an onboarded authority (`<stack>/councils/<authority>.json`). */
export function councilCredentials(
  authorityId: string,
  outputs: StackOutputs = readOutputs(),
): CouncilCredentials {
  const dir = String(
    outputs.CouncilCredentialsDir ?? path.join(String(outputs.DataDir ?? '.local'), 'councils'),
  );
  return JSON.parse(readFileSync(path.join(dir, `${authorityId}.json`), 'utf8')) as CouncilCredentials;
}

/** A token request as a council makes it; the answer's status and JSON body. */
export async function requestCouncilToken(
  creds: Pick<CouncilCredentials, 'clientId' | 'clientSecret' | 'tokenUrl'>,
  scope?: string,
): Promise<{
  status: number;
  json: { access_token?: string; expires_in?: number; token_type?: string; error?: string };
}> {
  const res = await fetch(creds.tokenUrl, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${creds.clientId}:${creds.clientSecret}`).toString('base64')}`,
    },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      ...(scope !== undefined ? { scope } : {}),
    }),
  });
  return { status: res.status, json: (await res.json()) as { access_token?: string; error?: string } };
}

/** An access token of the authority's council client (all its scopes, or those named). */
export async function councilToken(
  authorityId: string,
  scopes?: readonly CouncilScope[],
  outputs: StackOutputs = readOutputs(),
): Promise<string> {
  const creds = councilCredentials(authorityId, outputs);
  const { status, json } = await requestCouncilToken(creds, scopes?.map(scopeClaim).join(' '));
  if (status !== 200 || !json.access_token)
    throw new Error(`token for ${authorityId} failed: ${status} ${JSON.stringify(json)}`);
  return json.access_token;
}
