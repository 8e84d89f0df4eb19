/**
 * Whether a council accepts applications is set by onboarding and revocation, never by the reference
 * data: against the local stack, the operator's write (setAuthorityServiceable, what
 * `npm run council -- onboard|revoke` calls) opens and closes a council for new applications, shows
 * in the public jurisdiction under a new etag, and survives the loader running again.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readOutputs } from '../support/outputs';
import { signIn } from '../support/cognito';
import { api, localRepositories } from '../support/accounts';
import { waitFor } from '../support/wait';
import type { JurisdictionDto } from '../../shared/schemas/reference';

const o = readOutputs();
const password = (email: string) => o.DemoUsers.find((d) => d.email === email)!.password;
let token: string;
let loader: typeof import('../../functions/reference/repository/loader');
let seed: typeof import('../../infra/seed/seed-reference');

const create = (authorityId: string) =>
  api(
    'POST',
    '/user/applications',
    {
      operationName: 'Create',
      authorityId,
      formId: 'bc',
      address: { address1: '11 Main Street', city: 'Gore', zipCode: '9710', country: 'NZ' },
    },
    { token },
  ) as Promise<{ status: number; body: { details?: { field: string; reason: string }[] } }>;

const jurisdiction = async () => {
  const res = await api('GET', '/public/jurisdictions/nz');
  return res.body as JurisdictionDto;
};
const goreShown = async (serviceable: boolean) => {
  const dto = await jurisdiction();
  return dto.authorities.find((a) => a.id === 'gore')?.serviceable === serviceable && dto;
};

beforeAll(async () => {
  await localRepositories(o);
  loader = await import('../../functions/reference/repository/loader');
  seed = await import('../../infra/seed/seed-reference');
  token = (await signIn('applicant@demo.consent.nz', password('applicant@demo.consent.nz'), o)).IdToken;
});
afterAll(async () => {
  await loader.setAuthorityServiceable('gore', false);
});

describe('serviceable: onboarding opens a council, revocation closes it, the loader keeps it', () => {
  test('onboard → applications accepted and shown; the loader again → still; revoke → refused', async () => {
    const closed = await create('gore');
    expect(closed.status).toBe(400);
    expect(closed.body.details).toEqual([
      { field: 'body.authorityId', reason: 'Authority does not accept applications' },
    ]);
    const before = await jurisdiction();
    expect(before.authorities.find((a) => a.id === 'gore')?.serviceable).toBe(false);

    await loader.setAuthorityServiceable('gore', true);
    expect((await create('gore')).status).toBe(201);
    const opened = await waitFor('Gore shown as serviceable', () => goreShown(true));
    expect(opened.etag).not.toBe(before.etag);

    // A deploy (or `npm start`) runs the loader: the JSON's false does not overwrite the row.
    await seed.seedReferenceData();
    expect((await create('gore')).status).toBe(201);
    expect(await goreShown(true)).toBeTruthy();

    await loader.setAuthorityServiceable('gore', false);
    expect((await create('gore')).status).toBe(400);
    await waitFor('Gore shown as not serviceable', () => goreShown(false));
  });

  test('an authority without a row cannot be set', async () => {
    await expect(loader.setAuthorityServiceable('nowhere', true)).rejects.toThrow();
  });
});
