/**
 * Fixtures of the documents integration tests: a Draft application written straight to the table
 * with its access rows (as the applications routes leave one), for tests that import the entities
 * after pointing them at the stack (`pointAtStack` first, then `await import(...)`).
 */
import { randomUUID } from 'node:crypto';
import type { StackOutputs } from './outputs';

/** Points the module-scope clients (read at import) at the stack under test. */
export function pointAtStack(o: StackOutputs): void {
  process.env.TABLE_NAME = o.TableName;
  process.env.AWS_REGION = o.Region;
  process.env.AWS_ENDPOINT_URL_DYNAMODB = String(o.DynamoDbEndpoint);
  process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
  process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';
}

/** The sub of an id token. */
export const subOf = (idToken: string): string =>
  (JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString('utf8')) as { sub: string }).sub;

/** A Draft of form bc (authority wcc) owned by `ownerId` at Manage, with `others` at their levels; its id. */
export async function seedDraft(
  ownerId: string,
  others: { userId: string; accessLevel: 'ReadOnly' | 'Edit' | 'Manage' }[] = [],
  prefix = 'doc',
): Promise<string> {
  const { entities } = await import('../../functions/platform/data/service');
  const applicationId = `${prefix}-${randomUUID()}`;
  const now = new Date().toISOString();
  await entities.application
    .create({
      applicationId,
      authorityId: 'wcc',
      jurisdictionId: 'nz',
      formId: 'bc',
      status: 'Draft',
      userId: ownerId,
      etag: randomUUID(),
      startedDate: now,
      modifiedDate: now,
    })
    .go();
  for (const row of [{ userId: ownerId, accessLevel: 'Manage' as const }, ...others])
    await entities.applicationAccess
      .create({
        applicationId,
        userId: row.userId,
        accessLevel: row.accessLevel,
        isOwner: row.userId === ownerId,
        recordType: 'Draft',
        modifiedDate: now,
        status: 'Draft',
      })
      .go();
  return applicationId;
}
