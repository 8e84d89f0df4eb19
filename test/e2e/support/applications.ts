import { randomUUID } from 'node:crypto';
import { expect } from '@playwright/test';
import { api } from '../../support/accounts';
import { signIn as cognitoSignIn } from '../../support/cognito';
import type { DemoUserCredentials } from '../../support/outputs';
import { waitFor } from '../../support/wait';
import { OUTSTANDING_LIST } from '../../../shared/domain/applications';
import { apiUrl, listQuery } from '../../../web/src/api/url';
import {
  ApplicationPage,
  type ApplicationListItem,
  type CreateApplicationResponse,
} from '../../../shared/schemas/applications';
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

/**
 * Waits until the dashboard's 'Actions to be taken' (GET /user/applicationsV3 with its query, page
 * 1: web/src/features/dashboard/outstanding.ts) lists application `id` as `ready` wants it, then
 * returns its item. The list is a read model that a council's change reaches a moment later
 * (docs/applications.md), and the dashboard reads it once per load: a test opens the dashboard when
 * the list has it, instead of reloading the page until it does.
 */
export async function waitForOutstanding(
  token: string,
  id: string,
  ready: (item: ApplicationListItem) => boolean = () => true,
): Promise<ApplicationListItem> {
  // The dashboard's query (web/src/features/dashboard/outstanding.ts, whose web imports the tests'
  // typecheck leaves out), as it sends it.
  const path = apiUrl(
    '',
    '/user/applicationsV3',
    listQuery({
      pageIndex: 1,
      pageSize: OUTSTANDING_LIST.pageSize,
      sortBy: 'modifiedDate',
      sortDirection: 'desc',
      outstandingActions: [...OUTSTANDING_LIST.outstandingActions],
    }),
  );
  return waitFor(
    `application ${id} on Actions to be taken`,
    async () => {
      const res = await api('GET', path, undefined, { token, outputs: readOutputs() });
      if (res.status !== 200) throw new Error(`GET ${path}: ${res.status}`);
      const item = ApplicationPage.parse(res.body).items.find((i) => i.id === id);
      return item && ready(item) ? item : undefined;
    },
    { timeoutMs: 90_000, intervalMs: 500 },
  );
}
