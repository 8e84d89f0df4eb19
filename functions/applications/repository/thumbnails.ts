import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import type { EntityItem } from 'electrodb';
import { s3Client } from '../../platform/adapters/aws/s3.js';
import { requireEnv } from '../../platform/config.js';
import { logger } from '../../platform/logger.js';
import type { template } from '../../platform/data/entities/application.js';
import type { TemplateDto } from '../../../shared/schemas/applications.js';

/**
 * Template thumbnails in the uploads bucket (`templates/<applicationId>/thumbnail.jpg`, the scaled
 * JPEG) and the Template DTO (portal-core §3) that carries one as a data URL. Used by
 * GET /user/applications/{id} and by the template list (GET /user/applicationsV2?recordType=Template).
 */

type TemplateItem = Pick<
  EntityItem<typeof template>,
  'applicationId' | 'displayName' | 'description' | 'numOfDocuments' | 'thumbnailKey' | 'thumbnailName'
>;

const bucket = () => requireEnv('UPLOADS_BUCKET');

export const thumbnailKey = (applicationId: string) => `templates/${applicationId}/thumbnail.jpg`;

/** Stores the scaled JPEG; returns its key. */
export async function storeThumbnail(applicationId: string, jpeg: Buffer): Promise<string> {
  const key = thumbnailKey(applicationId);
  await s3Client().send(
    new PutObjectCommand({ Bucket: bucket(), Key: key, Body: jpeg, ContentType: 'image/jpeg' }),
  );
  return key;
}

export async function deleteThumbnail(key: string): Promise<void> {
  await s3Client().send(new DeleteObjectCommand({ Bucket: bucket(), Key: key }));
}

/** The thumbnail as a data URL; undefined when absent or unreadable (logged: the template still shows). */
async function readThumbnail(applicationId: string, key: string): Promise<string | undefined> {
  try {
    const out = await s3Client().send(new GetObjectCommand({ Bucket: bucket(), Key: key }));
    const bytes = await out.Body?.transformToByteArray();
    if (!bytes || bytes.length === 0) return undefined;
    return `data:${out.ContentType ?? 'image/jpeg'};base64,${Buffer.from(bytes).toString('base64')}`;
  } catch (error) {
    logger.warn('template thumbnail unreadable', { applicationId, error: error as Error });
    return undefined;
  }
}

export async function toTemplateDto(t: TemplateItem): Promise<TemplateDto> {
  const dto: TemplateDto = {
    applicationId: t.applicationId,
    displayName: t.displayName,
    numOfDocuments: t.numOfDocuments ?? 0,
  };
  if (t.description) dto.description = t.description;
  const image = t.thumbnailKey ? await readThumbnail(t.applicationId, t.thumbnailKey) : undefined;
  if (image) dto.thumbnail = { image, name: t.thumbnailName ?? 'thumbnail.jpg' };
  return dto;
}
