import { Logger } from '@aws-lambda-powertools/logger';

/**
 * The one Powertools logger of a Lambda (module scope). Service name from POWERTOOLS_SERVICE_NAME,
 * level from LOG_LEVEL (Powertools reads both itself).
 */
export const logger = new Logger({ serviceName: process.env.POWERTOOLS_SERVICE_NAME || 'consent-portal' });
