import { expect } from '@playwright/test';
import { api } from '../../support/accounts';
import { signIn as cognitoSignIn } from '../../support/cognito';
import type { DemoUserCredentials } from '../../support/outputs';
import type { CreateApplicationResponse } from '../../../shared/schemas/applications';
import { readOutputs } from './outputs';

/**
 * A new draft building consent at `street`, Auckland, created through the API as `user` (the
 * browser journeys start from it); its id and the user's id token for further API set-up.
 */
export async function createDraftApplication(
  user: DemoUserCredentials,
  street: string,
): Promise<{ id: string; token: string }> {
  const outputs = readOutputs();
  const token = (await cognitoSignIn(user.email, user.password, outputs)).IdToken;
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
    { token, outputs },
  );
  expect(created.status).toBe(201);
  return { id: (created.body as CreateApplicationResponse).id, token };
}
