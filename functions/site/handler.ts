import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { dynamoDbClient } from '../platform/adapters/aws-clients.js';
import { requireEnv } from '../platform/config.js';
import { createResourceHandler, route } from '../platform/http/handler.js';
import type { RouteImpls } from '../platform/http/handler.js';
import { ServiceUnavailable } from '../platform/errors.js';
import type { HealthDto } from '../../shared/schemas/health.js';
import type { Announcement, Maintenance } from '../../shared/schemas/accounts.js';
import { getAnnouncements, getMaintenance } from './repository.js';

/** The site (no token): health, and the maintenance view and announcements the SPA reads before sign-in. Env: TABLE_NAME. */
export const routes = {
  'GET /public/health': route({
    caller: 'public',
    async handle(_input, { logger }): Promise<HealthDto> {
      try {
        await dynamoDbClient().send(new DescribeTableCommand({ TableName: requireEnv('TABLE_NAME') }));
      } catch (err) {
        logger.error('health: table unreachable', { error: err as Error });
        throw new ServiceUnavailable({ cause: err });
      }
      return { status: 'ok', time: new Date().toISOString() };
    },
  }),

  'GET /maintenance/maintenance.json': route({
    caller: 'public',
    async handle(): Promise<Maintenance> {
      return getMaintenance();
    },
  }),

  'GET /announcements/announcements.json': route({
    caller: 'public',
    async handle(): Promise<Announcement[]> {
      return getAnnouncements();
    },
  }),
} satisfies RouteImpls;

export const handler = createResourceHandler('site', routes);
