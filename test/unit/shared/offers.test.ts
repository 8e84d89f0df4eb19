import { describe, expect, it } from 'vitest';
import { applicationStatuses, type ApplicationStatus } from '../../../shared/schemas/applications';
import { followOnOffer, uploadOffer, PAYMENT_PROOFS_CONTAINER_ID } from '../../../shared/domain/offers';

const reasonOf = (o: { allowed: boolean; reason?: string }) => (o.allowed ? undefined : o.reason);

describe('uploadOffer: may this application take uploads into a container now', () => {
  const open: ApplicationStatus[] = ['Draft', 'VRFISuspended'];
  it.each(applicationStatuses.map((s) => [s]))('%s', (status) => {
    const offer = uploadOffer({ status, accessLevel: 'Edit' }, 'plans');
    expect(offer.allowed).toBe(open.includes(status));
    if (!offer.allowed) {
      // The spec's locked message, then why in words.
      expect(offer.reason).toMatch(/^Application is currently locked from further changes: \w.+\.$/);
    }
    // Proofs of payment are taken at every status.
    expect(uploadOffer({ status, accessLevel: 'Edit' }, PAYMENT_PROOFS_CONTAINER_ID).allowed).toBe(true);
  });
  it('says why for each kind of refusal', () => {
    expect(reasonOf(uploadOffer({ status: 'Completed', accessLevel: 'Manage' }, 'plans'))).toContain(
      'the code compliance certificate has been issued',
    );
    expect(
      reasonOf(
        uploadOffer({ status: 'InProgress', consentNumber: 'WCC-BC-1', accessLevel: 'Edit' }, 'plans'),
      ),
    ).toContain('apply for an amendment on the Applications tab');
    expect(reasonOf(uploadOffer({ status: 'InProgress', accessLevel: 'Edit' }, 'plans'))).toContain(
      'if the council asks for more information',
    );
    expect(reasonOf(uploadOffer({ status: 'Refused', accessLevel: 'Edit' }, 'plans'))).toContain(
      'the council has closed it',
    );
    expect(reasonOf(uploadOffer({ status: 'Draft', accessLevel: 'ReadOnly' }, 'plans'))).toBe(
      'You do not have permission to change this application. Ask its owner for Edit access.',
    );
  });
});

describe('followOnOffer: which follow-on applications may be started now', () => {
  const consent = { recordType: 'Consent' as const, consentNumber: 'WCC-BC-1' };
  const open: ApplicationStatus[] = ['InProgress', 'VRFISuspended'];
  it.each(applicationStatuses.map((s) => [s]))('a granted consent at %s', (status) => {
    const offer = followOnOffer({ ...consent, status, accessLevel: 'Edit' });
    expect(offer.allowed).toBe(open.includes(status));
    if (!offer.allowed)
      expect(offer.reason).toMatch(/^Child applications can only be created for a consent.*\.$/);
  });
  it('a completed consent says the CCC is issued; an application without a consent says it is not granted', () => {
    expect(reasonOf(followOnOffer({ ...consent, status: 'Completed' }))).toContain(
      'the code compliance certificate has been issued',
    );
    expect(reasonOf(followOnOffer({ recordType: 'Draft', status: 'InProgress' }))).toContain(
      'has not granted a building consent',
    );
    expect(reasonOf(followOnOffer({ ...consent, status: 'InProgress', accessLevel: 'ReadOnly' }))).toContain(
      'Ask its owner for Edit access',
    );
    // The server's call (no caller access in the rule: the route checked it) is allowed.
    expect(followOnOffer({ ...consent, status: 'InProgress' }).allowed).toBe(true);
  });
});

describe('uploadOffer: a council’s open group takes uploads after lodgement (docs/applications.md)', () => {
  const asked = { status: 'Requested', documentContainerId: 'plans', councilStatuses: [] };
  const rejected = { status: 'Received', documentContainerId: 'plans', councilStatuses: ['Rejected'] };
  const reviewing = {
    status: 'Received',
    documentContainerId: 'plans',
    councilStatuses: ['Awaiting Review'],
  };
  const accepted = { status: 'Accepted', documentContainerId: 'plans', councilStatuses: ['Rejected'] };
  const app = (status: ApplicationStatus) => ({
    status,
    accessLevel: 'Edit' as const,
    useRequiredDocumentGroups: true,
  });
  const lodged: ApplicationStatus[] = ['Submitted', 'InProgress', 'VRFISuspended'];

  it.each(applicationStatuses.map((s) => [s]))('a group with a rejected upload at %s', (status) => {
    expect(uploadOffer(app(status), 'plans', [rejected]).allowed).toBe(
      lodged.includes(status) || status === 'Draft',
    );
  });
  it('a group the council asks for is open; one it is reviewing, or has accepted, is not', () => {
    expect(uploadOffer(app('InProgress'), 'plans', [asked]).allowed).toBe(true);
    expect(uploadOffer(app('InProgress'), 'plans', [reviewing]).allowed).toBe(false);
    expect(uploadOffer(app('InProgress'), 'plans', [accepted]).allowed).toBe(false);
  });
  it('only the group’s own container, only with Edit, only when the application uses groups', () => {
    expect(uploadOffer(app('InProgress'), 'specifications', [rejected]).allowed).toBe(false);
    expect(uploadOffer({ ...app('InProgress'), accessLevel: 'ReadOnly' }, 'plans', [rejected]).allowed).toBe(
      false,
    );
    expect(
      uploadOffer({ ...app('InProgress'), useRequiredDocumentGroups: false }, 'plans', [rejected]).allowed,
    ).toBe(false);
    expect(uploadOffer(app('InProgress'), undefined, [rejected]).allowed).toBe(false);
  });
  it('a closed application takes nothing, whatever its groups say', () => {
    expect(reasonOf(uploadOffer(app('Completed'), 'plans', [asked]))).toContain(
      'the code compliance certificate has been issued',
    );
  });
});
