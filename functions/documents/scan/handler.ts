import type { S3Event } from 'aws-lambda';
import { portalHandler } from '../../platform/observability/tracer.js';
import { decodeS3EventKey } from '../model/keys.js';
import { scanService } from './service.js';
import { scanPorts } from './ports.js';

export type { PostScanCheck } from './service.js';
export { setScanDependencies } from './ports.js';

const service = scanService(scanPorts);

/**
 * S3 ObjectCreated handler for the uploads bucket's incoming/ prefix (./service.ts settles each
 * object). Records are handled one after the other. Env: TABLE_NAME, CLAMSCAN_PATH, CLAMAV_DB_DIR
 * (and S3 settings).
 */
export async function scanHandler(event: S3Event): Promise<void> {
  for (const record of event.Records)
    await service.settle(record.s3.bucket.name, decodeS3EventKey(record.s3.object.key));
}

export const handler = portalHandler(scanHandler);
