import type { ApplicationStatus } from '../schemas/applications.js';
import { applicationDetailsPath } from './applications.js';
import { formatNzDate, nzCalendarDay, nzWallClock } from './dates.js';
import { formatNzd, isOutstanding, toCents, type PaymentStatus } from './payments.js';
import { hasResponse, isOpenState, rfiPointState, type RfiPointFacts } from './rfis.js';
import { rejectedUploadsToReplace } from './document-groups.js';
import type { RequiredDocumentGroupDto } from '../schemas/documents.js';

/**
 * What the applicant has to do on an application (docs/applications.md; docs/content-guide.md): the
 * one rule the Overview's "What you need to do" panel, the tab counts and the dashboard's actions
 * all read, so they cannot disagree. Pure: it takes what the pages already load (the application,
 * its invoices, its RFI points) and answers each item in the words the applicant reads, with the
 * one place that does it.
 */

export interface NextStepsFacts {
  application: {
    id: string;
    status: ApplicationStatus;
    authorityId: string;
    authorityDisplayName?: string | undefined;
  };
  /** The application's invoices (GET …/payments), when loaded. */
  payments?:
    | readonly {
        id: string;
        description: string;
        baseAmount: number;
        dueDate?: string | undefined;
        status: PaymentStatus;
      }[]
    | undefined;
  /** The application's RFI points (GET …/rfi-points-v2), when loaded. */
  rfiPoints?: readonly RfiPointFacts[] | undefined;
  /** The council's required document groups (GET …/required-document-groups), when loaded. */
  documentGroups?: readonly RequiredDocumentGroupDto[] | undefined;
}

interface Step {
  /** Stable within the application (React keys, test ids). */
  key: string;
  /** What to do, in a sentence: "Pay $2,847.50 processing fee by 19 Dec". */
  text: string;
  /** The button's words. */
  action: string;
  /** Where the button goes. */
  href: string;
}
export type NextStep =
  | (Step & { kind: 'pay'; overdue: boolean })
  | (Step & { kind: 'answerRfis' | 'submitRfis'; count: number })
  | (Step & { kind: 'replaceDocument' })
  | (Step & { kind: 'finishDraft' });

const appPath = (id: string) => `/application-details/${encodeURIComponent(id)}`;

/** "Building consent processing fee" → "building consent processing fee" (an acronym stays). */
const inSentence = (name: string): string =>
  /^[A-Z][a-z]/.test(name) ? name[0]!.toLowerCase() + name.slice(1) : name;

const points = (n: number) => `${n} ${n === 1 ? 'point' : 'points'}`;

/** A due date as the applicant reads it: "19 Dec", with the year when it is not this year. */
function dueDay(due: string, now: Date): string {
  const thisYear = nzWallClock(now)?.year;
  return formatNzDate(due, nzWallClock(due)?.year === thisYear ? 'd MMM' : 'd MMM yyyy');
}

function payStep(
  app: NextStepsFacts['application'],
  p: NonNullable<NextStepsFacts['payments']>[number],
  now: Date,
): NextStep {
  const amount = formatNzd(toCents(p.baseAmount) ?? Math.round(p.baseAmount * 100));
  const what = `Pay ${amount} ${inSentence(p.description)}`;
  const overdue = !!p.dueDate && (nzCalendarDay(p.dueDate) ?? '') < nzCalendarDay(now)!;
  const text = !p.dueDate
    ? what
    : overdue
      ? `${what}: it was due on ${dueDay(p.dueDate, now)}`
      : `${what} by ${dueDay(p.dueDate, now)}`;
  return {
    kind: 'pay',
    key: `pay-${p.id}`,
    text,
    action: 'Pay now',
    href: `${appPath(app.id)}/payment-details/${encodeURIComponent(p.id)}`,
    overdue,
  };
}

function rfiStep(app: NextStepsFacts['application'], rfiPoints: readonly RfiPointFacts[]): NextStep[] {
  const open = rfiPoints.filter((p) => isOpenState(rfiPointState(p)));
  if (open.length === 0) return [];
  const council = app.authorityDisplayName?.trim() || 'the council';
  const href = applicationDetailsPath(app.id, 'RFIs');
  const base = { key: 'rfis', href, count: open.length };
  // Every open point answered: what is left is to send them (the round is sent as a whole).
  if (open.every(hasResponse))
    return [
      {
        ...base,
        kind: 'submitRfis',
        text: `Send your ${open.length === 1 ? 'answer' : 'answers'} to ${points(open.length)} from ${council}`,
        action: 'Review and send',
      },
    ];
  return [
    {
      ...base,
      kind: 'answerRfis',
      text: `Answer ${points(open.length)} from ${council}`,
      action: 'Answer the points',
    },
  ];
}

/**
 * A replacement for each upload the council rejected and nothing has answered yet
 * (`rejectedUploadsToReplace`): "Replace "plans.pdf" in Revised plans: Wellington City Council
 * rejected it" → Upload a replacement (the Documents section, where the reason is).
 */
function replaceSteps(
  app: NextStepsFacts['application'],
  groups: readonly RequiredDocumentGroupDto[],
): NextStep[] {
  const council = app.authorityDisplayName?.trim() || 'the council';
  return groups.flatMap((g) =>
    rejectedUploadsToReplace(g).map((u): NextStep => ({
      kind: 'replaceDocument',
      key: `replace-${g.guid}-${u.applicationDocumentId}`,
      text: `Replace "${u.fileName}" in ${g.name}: ${council} rejected it`,
      action: 'Upload a replacement',
      href: `${appPath(app.id)}?section=Documents`,
    })),
  );
}

/**
 * The applicant's to-do items, most pressing first: the RFI answers (the council's clock waits on
 * them), then each rejected document to replace, then each invoice awaiting payment in the
 * council's order; a draft asks to be finished.
 * A deposit claim the council is checking and a paid invoice ask nothing.
 */
export function nextSteps(facts: NextStepsFacts, now: Date = new Date()): NextStep[] {
  const app = facts.application;
  if (app.status === 'Draft')
    return [
      {
        kind: 'finishDraft',
        key: 'draft',
        text: 'Finish your application and send it to the council',
        action: 'Continue your application',
        href: `/application-form/${encodeURIComponent(app.id)}`,
      },
    ];
  return [
    ...rfiStep(app, facts.rfiPoints ?? []),
    ...replaceSteps(app, facts.documentGroups ?? []),
    ...(facts.payments ?? []).filter((p) => isOutstanding(p.status)).map((p) => payStep(app, p, now)),
  ];
}

/**
 * The counts on the application's tabs that need attention: open RFI points, invoices to pay,
 * rejected documents to replace.
 */
export function tabAttention(steps: readonly NextStep[]): {
  RFIs: number;
  Payments: number;
  Documents: number;
} {
  return {
    RFIs: steps.reduce((n, s) => (s.kind === 'answerRfis' || s.kind === 'submitRfis' ? n + s.count : n), 0),
    Payments: steps.filter((s) => s.kind === 'pay').length,
    Documents: steps.filter((s) => s.kind === 'replaceDocument').length,
  };
}
