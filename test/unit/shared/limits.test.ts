import { describe, expect, it } from 'vitest';
import { RegistrationRequest, UserPatchRequest } from '../../../shared/schemas/accounts.js';
import { accountLimits, limitLengths, maxLengths, tooLong } from '../../../shared/schemas/limits.js';

describe('account length limits', () => {
  const registration = RegistrationRequest.superRefine(limitLengths(accountLimits.registration));
  const valid = {
    email: 'ana@example.nz',
    firstName: 'Ana',
    lastName: 'Tui',
    password: 'Register#2025',
    acknowledgement: true,
    captchaToken: 'x',
  };

  it('accepts values at the limit', () => {
    expect(registration.safeParse({ ...valid, firstName: 'A'.repeat(maxLengths.name) }).success).toBe(true);
  });

  it('reports each field over its limit with "Must be at most N characters"', () => {
    const r = registration.safeParse({
      ...valid,
      firstName: 'A'.repeat(101),
      password: `Aa1!${'x'.repeat(300)}`,
      captchaToken: 'x'.repeat(5000),
    });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['firstName', tooLong(100)],
      ['password', tooLong(256)],
      ['captchaToken', tooLong(4096)],
    ]);
  });

  it('reaches nested fields (address parts of PATCH /user)', () => {
    const patch = UserPatchRequest.superRefine(limitLengths(accountLimits.userPatch));
    const r = patch.safeParse({ address: { city: 'x'.repeat(257), fullAddress: 'y'.repeat(1025) } });
    expect(r.error!.issues.map((i) => i.path.join('.'))).toEqual(['address.city', 'address.fullAddress']);
  });
});
