import { describe, expect, it } from 'vitest';
import {
  accessRequestErrors,
  accessRequestExpireTime,
  accessSearchCriteria,
  canRequestAccessTo,
  effectiveAccessRequestStatus,
  projectNumberField,
  readAccessRequestStatus,
} from '../../../shared/domain/access-requests.js';
import {
  AccessRequest,
  AnswerAccessRequest,
  ApplicationsSearchQuery,
} from '../../../shared/schemas/access-requests.js';

describe('access request statuses', () => {
  it('reads the four statuses and parses unknown text to PENDING', () => {
    expect(readAccessRequestStatus('APPROVED')).toBe('APPROVED');
    expect(readAccessRequestStatus('denied')).toBe('DENIED');
    expect(readAccessRequestStatus('EXPIRED')).toBe('EXPIRED');
    expect(readAccessRequestStatus('WHATEVER')).toBe('PENDING');
    expect(readAccessRequestStatus(undefined)).toBe('PENDING');
    expect(readAccessRequestStatus(3)).toBe('PENDING');
  });

  it('expires seven calendar days after sending, derived on read', () => {
    const created = '2026-11-01T10:00:00.000Z';
    const expireTime = accessRequestExpireTime(created);
    expect(expireTime).toBe('2026-11-08T10:00:00.000Z');
    const req = { status: 'PENDING', expireTime };
    expect(effectiveAccessRequestStatus(req, new Date('2026-11-08T09:59:59.999Z'))).toBe('PENDING');
    expect(effectiveAccessRequestStatus(req, new Date('2026-11-08T10:00:00.000Z'))).toBe('EXPIRED');
    // An answered request keeps its answer after the expiry moment.
    expect(effectiveAccessRequestStatus({ ...req, status: 'APPROVED' }, new Date('2027-01-01'))).toBe(
      'APPROVED',
    );
  });

  it('the response schema parses an unknown status to PENDING', () => {
    const parsed = AccessRequest.parse({
      requestGuid: 'g',
      applicationId: '1',
      status: 'ODD',
      requestUser: { email: 'a@b.co' },
      createdDate: '2026-11-01T10:00:00.000Z',
      expireTime: '2026-11-08T10:00:00.000Z',
    });
    expect(parsed.status).toBe('PENDING');
  });
});

describe('access search rules (docs/access-requests.md)', () => {
  it('simple mode needs the address', () => {
    expect(accessSearchCriteria('simple', { address: '  ' }).issues).toEqual([
      { field: 'address', reason: 'Required' },
    ]);
    expect(accessSearchCriteria('simple', { address: ' 1 Main St ', authorities: [] }).criteria).toEqual({
      mode: 'simple',
      address: '1 Main St',
      authorities: [],
    });
  });

  it('advanced mode needs the trimmed project number and at least one authority', () => {
    expect(accessSearchCriteria('advanced', { applicationNumber: '   ', authorities: [] }).issues).toEqual([
      { field: 'applicationNumber', reason: 'Required' },
      { field: 'authorities', reason: 'Required' },
    ]);
    expect(
      accessSearchCriteria('advanced', { applicationNumber: ' BLD123 ', authorities: ['a1'] }).criteria,
    ).toEqual({ mode: 'advanced', field: 'applicationNumber', projectNumber: 'BLD123', authorities: ['a1'] });
  });

  it('BLD numbers match the application number, others the consent number', () => {
    expect(projectNumberField('BLD-2026-1')).toBe('applicationNumber');
    expect(projectNumberField(' bld9')).toBe('applicationNumber');
    expect(projectNumberField('ABA-2026-1')).toBe('consentNumber');
  });

  it('the query schema refuses a search without its mode’s fields, naming the field', () => {
    const bad = ApplicationsSearchQuery.safeParse({ applicationNumber: 'BLD1' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['authorities', 'Required'],
    ]);
    const ok = ApplicationsSearchQuery.parse({ applicationNumber: 'BLD1', authorities: 'a1, a2' });
    expect(ok).toMatchObject({ authorities: ['a1', 'a2'], pageIndex: 1, pageSize: 20 });
    expect(ApplicationsSearchQuery.safeParse({}).error?.issues[0]?.path).toEqual(['address']);
  });
});

describe('access request answers and errors', () => {
  it('APPROVED carries the participant; DENIED nothing', () => {
    expect(AnswerAccessRequest.safeParse({ status: 'APPROVED' }).success).toBe(false);
    expect(AnswerAccessRequest.safeParse({ status: 'DENIED' }).success).toBe(true);
    expect(AnswerAccessRequest.safeParse({ status: 'EXPIRED' }).success).toBe(false);
  });

  it('the EXIST description carries ISO dates (the web reformats them)', () => {
    expect(
      accessRequestErrors.exist.description('2026-11-01T10:00:00.000Z', '2026-11-08T10:00:00.000Z'),
    ).toBe(
      'You requested access to this project on 2026-11-01T10:00:00.000Z. The request expires on 2026-11-08T10:00:00.000Z',
    );
  });

  it('access may be requested while the application is editable by the general rule', () => {
    expect(canRequestAccessTo('Draft')).toBe(true);
    expect(canRequestAccessTo('InProgress')).toBe(true);
    expect(canRequestAccessTo('Submitted')).toBe(false);
    expect(canRequestAccessTo('Completed')).toBe(false);
  });
});
