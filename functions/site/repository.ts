import { requireEnv } from '../platform/config.js';
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { dynamoDbClient } from '../platform/adapters/aws-clients.js';
import { entities } from '../platform/data/service.js';
import { Announcement, Maintenance } from '../../shared/schemas/accounts.js';

/** Defaults when nothing is stored: not in maintenance, no announcements. */
export const defaultMaintenance: Maintenance = { isInMaintenance: false };

async function read(name: 'maintenance' | 'announcements'): Promise<unknown> {
  const { data } = await entities.siteSetting.get({ name }).go();
  return data?.value;
}

/** The maintenance flag (a stored value that does not parse reads as the default). */
export async function getMaintenance(): Promise<Maintenance> {
  const parsed = Maintenance.safeParse(await read('maintenance'));
  return parsed.success ? parsed.data : { ...defaultMaintenance };
}

export async function setMaintenance(isInMaintenance: boolean, updatedBy?: string): Promise<Maintenance> {
  const value: Maintenance = { isInMaintenance };
  await entities.siteSetting
    .put({ name: 'maintenance', value, ...(updatedBy ? { updatedBy } : {}) })
    .go({ response: 'none' });
  return value;
}

/** The stored announcements; entries that do not parse are left out. */
export async function getAnnouncements(): Promise<Announcement[]> {
  const value = await read('announcements');
  if (!Array.isArray(value)) return [];
  return value.flatMap((v: unknown) => {
    const a = Announcement.safeParse(v);
    return a.success ? [a.data] : [];
  });
}

/** Replaces the announcements (validated). */
export async function setAnnouncements(
  announcements: readonly Announcement[],
  updatedBy?: string,
): Promise<Announcement[]> {
  const value = announcements.map((a) => Announcement.parse(a));
  await entities.siteSetting
    .put({ name: 'announcements', value, ...(updatedBy ? { updatedBy } : {}) })
    .go({ response: 'none' });
  return value;
}

/** Whether the table answers (a cheap DescribeTable, no data read): the health check. Throws when not. */
export async function checkTable(): Promise<void> {
  await dynamoDbClient().send(new DescribeTableCommand({ TableName: requireEnv('TABLE_NAME') }));
}
