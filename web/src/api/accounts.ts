/**
 * Public account calls (docs/accounts.md): no token. Bodies are the shared contract
 * in shared/schemas/accounts.ts; errors are ServiceErrors from ./client (the spec's catalogue).
 */
import type {
  ConfirmRegistrationRequest,
  InvitationLookupRequest,
  InvitationLookupResponse,
  InvitedRegistrationRequest,
  RegistrationRequest,
  RegistrationResponse,
  ResendRegistrationRequest,
} from '../../../shared/schemas/accounts';
import { getConfig } from '../lib/config';
import { api, routePath } from './call';

export function registerAccount(body: RegistrationRequest): Promise<RegistrationResponse> {
  return api('POST /public/user/registration', { body, anonymous: true });
}

export async function confirmRegistration(body: ConfirmRegistrationRequest): Promise<void> {
  await api('POST /public/user/registration/confirm', { body, anonymous: true });
}

export async function resendRegistration(body: ResendRegistrationRequest): Promise<void> {
  await api('POST /public/user/registration/resend', { body, anonymous: true });
}

/** The invitation's email for its link's secret: in the POST body, never in a URL. */
export function lookupInvitation(
  invitationCode: string,
  signal?: AbortSignal,
): Promise<InvitationLookupResponse> {
  return api('POST /public/organisation/invitations/lookup', {
    body: { invitationCode } satisfies InvitationLookupRequest,
    anonymous: true,
    signal,
  });
}

export function registerInvited(body: InvitedRegistrationRequest): Promise<RegistrationResponse> {
  return api('POST /public/user/registration/invited', { body, anonymous: true });
}

/** The URL the ALTCHA widget fetches its challenge from (same origin: `/api/...`). */
export function captchaChallengeUrl(): string {
  return `${getConfig().apiUrl}${routePath('GET /public/captcha/challenge')}`;
}
