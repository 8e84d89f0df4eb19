import type { mockClient } from 'aws-sdk-client-mock';
import { entities } from '../../../../../functions/platform/data/service.js';
import type { AccessLevel } from '../../../../../shared/schemas/common.js';
import { fakeTable } from '../../reference-table.js';

/**
 * The access policy's data in the platform's handler tests: a fresh fake table on the mocked
 * client, holding application 1000001 (a Draft of `owner`) and an access row per given user.
 */
export function seedApplicationAccess(
  ddb: ReturnType<typeof mockClient>,
  levels: Record<string, AccessLevel>,
): ReturnType<typeof fakeTable> {
  const rows = fakeTable(ddb);
  const put = (item: { params: <T>() => T }) =>
    rows.put(item.params<{ Item: Record<string, unknown> }>().Item);
  put(
    entities.application.put({
      applicationId: '1000001',
      userId: 'owner',
      status: 'Draft',
      recordType: 'Draft',
      authorityId: 'wcc',
      jurisdictionId: 'nz',
      formId: 'bc',
      etag: 'e1',
      startedDate: '2026-01-01T00:00:00.000Z',
      modifiedDate: '2026-01-01T00:00:00.000Z',
    }) as never,
  );
  for (const [userId, accessLevel] of Object.entries(levels)) {
    put(
      entities.applicationAccess.put({
        applicationId: '1000001',
        userId,
        accessLevel,
        status: 'Draft',
        recordType: 'Draft',
        visibility: 'visible',
        modifiedDate: '2026-01-01T00:00:00.000Z',
      }) as never,
    );
  }
  return rows;
}
