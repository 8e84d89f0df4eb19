import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { dynamoDbClient } from '../adapters/aws-clients.js';
import { requireEnv } from '../config.js';
import type { HealthDto } from '../../shared/schemas/health.js';
import { createResourceHandler, route } from './lib/handler.js';
import type { RouteImpls } from './lib/handler.js';
import { ServiceUnavailable } from './lib/errors.js';

/** Public routes (no token). Env: TABLE_NAME. */
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
} satisfies RouteImpls;

export const handler = createResourceHandler('public', routes);
