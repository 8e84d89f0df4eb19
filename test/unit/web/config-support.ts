import type { RuntimeConfig } from '../../../web/src/lib/config';

/** The runtime configuration the web's unit tests run with (the local stack's shape, no Cognito endpoint). */
export const TEST_CONFIG: RuntimeConfig = {
  apiUrl: '/api',
  region: 'r',
  userPoolId: 'p',
  userPoolClientId: 'c',
  authFlowType: 'USER_PASSWORD_AUTH',
  flags: {},
};
