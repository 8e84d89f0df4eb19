import { randomUUID } from 'node:crypto';
import { expect } from '@playwright/test';
import { api } from '../../support/accounts';
import { signIn as cognitoSignIn } from '../../support/cognito';
import type { DemoUserCredentials } from '../../support/outputs';
import type { CreateApplicationResponse } from '../../../shared/schemas/applications';
import { readOutputs } from './outputs';

/** A new draft building consent at `street`, Auckland, created through the API with `token`. */
export async function createDraftResponse(token: string, street: string): Promise<CreateApplicationResponse> {
  const created = await api(
    'POST',
    '/user/applications',
    {
      operationName: 'Create',
      address: {
        address1: street,
        city: 'Auckland',
        zipCode: '1010',
        country: 'NZ',
        fullAddress: `${street}, Auckland 1010`,
      },
      authorityId: 'akl',
      formId: 'bc',
    },
    { token, outputs: readOutputs() },
  );
  expect(created.status).toBe(201);
  return created.body as CreateApplicationResponse;
}

/** A new draft building consent at `street`, Auckland, created through the API with `token`; its id. */
export async function createDraftWithToken(token: string, street: string): Promise<string> {
  return (await createDraftResponse(token, street)).id;
}

/** A street no other test uses (`{6 hex} {label} Lane`). */
export const uniqueStreet = (label = 'Test') => `${randomUUID().slice(0, 6)} ${label} Lane`;

/**
 * A new draft building consent at `street`, Auckland, created through the API as `user` (the
 * browser journeys start from it); its id and the user's id token for further API set-up.
 */
export async function createDraftApplication(
  user: DemoUserCredentials,
  street: string,
): Promise<{ id: string; token: string }> {
  const token = (await cognitoSignIn(user.email, user.password, readOutputs())).IdToken;
  return { id: await createDraftWithToken(token, street), token };
}
