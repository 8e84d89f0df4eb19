import { describe, expect, it } from 'vitest';
import { nextSteps, tabAttention, type NextStepsFacts } from '../../../shared/domain/next-steps';

const NOW = new Date('2026-11-29T03:00:00Z');
const app: NextStepsFacts['application'] = {
  id: '1001',
  status: 'InProgress',
  authorityId: 'wcc',
  authorityDisplayName: 'Wellington City Council',
};
const fee = {
  id: 'p2',
  description: 'Building consent processing fee',
  baseAmount: 2847.5,
  dueDate: '2026-12-19',
  status: 'AwaitingPayment' as const,
};
const point = (over: { responseDetails?: string; customerSubmittedDate?: string } = {}) => ({ ...over });

describe('nextSteps (what the applicant has to do, from the application’s state)', () => {
  it('names an invoice awaiting payment with its amount, its name and its due date, and the button that pays it', () => {
    expect(nextSteps({ application: app, payments: [fee] }, NOW)).toEqual([
      {
        kind: 'pay',
        key: 'pay-p2',
        text: 'Pay $2,847.50 building consent processing fee by 19 Dec',
        action: 'Pay now',
        href: '/application-details/1001/payment-details/p2',
        overdue: false,
      },
    ]);
  });

  it('says an invoice is overdue once its due date has passed', () => {
    const [step] = nextSteps({ application: app, payments: [{ ...fee, dueDate: '2026-11-20' }] }, NOW);
    expect(step).toMatchObject({
      text: 'Pay $2,847.50 building consent processing fee: it was due on 20 Nov',
      overdue: true,
    });
  });

  it('gives the year of a due date in another year, and no date when the council gave none', () => {
    expect(nextSteps({ application: app, payments: [{ ...fee, dueDate: '2027-01-15' }] }, NOW)[0]?.text).toBe(
      'Pay $2,847.50 building consent processing fee by 15 Jan 2027',
    );
    const { dueDate: _none, ...noDue } = fee;
    expect(nextSteps({ application: app, payments: [noDue] }, NOW)[0]?.text).toBe(
      'Pay $2,847.50 building consent processing fee',
    );
  });

  it('asks nothing of paid invoices or of a deposit claim the council is checking', () => {
    const paid = { ...fee, id: 'p1', status: 'Paid' as const };
    const claimed = { ...fee, id: 'p3', status: 'DepositPending' as const };
    expect(nextSteps({ application: app, payments: [paid, claimed] }, NOW)).toEqual([]);
  });

  it('counts the open RFI points and names the council that asked', () => {
    const steps = nextSteps(
      { application: { ...app, status: 'VRFISuspended' }, rfiPoints: [point(), point()] },
      NOW,
    );
    expect(steps).toEqual([
      {
        kind: 'answerRfis',
        key: 'rfis',
        text: 'Answer 2 points from Wellington City Council',
        action: 'Answer the points',
        href: '/application-details/1001?section=RFIs',
        count: 2,
      },
    ]);
  });

  it('counts a point answered but not yet sent as open, and says one point in the singular', () => {
    const steps = nextSteps(
      {
        application: app,
        rfiPoints: [point({ responseDetails: 'Calcs attached' }), point({ customerSubmittedDate: 'x' })],
      },
      NOW,
    );
    expect(steps[0]).toMatchObject({
      kind: 'submitRfis',
      text: 'Send your answer to 1 point from Wellington City Council',
      action: 'Review and send',
      count: 1,
    });
  });

  it('asks for the points still unanswered when some are answered', () => {
    const steps = nextSteps(
      { application: app, rfiPoints: [point({ responseDetails: 'Calcs attached' }), point()] },
      NOW,
    );
    expect(steps[0]).toMatchObject({
      kind: 'answerRfis',
      count: 2,
      text: 'Answer 2 points from Wellington City Council',
    });
  });

  it('falls back to "the council" when the authority has no name', () => {
    const { authorityDisplayName: _n, ...unnamed } = app;
    expect(nextSteps({ application: unnamed, rfiPoints: [point()] }, NOW)[0]?.text).toBe(
      'Answer 1 point from the council',
    );
  });

  it('asks to finish a draft', () => {
    expect(nextSteps({ application: { ...app, status: 'Draft' } }, NOW)).toEqual([
      {
        kind: 'finishDraft',
        key: 'draft',
        text: 'Finish your application and send it to the council',
        action: 'Continue your application',
        href: '/application-form/1001',
      },
    ]);
  });

  it('puts the RFI answers first (they hold the clock), then the invoices in the council’s order', () => {
    const second = { ...fee, id: 'p9', description: 'Inspection fee', baseAmount: 300 };
    const kinds = nextSteps({ application: app, payments: [fee, second], rfiPoints: [point()] }, NOW).map(
      (s) => s.key,
    );
    expect(kinds).toEqual(['rfis', 'pay-p2', 'pay-p9']);
  });

  it('asks nothing of an application the council is working on with nothing outstanding', () => {
    expect(nextSteps({ application: app, payments: [], rfiPoints: [] }, NOW)).toEqual([]);
  });
});

describe('tabAttention (the counts on the application’s tabs)', () => {
  it('counts the open RFI points and the invoices awaiting payment', () => {
    const steps = nextSteps({ application: app, payments: [fee], rfiPoints: [point(), point()] }, NOW);
    expect(tabAttention(steps)).toEqual({ RFIs: 2, Payments: 1, Documents: 0 });
  });

  it('counts nothing when nothing is asked', () => {
    expect(tabAttention([])).toEqual({ RFIs: 0, Payments: 0, Documents: 0 });
  });
});

describe('nextSteps: a document the council rejected (docs/applications.md)', () => {
  const upload = (name: string, receivedDate: string, councilStatus?: string) => ({
    applicationDocumentId: name,
    name,
    documentStatus: 'Received',
    receivedDate,
    ...(councilStatus ? { councilStatus } : {}),
    fileName: `${name}`,
    fileSize: 7000,
    mimeType: 'application/pdf',
  });
  const group = (uploads: ReturnType<typeof upload>[], status = 'Received') => ({
    id: 'g1',
    guid: 'g1',
    applicationId: '1001',
    name: 'Revised plans',
    status,
    type: 'DocumentContainer',
    displayOrder: 1,
    documentContainerId: 'plans',
    requiredDocumentUploads: uploads,
  });
  const rejected = upload('plans.pdf', '2026-11-01T00:00:00Z', 'Rejected');

  it('asks for a replacement, naming the file, the group and the council, leading to Documents', () => {
    const steps = nextSteps({ application: app, documentGroups: [group([rejected])] }, NOW);
    expect(steps).toEqual([
      {
        kind: 'replaceDocument',
        key: 'replace-g1-plans.pdf',
        text: 'Replace "plans.pdf" in Revised plans: Wellington City Council rejected it',
        action: 'Upload a replacement',
        href: '/application-details/1001?section=Documents',
      },
    ]);
    expect(tabAttention(steps)).toEqual({ RFIs: 0, Payments: 0, Documents: 1 });
  });
  it('asks nothing once a replacement is in, or when the council has closed the group', () => {
    const replaced = group([rejected, upload('plans-v2.pdf', '2026-11-02T00:00:00Z')]);
    expect(nextSteps({ application: app, documentGroups: [replaced] }, NOW)).toEqual([]);
    expect(nextSteps({ application: app, documentGroups: [group([rejected], 'Accepted')] }, NOW)).toEqual([]);
  });
});
