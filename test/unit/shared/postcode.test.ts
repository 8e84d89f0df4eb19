import { describe, expect, it } from 'vitest';
import { UserPatchRequest } from '../../../shared/schemas/accounts.js';
import { CreateApplicationRequest } from '../../../shared/schemas/applications.js';

const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (r.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

describe('a New Zealand postcode is 4 digits wherever an address is sent (docs/architecture.md)', () => {
  it('the profile: 101 or 60111 is refused on address.zipCode with what is expected; 6011 and a foreign code pass', () => {
    for (const zipCode of ['101', '60111', 'abcd'])
      expect(issues(UserPatchRequest.safeParse({ address: { address1: '1 Main St', zipCode } }))).toEqual([
        'address.zipCode: Enter the 4-digit postcode',
      ]);
    expect(UserPatchRequest.safeParse({ address: { zipCode: ' 6011 ', country: 'NZ' } }).success).toBe(true);
    expect(UserPatchRequest.safeParse({ address: { zipCode: 'SW1A 1AA', country: 'GB' } }).success).toBe(
      true,
    );
  });

  it("a new application's site address", () => {
    const body = (zipCode: string) => ({
      operationName: 'Create',
      authorityId: 'wcc',
      formId: 'bc',
      address: { address1: '1 Main St', city: 'Wellington', zipCode },
    });
    const bad = CreateApplicationRequest.safeParse(body('61'));
    expect(issues(bad)).toContain('address.zipCode: Enter the 4-digit postcode');
    expect(issues(CreateApplicationRequest.safeParse(body('6011')))).not.toContain(
      'address.zipCode: Enter the 4-digit postcode',
    );
  });
});
