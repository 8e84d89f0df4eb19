import { defineContract } from './define.js';
import { UserDto } from '../schemas/user.js';
import {
  CaptchaChallenge,
  ChangePasswordRequest,
  ConfirmRegistrationRequest,
  InvitationLookupRequest,
  InvitationLookupResponse,
  InvitedRegistrationRequest,
  RegistrationRequest,
  RegistrationResponse,
  ResendRegistrationRequest,
  UserPatchRequest,
} from '../schemas/accounts.js';
import { accountLimits, limitLengths } from '../schemas/limits.js';
import { AuthorityDto } from '../schemas/reference.js';
import * as z from 'zod';

/** GET /user: the user and their own independent authorities (docs/accounts.md). */
export const UserWithAuthorities = UserDto.extend({
  independentAuthorities: z.array(AuthorityDto.extend({ defaultIndependent: z.boolean() })),
});

/** Accounts (docs/accounts.md). */
export const contract = defineContract('accounts', {
  'GET /public/captcha/challenge': {
    response: CaptchaChallenge,
    summary: 'A proof-of-work captcha challenge',
  },
  'POST /public/user/registration': {
    body: RegistrationRequest.superRefine(limitLengths(accountLimits.registration)),
    response: RegistrationResponse,
    summary: 'Registers an account (a verification mail follows)',
  },
  'POST /public/user/registration/confirm': {
    body: ConfirmRegistrationRequest.superRefine(limitLengths(accountLimits.confirm)),
    status: 204,
    summary: 'Confirms an account with the mailed code',
  },
  'POST /public/user/registration/resend': {
    body: ResendRegistrationRequest.superRefine(limitLengths(accountLimits.resend)),
    status: 204,
    summary: 'Sends the verification mail again',
  },
  'POST /public/organisation/invitations/lookup': {
    body: InvitationLookupRequest.superRefine(limitLengths(accountLimits.invitationLookup)),
    response: InvitationLookupResponse,
    summary:
      "The e-mail of the open organisation invitation of a registration link's secret (the link's #code, in the body: never in a URL)",
  },
  'POST /public/user/registration/invited': {
    body: InvitedRegistrationRequest.superRefine(limitLengths(accountLimits.invited)),
    response: RegistrationResponse,
    summary:
      "Registers through an organisation invitation's link (its secret, once, while the invitation is open)",
  },
  'GET /user': { response: UserWithAuthorities, summary: 'The signed-in user' },
  'PATCH /user': {
    body: UserPatchRequest.superRefine(limitLengths(accountLimits.userPatch)),
    response: UserDto,
    summary: "Changes the signed-in user's profile or preferences",
  },
  'PUT /user/password': {
    body: ChangePasswordRequest.superRefine(limitLengths(accountLimits.changePassword)),
    status: 204,
    summary: "Changes the signed-in user's password",
  },
});
