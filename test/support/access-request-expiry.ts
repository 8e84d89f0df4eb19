/**
 * An agent's access request whose seven days all but pass, for the faults that jump the
 * scheduler's clock past its expiry (test/integration/faults.test.ts and the soak's fault,
 * test/support/soak/faults.ts; docs/access-requests.md "Expiry", docs/reliability.md "Faults").
 * What they share: the agent's profile (a request needs one), the owner's new application, the
 * stored expiry moved a few seconds ahead on the functions' clock, and the wait for EXPIRED.
 * Each caller sends the requests its own way (asserting each status, or retrying through a fault).
 */
import { waitFor } from './wait';

/** The agent's profile: an access request is refused without one. */
export const AGENT_PROFILE = {
  firstName: 'Rawiri',
  lastName: 'Builder',
  contactNumber: '021 555 0101',
  phoneCountryCode: '+64',
  address: {
    address1: '9 Queen Street',
    city: 'Auckland',
    zipCode: '1010',
    country: 'NZ',
    isManualAddress: true,
  },
};

/** The owner's new application the agent asks access to. */
export const clockApplication = (address1: string) => ({
  operationName: 'Create',
  authorityId: 'akl',
  formId: 'bc',
  address: { address1, city: 'Auckland', zipCode: '1010', country: 'NZ' },
});

/** The seven days all but pass: the request's stored expiry `inMs` ahead on the functions' clock. */
export async function expiryAllButPassed(requestGuid: string, inMs = 3000): Promise<void> {
  const { entities } = await import('../../functions/platform/data/service');
  const soon = new Date(Date.now() + inMs).toISOString();
  await entities.accessRequest.patch({ requestGuid }).set({ expireTime: soon }).go();
}

/** The request as stored once it is EXPIRED (throws when it is not within `timeoutMs`). */
export async function storedExpired(requestGuid: string, opts: { timeoutMs: number; intervalMs: number }) {
  const { entities } = await import('../../functions/platform/data/service');
  return waitFor(
    'the request to be stored EXPIRED',
    async () => {
      const r = await entities.accessRequest.get({ requestGuid }).go({ consistent: true });
      return r.data?.status === 'EXPIRED' && r.data;
    },
    opts,
  );
}
