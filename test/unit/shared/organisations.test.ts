import { describe, expect, it } from 'vitest';
import {
  activeAdminCount,
  effectiveStatus,
  expiryOf,
  fetchesMergeInvitations,
  invitationStatusOf,
  leavesNoAdmin,
  readInvitationStatus,
} from '../../../shared/domain/organisations.js';
import { OrganisationUpdateRequest } from '../../../shared/schemas/organisations.js';

describe('organisation rules (docs/organisations.md)', () => {
  it("reads 'Unregistered' as Pending and unknown values as Error", () => {
    expect(
      [
        'Pending',
        'Accepted',
        'Rejected',
        'Expired',
        'Revoked',
        'Error',
        'Unregistered',
        'Sent',
        undefined,
      ].map(readInvitationStatus),
    ).toEqual([
      'Pending',
      'Accepted',
      'Rejected',
      'Expired',
      'Revoked',
      'Error',
      'Pending',
      'Error',
      'Error',
    ]);
  });

  it('derives Expired on read for a pending invitation past its expiry, and only for a pending one', () => {
    const expiryDate = expiryOf('2026-01-01T00:00:00.000Z', 7);
    expect(expiryDate).toBe('2026-01-08T00:00:00.000Z');
    expect(effectiveStatus('Pending', expiryDate, '2026-01-07T23:59:59.000Z')).toBe('Pending');
    expect(effectiveStatus('Pending', expiryDate, '2026-01-08T00:00:00.000Z')).toBe('Expired');
    expect(effectiveStatus('Revoked', expiryDate, '2026-02-01T00:00:00.000Z')).toBe('Revoked');
    expect(invitationStatusOf({ status: 'Unregistered', expiryDate }, '2026-02-01T00:00:00.000Z')).toBe(
      'Expired',
    );
  });

  it('counts active admins only and refuses a change that leaves none', () => {
    const members = [
      { userId: 'a', role: 'Admin', status: 'Active' },
      { userId: 'b', role: 'Admin', status: 'Disabled' },
      { userId: 'c', role: 'Normal', status: 'Active' },
    ] as const;
    expect(activeAdminCount(members)).toBe(1);
    expect(leavesNoAdmin(members, 'a', { kind: 'role', role: 'Normal' })).toBe(true);
    expect(leavesNoAdmin(members, 'a', { kind: 'status', status: 'Disabled' })).toBe(true);
    expect(leavesNoAdmin(members, 'a', { kind: 'release' })).toBe(true);
    expect(leavesNoAdmin(members, 'c', { kind: 'role', role: 'Admin' })).toBe(false);
    expect(leavesNoAdmin(members, 'b', { kind: 'status', status: 'Active' })).toBe(false);
  });

  it('fetches merge invitations only for admins', () => {
    expect([fetchesMergeInvitations('Admin'), fetchesMergeInvitations('Normal')]).toEqual([true, false]);
  });

  it('the organisation name pattern and its message on the profile change', () => {
    expect(OrganisationUpdateRequest.safeParse({ displayName: 'Kauri Design Ltd.' }).success).toBe(true);
    const bad = OrganisationUpdateRequest.safeParse({ displayName: '--' });
    expect(bad.error?.issues[0]?.message).toBe('Please enter a valid organisation name');
    expect(OrganisationUpdateRequest.safeParse({ displayName: 'Kauri', colour: 'red' }).success).toBe(false);
  });
});
