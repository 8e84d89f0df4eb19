/**
 * A lodged application for the tests that start after submission (the council API, the
 * authorization matrix): step data, people and documents so that every rule passes, then the
 * applicant's own `POST .../submission` signed with their full name, as the product does. The
 * participant and the documents are written to the table (the documents' upload and scan are other
 * tests' subject); the step data and the submission go through the API.
 */
import { randomUUID } from 'node:crypto';
import { submittableSteps } from '../../infra/local/demo/plan';
import { api } from './accounts';
import { readOutputs, type StackOutputs } from './outputs';

const STEPS = submittableSteps({
  description: 'A new three-bedroom house',
  value: 450000,
  newBuilding: true,
});

/** The table's entities, pointed at the stack (the same module the caller imported, if it did). */
async function tableEntities(o: StackOutputs) {
  process.env.TABLE_NAME ??= o.TableName;
  process.env.AWS_REGION ??= o.Region;
  process.env.AWS_ENDPOINT_URL_DYNAMODB ??= String(o.DynamoDbEndpoint);
  process.env.AWS_ACCESS_KEY_ID ??= 'S3RVER';
  process.env.AWS_SECRET_ACCESS_KEY ??= 'S3RVER';
  return (await import('../../functions/platform/data/service')).entities;
}

/** Makes a Draft of form `bc` submittable: every rule passes (checked: throws with the errors). */
export async function makeSubmittable(
  id: string,
  token: string,
  o: StackOutputs = readOutputs(),
): Promise<void> {
  for (const [stepId, data] of STEPS) {
    const r = await api('POST', `/user/applications/${id}/steps/${stepId}`, { data }, { token, outputs: o });
    if (r.status !== 200) throw new Error(`fixture step ${stepId}: ${r.status} ${JSON.stringify(r.body)}`);
  }
  const entities = await tableEntities(o);
  const now = new Date().toISOString();
  await entities.participant
    .put({
      applicationId: id,
      participantId: randomUUID(),
      organisation: 'Design Co',
      participantTypes: ['designer'],
      accessLevel: 'None',
      modifiedDate: now,
    })
    .go();
  for (const c of ['plans', 'specifications', 'proof-of-ownership']) {
    await entities.applicationDocument
      .put({
        applicationId: id,
        documentName: `${c}.pdf`,
        objectKey: `documents/${id}/${c}.pdf`,
        fileName: `${c}-file.pdf`,
        fileType: 'application/pdf',
        fileSize: 7000,
        uploadStatus: 'Completed',
        documentContainerId: c,
        fileModifiedDate: now,
      })
      .go();
  }
  const rules = await api('GET', `/user/applications/${id}/ruleresults?type=FULL`, undefined, {
    token,
    outputs: o,
  });
  if (rules.status !== 200) throw new Error(`rule results: ${rules.status} ${JSON.stringify(rules.body)}`);
  const errors = (rules.body as { severity: string; message: string }[]).filter(
    (r) => r.severity === 'Error',
  );
  if (errors.length) throw new Error(`fixture not submittable: ${JSON.stringify(errors)}`);
}

/** The caller's signature: their full name as on their profile. */
export async function signatureOf(token: string, o: StackOutputs = readOutputs()): Promise<string> {
  const me = (await api('GET', '/user', undefined, { token, outputs: o })).body as {
    firstName?: string;
    lastName?: string;
  };
  return `${me.firstName ?? ''} ${me.lastName ?? ''}`;
}

/** A new application of form `bc` at `authorityId`, made submittable and submitted by `token`'s user: its id. */
export async function submittedApplication(
  token: string,
  authorityId: string,
  address: Record<string, string>,
  o: StackOutputs = readOutputs(),
): Promise<string> {
  const created = await api(
    'POST',
    '/user/applications',
    { operationName: 'Create', authorityId, formId: 'bc', address },
    { token, outputs: o },
  );
  if (created.status !== 201) throw new Error(`create: ${created.status} ${JSON.stringify(created.body)}`);
  const { id } = created.body as { id: string };
  await makeSubmittable(id, token, o);
  const submitted = await api(
    'POST',
    `/user/applications/${id}/submission`,
    { userSignature: await signatureOf(token, o) },
    { token, outputs: o },
  );
  if (submitted.status !== 200)
    throw new Error(`submission: ${submitted.status} ${JSON.stringify(submitted.body)}`);
  return id;
}
