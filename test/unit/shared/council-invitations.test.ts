import { describe, expect, it } from 'vitest';
import {
  invitationAnswerRefusal,
  invitationExpiryDate,
  isInvitationExpired,
  sameEmail,
} from '../../../shared/domain/council-invitations.js';

describe('registered-applicant invitation rules', () => {
  it('a bare expiry date is valid through that day in New Zealand (NZDT is UTC+13 in November)', () => {
    expect(isInvitationExpired('2026-11-26', new Date('2026-11-26T10:59:00Z'))).toBe(false);
    expect(isInvitationExpired('2026-11-26', new Date('2026-11-26T11:00:00Z'))).toBe(true);
  });

  it('an instant expires at that instant; no expiry date never expires', () => {
    expect(isInvitationExpired('2026-11-26T10:00:00Z', new Date('2026-11-26T09:59:59Z'))).toBe(false);
    expect(isInvitationExpired('2026-11-26T10:00:00Z', new Date('2026-11-26T10:00:00Z'))).toBe(true);
    expect(isInvitationExpired(undefined, new Date())).toBe(false);
  });

  it('answerable only while Pending and not expired', () => {
    const now = new Date('2026-11-26T00:00:00Z');
    expect(invitationAnswerRefusal({ status: 'Pending', expiryDate: '2026-12-01' }, now)).toBeUndefined();
    expect(invitationAnswerRefusal({ status: 'Accepted', expiryDate: '2026-12-01' }, now)).toBe(
      'alreadyAnswered',
    );
    expect(invitationAnswerRefusal({ status: 'Pending', expiryDate: '2026-11-01' }, now)).toBe('expired');
  });

  it("the council's expiry date, else 30 days after sending; emails match case-insensitively", () => {
    expect(invitationExpiryDate('2026-11-26T00:00:00.000Z', '2027-01-01')).toBe('2027-01-01');
    expect(invitationExpiryDate('2026-11-26T00:00:00.000Z', undefined)).toBe('2026-12-26T00:00:00.000Z');
    expect(sameEmail(' Ana@Example.NZ', 'ana@example.nz')).toBe(true);
    expect(sameEmail('ana@example.nz', undefined)).toBe(false);
  });
});
