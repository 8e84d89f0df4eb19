import type { ApiAnswer } from '../../../web/src/api/call';
import type { CurrentUser } from '../../../web/src/api/user';

/** The signed-in user of the web tests (no page imports here: the boot tests load it too). */
export const user: CurrentUser = {
  id: 'user-1',
  username: 'user-1',
  email: 'aroha@example.nz',
  firstName: 'Aroha',
  lastName: 'Ngata',
  phoneCountryCode: '+64',
  contactNumber: '021 123 4567',
  organisationRole: 'Normal',
  defaultApplicationNotificationLevel: 'Normal',
  emailPreference: true,
  smsPreference: false,
  pushPreference: false,
};

/** GET /user's answer: the signed-in user with their own independent authorities. */
export const userAnswer = (over: Partial<ApiAnswer<'GET /user'>> = {}): ApiAnswer<'GET /user'> => ({
  ...user,
  independentAuthorities: [],
  ...over,
});
