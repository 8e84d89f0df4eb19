import { randomUUID } from 'node:crypto';
import { expect } from '@playwright/test';
import { api } from '../../support/accounts';
import { readOutputs } from '../../support/outputs';
import type { CreateApplicationResponse } from '../../../shared/schemas/applications';

/** A new draft application (Auckland Council, building consent) at a street no other test uses; its id. */
export async function createDraftApplication(token: string, label = 'Test'): Promise<string> {
  const street = `${randomUUID().slice(0, 6)} ${label} Lane`;
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
  return (created.body as CreateApplicationResponse).id;
}
