import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { applicationStatuses } from '../../../shared/schemas/applications.js';
import type { ApplicationStatus } from '../../../shared/schemas/applications.js';
import {
  CONSENT_NUMBER_MESSAGE,
  councilActions,
  councilActionsFrom,
  councilTransition,
  formatWebhookSignatures,
  grantedFields,
  isFreshWebhookTimestamp,
  isVisibleToCouncil,
  parseWebhookSignatures,
  webhookSignedContent,
} from '../../../shared/domain/council.js';
import {
  CouncilApplicationPatch,
  CouncilApplicationsQuery,
  CouncilDecision,
  CouncilEvent,
  CouncilEventsQuery,
  IdempotencyKey,
  LodgementDecision,
  RegisteredApplicantInvitationsQuery,
  RequiredDocumentUploadReview,
  RespondRegisteredApplicantInvitation,
  scopeClaim,
  scopesOfClaim,
  STAGES_UNIQUE_MESSAGE,
  WorkflowStagesRequest,
} from '../../../shared/schemas/council.js';

/** Every status a council's action may start from, and where it leads (docs/council-api.md). */
const allowed: Record<string, Partial<Record<ApplicationStatus, ApplicationStatus>>> = {
  acceptLodgement: { Submitted: 'InProgress' },
  rejectLodgement: { Submitted: 'Rejected' },
  suspend: { InProgress: 'VRFISuspended' },
  resume: { VRFISuspended: 'InProgress' },
  grant: { InProgress: 'InProgress' },
  refuse: { InProgress: 'Refused', VRFISuspended: 'Refused' },
  lapse: { InProgress: 'Lapsed', VRFISuspended: 'Lapsed' },
  withdraw: { Submitted: 'Withdrawn', InProgress: 'Withdrawn', VRFISuspended: 'Withdrawn' },
  issueCcc: { InProgress: 'Completed' },
};

describe('council status transitions', () => {
  it('allows exactly the spec path and refuses every other status with the reason', () => {
    for (const action of councilActions) {
      for (const status of applicationStatuses) {
        const consentNumber = action === 'issueCcc' ? 'ABC-123' : undefined;
        const result = councilTransition({ status, consentNumber }, action);
        const to = allowed[action]![status];
        if (to) expect(result, `${action} from ${status}`).toEqual({ ok: true, status: to });
        else expect(result.ok, `${action} from ${status}`).toBe(false);
      }
    }
    expect(councilTransition({ status: 'Draft' }, 'acceptLodgement')).toEqual({
      ok: false,
      reason: 'Cannot accept the lodgement of an application that is Draft',
    });
  });

  it('grants once, and issues the CCC only for a granted consent', () => {
    expect(councilTransition({ status: 'InProgress', consentNumber: 'ABC-1' }, 'grant')).toEqual({
      ok: false,
      reason: 'The consent has already been granted',
    });
    expect(councilTransition({ status: 'InProgress' }, 'issueCcc')).toEqual({
      ok: false,
      reason: 'A code compliance certificate needs a granted consent',
    });
  });

  it('lists what a council may do in each status', () => {
    expect(councilActionsFrom('Submitted')).toEqual(['acceptLodgement', 'rejectLodgement', 'withdraw']);
    expect(councilActionsFrom('Completed')).toEqual([]);
  });
});

describe('what a council sees and what a grant sets', () => {
  const lodged = { authorityId: 'wcc', status: 'Submitted', recordType: 'Draft' } as const;

  it('sees only lodged applications of its own authority, never a draft or a template', () => {
    expect(isVisibleToCouncil(lodged, 'wcc')).toBe(true);
    expect(isVisibleToCouncil(lodged, 'akl')).toBe(false);
    expect(isVisibleToCouncil({ ...lodged, status: 'Draft' }, 'wcc')).toBe(false);
    expect(isVisibleToCouncil({ ...lodged, status: 'Submitting' }, 'wcc')).toBe(false);
    expect(isVisibleToCouncil({ ...lodged, recordType: 'Template' }, 'wcc')).toBe(false);
  });

  it('makes the record type Consent with the consent number (docs/council-api.md)', () => {
    expect(grantedFields({ recordType: 'Draft' }, ' WCC-2026-001 ')).toEqual({
      consentNumber: 'WCC-2026-001',
      recordType: 'Consent',
    });
  });

  it('refuses a consent number the access search would read as an application number (BLD…)', () => {
    const granted = (consentNumber: string) =>
      CouncilDecision.safeParse({ outcome: 'Granted', consentNumber });
    expect(granted('WCC/2026/001').success).toBe(true);
    const bld = granted('bld-123');
    expect(bld.success).toBe(false);
    expect(bld.error?.issues[0]?.message).toBe(CONSENT_NUMBER_MESSAGE);
    expect(granted('').success).toBe(false);
  });
});

describe('council requests', () => {
  it('needs a reason to reject a lodgement or close an application', () => {
    expect(LodgementDecision.safeParse({ decision: 'Accepted' }).success).toBe(true);
    expect(LodgementDecision.safeParse({ decision: 'Rejected' }).success).toBe(false);
    expect(LodgementDecision.safeParse({ decision: 'Rejected', reason: 'Plans missing' }).success).toBe(true);
    expect(CouncilDecision.safeParse({ outcome: 'Refused' }).success).toBe(false);
    expect(
      CouncilDecision.safeParse({ outcome: 'Lapsed', closedReason: 'Not started in 12 months' }).success,
    ).toBe(true);
    expect(CouncilDecision.safeParse({ outcome: 'Completed', closedReason: 'x' }).success).toBe(false);
  });

  it('takes each workflow stage once, in the spec shape', () => {
    const stage = (stageName: string) => ({
      stageDisplayName: stageName,
      stageName,
      stageStatus: 'Started',
      stageType: 'Steps',
      progress: { elapsedNum: 3, totalNum: 20, status: 'Processing' },
      items: [{ status: 'Completed', displayName: 'Vetting', date: '2026-11-20' }],
    });
    expect(WorkflowStagesRequest.safeParse({ workflowStages: [stage('Lodgement')] }).success).toBe(true);
    const twice = WorkflowStagesRequest.safeParse({
      workflowStages: [stage('Lodgement'), stage('Lodgement')],
    });
    expect(twice.error?.issues[0]?.message).toBe(STAGES_UNIQUE_MESSAGE);
    expect(WorkflowStagesRequest.safeParse({ workflowStages: [stage('Decision')] }).success).toBe(false);
  });

  it('changes only the fields a council keeps, and something', () => {
    expect(CouncilApplicationPatch.safeParse({ complexity: 'Complex' }).success).toBe(true);
    expect(CouncilApplicationPatch.safeParse({}).success).toBe(false);
    expect(CouncilApplicationPatch.safeParse({ status: 'Completed' }).success).toBe(false);
    expect(CouncilApplicationPatch.safeParse({ consentNumber: 'X' }).success).toBe(false);
  });

  it("reviews an upload with the spec's document statuses", () => {
    expect(RequiredDocumentUploadReview.safeParse({ councilStatus: 'Awaiting Review' }).success).toBe(true);
    expect(RequiredDocumentUploadReview.safeParse({ councilStatus: 'Approved' }).success).toBe(false);
  });

  it('takes an idempotency key of 1 to 255 visible ASCII characters', () => {
    expect(IdempotencyKey.safeParse('0b6c1f1e-6f0e-4a36-9d7e-5d1f6a1b2c3d').success).toBe(true);
    expect(IdempotencyKey.safeParse('').success).toBe(false);
    expect(IdempotencyKey.safeParse('has space').success).toBe(false);
    expect(IdempotencyKey.safeParse('k'.repeat(256)).success).toBe(false);
  });

  it('reads lists with page sizes capped and statuses as a comma list', () => {
    expect(CouncilApplicationsQuery.parse({ status: 'Submitted,InProgress' })).toEqual({
      status: ['Submitted', 'InProgress'],
      pageSize: 10,
    });
    expect(CouncilApplicationsQuery.safeParse({ pageSize: '101' }).success).toBe(false);
    expect(CouncilEventsQuery.parse({ after: 'c1' })).toEqual({ after: 'c1', limit: 100 });
  });
});

describe('registered applicant invitations', () => {
  it('lists by the spec statuses and is answered with Accepted or Rejected only', () => {
    expect(RegisteredApplicantInvitationsQuery.parse({ invitationStatus: 'Pending' })).toEqual({
      invitationStatus: 'Pending',
    });
    expect(RegisteredApplicantInvitationsQuery.safeParse({ invitationStatus: 'Expired' }).success).toBe(
      false,
    );
    expect(RespondRegisteredApplicantInvitation.safeParse({ status: 'Accepted' }).success).toBe(true);
    expect(RespondRegisteredApplicantInvitation.safeParse({ status: 'Pending' }).success).toBe(false);
  });
});

describe('credentials scopes', () => {
  it('reads the council scopes of a token and ignores the others', () => {
    expect(scopeClaim('events.read')).toBe('council-api/events.read');
    expect(
      scopesOfClaim('council-api/applications.read aws.cognito.signin.user.admin council-api/events.read'),
    ).toEqual(['applications.read', 'events.read']);
    expect(scopesOfClaim(undefined)).toEqual([]);
  });
});

describe('outbound events and signed webhooks', () => {
  it('is payload-light: an application event names the application, an invitation event the invitation', () => {
    const at = '2026-11-26T01:00:00.000Z';
    expect(
      CouncilEvent.safeParse({
        eventId: 'e1',
        type: 'ApplicationSubmitted',
        applicationId: 'a1',
        occurredAt: at,
      }).success,
    ).toBe(true);
    expect(
      CouncilEvent.safeParse({
        eventId: 'e1',
        type: 'ApplicationSubmitted',
        invitationId: 'i1',
        occurredAt: at,
      }).success,
    ).toBe(false);
    expect(
      CouncilEvent.safeParse({
        eventId: 'e2',
        type: 'RegisteredApplicantInvitationAccepted',
        invitationId: 'i1',
        occurredAt: at,
      }).success,
    ).toBe(true);
  });

  it('signs id, timestamp and body, so a receiver detects a changed body or another secret', () => {
    const secret = 'whsec_test';
    const body = JSON.stringify({ eventId: 'e1', type: 'ApplicationSubmitted' });
    const sign = (key: string, content: string) => createHmac('sha256', key).update(content).digest('base64');
    const header = formatWebhookSignatures([sign(secret, webhookSignedContent('e1', 1764118800, body))]);
    expect(header.startsWith('v1,')).toBe(true);
    const [received] = parseWebhookSignatures(header);
    expect(received).toBe(sign(secret, webhookSignedContent('e1', 1764118800, body)));
    expect(received).not.toBe(sign(secret, webhookSignedContent('e1', 1764118800, body + ' ')));
    expect(received).not.toBe(sign('whsec_other', webhookSignedContent('e1', 1764118800, body)));
  });

  it('reads the v1 signatures of a header carrying two during a rotation', () => {
    expect(parseWebhookSignatures('v1,aaa v1,bbb v2,ccc')).toEqual(['aaa', 'bbb']);
    expect(parseWebhookSignatures(undefined)).toEqual([]);
    expect(parseWebhookSignatures('v1,')).toEqual([]);
  });

  it('refuses a timestamp more than five minutes from the receiver clock (a replay)', () => {
    const now = 1_764_118_800;
    expect(isFreshWebhookTimestamp(String(now - 300), now)).toBe(true);
    expect(isFreshWebhookTimestamp(String(now - 301), now)).toBe(false);
    expect(isFreshWebhookTimestamp(now + 301, now)).toBe(false);
    expect(isFreshWebhookTimestamp('soon', now)).toBe(false);
    expect(isFreshWebhookTimestamp(undefined, now)).toBe(false);
  });
});

describe('the statutory clock’s suspensions', () => {
  const now = new Date('2026-11-26T01:00:00.000Z');
  it('suspending opens one from now, unless one is open; resuming closes the open one at now', async () => {
    const { suspendClock, resumeClock } = await import('../../../shared/domain/council.js');
    const closed = { from: '2026-11-02T00:00:00.000Z', to: '2026-11-05T00:00:00.000Z' };
    expect(suspendClock(undefined, now)).toEqual([{ from: now.toISOString() }]);
    expect(suspendClock([closed], now)).toEqual([closed, { from: now.toISOString() }]);
    const open = { from: '2026-11-20T00:00:00.000Z' };
    expect(suspendClock([closed, open], now)).toEqual([closed, open]);
    expect(resumeClock([closed, open], now)).toEqual([closed, { ...open, to: now.toISOString() }]);
    expect(resumeClock([closed], now)).toEqual([closed]);
    expect(resumeClock(undefined, now)).toEqual([]);
  });
});
