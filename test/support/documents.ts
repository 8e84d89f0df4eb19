/**
 * Fixtures of the documents integration tests: a Draft application written straight to the table
 * with its access rows (as the applications routes leave one) and scanned documents in it, for
 * tests that import the entities after pointing them at the stack (`pointAtStack` first, then
 * `await import(...)`).
 */
import { randomUUID } from 'node:crypto';
import { PutObjectCommand } from '@aws-sdk/client-s3';
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

type Others = { userId: string; accessLevel: 'ReadOnly' | 'Edit' | 'Manage' }[];

/** A Draft of form bc (authority wcc) owned by `ownerId` at Manage, with `others` at their levels; its id. */
export async function seedDraft(ownerId: string, others: Others = [], prefix = 'doc'): Promise<string> {
  return seedDraftAs(`${prefix}-${randomUUID()}`, ownerId, others);
}

/**
 * The same Draft under a given id: a numeric one (nextApplicationId) where the applications routes
 * read it too, whose path schema takes only numbers.
 */
export async function seedDraftAs(
  applicationId: string,
  ownerId: string,
  others: Others = [],
): Promise<string> {
  const { entities } = await import('../../functions/platform/data/service');
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

/**
 * A scanned document of `createdBy` in `containerId` (its record Completed), and its bytes under
 * documents/ when given (the S3 client must point at the stack: an in-process stack does that).
 */
export async function seedScannedDocument(
  o: StackOutputs,
  d: {
    applicationId: string;
    name: string;
    createdBy: string;
    bytes?: Uint8Array;
    order?: number;
    containerId?: string;
  },
): Promise<void> {
  const { entities } = await import('../../functions/platform/data/service');
  const storedKey = `documents/${d.applicationId}/${randomUUID()}`;
  if (d.bytes) {
    const { s3Client } = await import('../../functions/platform/adapters/aws/s3');
    await s3Client().send(new PutObjectCommand({ Bucket: o.UploadsBucket, Key: storedKey, Body: d.bytes }));
  }
  await entities.applicationDocument
    .put({
      applicationId: d.applicationId,
      documentName: d.name,
      objectKey: `incoming/${d.applicationId}/${randomUUID()}`,
      storedKey,
      fileName: d.name,
      fileType: 'application/pdf',
      fileSize: d.bytes?.byteLength ?? 7000,
      uploadStatus: 'Completed',
      documentContainerId: d.containerId ?? 'plans',
      order: d.order ?? 0,
      createdBy: d.createdBy,
    })
    .go();
}
