/**
 * Public account calls (portal-core §7, organisation §7): no token. Bodies are the shared contract
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
import { apiRequest } from './client';

export const accountPaths = {
  registration: '/public/user/registration',
  confirm: '/public/user/registration/confirm',
  resend: '/public/user/registration/resend',
  invitation: '/public/organisation/invitations/lookup',
  invited: '/public/user/registration/invited',
  captcha: '/public/captcha/challenge',
} as const;

export function registerAccount(body: RegistrationRequest): Promise<RegistrationResponse> {
  return apiRequest<RegistrationResponse>(accountPaths.registration, {
    method: 'POST',
    body,
    anonymous: true,
  });
}

export async function confirmRegistration(body: ConfirmRegistrationRequest): Promise<void> {
  await apiRequest<unknown>(accountPaths.confirm, { method: 'POST', body, anonymous: true });
}

export async function resendRegistration(body: ResendRegistrationRequest): Promise<void> {
  await apiRequest<unknown>(accountPaths.resend, { method: 'POST', body, anonymous: true });
}

/** The invitation's email for its link's secret: in the POST body, never in a URL. */
export function lookupInvitation(
  invitationCode: string,
  signal?: AbortSignal,
): Promise<InvitationLookupResponse> {
  return apiRequest<InvitationLookupResponse>(accountPaths.invitation, {
    method: 'POST',
    body: { invitationCode } satisfies InvitationLookupRequest,
    anonymous: true,
    signal,
  });
}

export function registerInvited(body: InvitedRegistrationRequest): Promise<RegistrationResponse> {
  return apiRequest<RegistrationResponse>(accountPaths.invited, { method: 'POST', body, anonymous: true });
}

/** The URL the ALTCHA widget fetches its challenge from (same origin: `/api/...`). */
export function captchaChallengeUrl(): string {
  return `${getConfig().apiUrl}${accountPaths.captcha}`;
}
