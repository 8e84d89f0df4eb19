/**
 * One simulated applicant of the soak (docs/reliability.md "Soak"), through the real HTTP API as the
 * web calls it, with the integration tests' helpers: registered with a solved captcha and the
 * confirmation mail (test/support/accounts.ts), then, per journey, an application created, filled
 * and made submittable (test/support/submission.ts), a PDF uploaded through its presigned PUT and
 * scanned, another applicant added as a participant, the dashboard read, the application submitted;
 * once the automatic council has accepted it (and invoiced the lodgement fee), the council issues a
 * levy; the applicant pays the fee by card (odd journeys) or claims a deposit the automatic council
 * confirms (even ones); a payer is invited to pay the levy and pays it by card from the mail's link;
 * an RFI round, when the council raises one, is answered and submitted; the journey ends when the
 * consent is granted and every invoice is Paid.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { CouncilApiClient } from '../../../infra/council/client';
import type { GetApplicationResponse } from '../../../shared/schemas/applications';
import { PaymentsResponse, PaymentSessionResponse } from '../../../shared/schemas/payments';
import { RfiPointsResponse } from '../../../shared/schemas/rfis';
import { isOpenState, rfiPointState } from '../../../shared/domain/rfis';
import { nzCalendarDay } from '../../../shared/domain/dates';
import { api, registeredUser } from '../accounts';
import { minimalPdf } from '../pdf';
import type { StackOutputs } from '../outputs';
import { makeSubmittable, signatureOf } from '../submission';
import { waitFor } from '../wait';

export interface Applicant {
  index: number;
  email: string;
  password: string;
  token: string;
  sub: string;
}

/** The authorities the soak lodges with (both onboarded and taking payments) and a site in each. */
export const SOAK_SITES = {
  wcc: { city: 'Wellington', zipCode: '6011', street: 'Soak Street' },
  ccc: { city: 'Christchurch', zipCode: '8011', street: 'Soak Avenue' },
} as const;
export type SoakAuthority = keyof typeof SOAK_SITES;

/**
 * The mail outbox, each file read once: the soak waits for many mails among thousands, where
 * test/support/accounts.ts `waitForMail` (which reads every file each poll) would spend the machine.
 */
interface Mail {
  file: string;
  to: string[];
  subject: string;
  text: string;
}

export class Outbox {
  private readonly seen = new Set<string>();
  private readonly mails: Mail[] = [];
  constructor(private readonly dir: string) {}

  private refresh() {
    if (!existsSync(this.dir)) return;
    for (const f of readdirSync(this.dir)) {
      if (!f.endsWith('.json') || this.seen.has(f)) continue;
      try {
        const m = JSON.parse(readFileSync(path.join(this.dir, f), 'utf8')) as Mail;
        this.mails.push({ ...m, file: f });
        this.seen.add(f);
      } catch {
        // Being written: read next time.
      }
    }
  }

  /** Waits for a mail to `email` that `match` accepts. */
  waitFor(email: string, match: (m: { subject: string; text: string }) => boolean, timeoutMs: number) {
    const to = email.toLowerCase();
    return waitFor(
      `mail to ${email}`,
      () => {
        this.refresh();
        return this.mails.find((m) => m.to.some((t) => t.toLowerCase() === to) && match(m));
      },
      { timeoutMs, intervalMs: 500 },
    );
  }
}

export interface JourneyWorld {
  o: StackOutputs;
  /** The council API client of each authority lodged with. */
  councils: Record<SoakAuthority, CouncilApiClient>;
  outbox: Outbox;
  applicants: readonly Applicant[];
  /** Longest wait for the council at any one point (default 10 min). */
  waitMs: number;
  /** Set when the soak is over: journeys still running stop at their next wait. */
  stopping: () => boolean;
}

/** A registered, confirmed and signed-in applicant. */
export async function newApplicant(index: number, o: StackOutputs): Promise<Applicant> {
  for (let attempt = 1; ; attempt++) {
    try {
      const u = await registeredUser(`soak-${index}`, o);
      return { index, email: u.email, password: u.password, token: u.token, sub: u.sub };
    } catch (e) {
      // The captcha's solver gives up after 20 s: on a loaded machine, a new challenge (as a person
      // would press the button again). Nothing was registered.
      if (attempt >= 3 || !String(e).includes('captcha')) throw e;
    }
  }
}

/** A PDF of at least the minimum size (6000 bytes), padded after %%EOF. */
function pdfOfSize(text: string, size = 7000): Buffer {
  const pdf = minimalPdf(text);
  return Buffer.concat([pdf, Buffer.from(`%${'x'.repeat(Math.max(0, size - pdf.length - 2))}\n`, 'latin1')]);
}

class JourneyError extends Error {}

function expectStatus(what: string, res: { status: number; body: unknown }, ...ok: number[]) {
  if (!ok.includes(res.status))
    throw new JourneyError(`${what}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
  return res;
}

export interface JourneyResult {
  applicationId?: string;
  authorityId: SoakAuthority;
  ok: boolean;
  /** The step that failed and why. */
  failure?: string;
  rfiAnswered: boolean;
  cardPayments: number;
  deposits: number;
  payerPayments: number;
  uploads: number;
}

/** One application from creation to its consent with every invoice paid (the `n`-th of this applicant). */
export async function journey(world: JourneyWorld, a: Applicant, n: number): Promise<JourneyResult> {
  const { o } = world;
  const authorityId: SoakAuthority = (a.index + n) % 2 === 0 ? 'wcc' : 'ccc';
  const result: JourneyResult = {
    authorityId,
    ok: false,
    rfiAnswered: false,
    cardPayments: 0,
    deposits: 0,
    payerPayments: 0,
    uploads: 0,
  };
  const as = { token: a.token, outputs: o };
  const wait = async <T>(what: string, check: () => Promise<T | undefined | false>): Promise<T> => {
    const stop = Symbol('stop');
    const got = await waitFor(what, async () => (world.stopping() ? stop : check()), {
      timeoutMs: world.waitMs,
      intervalMs: 1000,
    }).catch((e: unknown) => {
      throw new JourneyError(e instanceof Error ? e.message : String(e));
    });
    if (got === stop) throw new JourneyError(`stopped waiting for ${what}`);
    return got as T;
  };
  let step = 'create';
  try {
    const site = SOAK_SITES[authorityId];
    const created = expectStatus(
      'create',
      await api(
        'POST',
        '/user/applications',
        {
          operationName: 'Create',
          authorityId,
          formId: 'bc',
          address: {
            address1: `${a.index * 100 + n + 1} ${site.street}`,
            city: site.city,
            zipCode: site.zipCode,
            country: 'NZ',
          },
        },
        as,
      ),
      201,
    );
    const id = (created.body as { id: string }).id;
    result.applicationId = id;
    const app = `/user/applications/${id}`;

    step = 'fill';
    await makeSubmittable(id, a.token, o);

    step = 'upload';
    const body = pdfOfSize(`Site photo ${n} of ${id}`);
    const doc = expectStatus(
      'create document',
      await api(
        'POST',
        `${app}/documents`,
        {
          fileName: `site-photo-${n}.pdf`,
          mimeType: 'application/pdf',
          size: body.length,
          containerId: 'plans',
        },
        as,
      ),
      201,
    );
    const { presignedUrl } = doc.body as { presignedUrl: string };
    const put = await fetch(presignedUrl, {
      method: 'PUT',
      body,
      headers: { 'content-type': 'application/pdf' },
    });
    await put.arrayBuffer();
    if (put.status !== 200) throw new JourneyError(`presigned PUT: ${put.status}`);
    result.uploads++;
    await wait('the scan', async () => {
      const list = expectStatus('documents', await api('GET', `${app}/documents`, undefined, as), 200)
        .body as { fileName?: string; uploadStatus: string }[];
      const d = list.find((x) => x.fileName === `site-photo-${n}.pdf`);
      return d && d.uploadStatus !== 'Pending' && d.uploadStatus !== 'Uploading';
    });

    step = 'participant';
    const other = world.applicants[(a.index + 1) % world.applicants.length]!;
    if (other !== a)
      expectStatus(
        'add participant',
        await api(
          'POST',
          `${app}/participantsV2`,
          {
            firstName: 'Soak',
            lastName: 'Builder',
            email: other.email,
            accessLevel: 'ReadOnly',
            participantTypes: ['Builder'],
          },
          as,
        ),
        201,
      );

    step = 'dashboard';
    expectStatus('list', await api('GET', '/user/applicationsV3', undefined, as), 200);
    expectStatus('badges', await api('GET', '/user/applicationsV2/badges', undefined, as), 200);

    step = 'submit';
    expectStatus(
      'submission',
      await api('POST', `${app}/submission`, { userSignature: await signatureOf(a.token, o) }, as),
      200,
    );

    step = 'accepted and invoiced';
    const payments = async () =>
      PaymentsResponse.parse(
        expectStatus('payments', await api('GET', `${app}/payments`, undefined, as), 200).body,
      );
    const [fee] = await wait('the lodgement fee', async () => {
      const list = await payments();
      return list.length > 0 && list;
    });

    step = 'levy';
    const levy = await world.councils[authorityId].issueInvoice(
      id,
      { description: 'Building levy', baseAmount: 312.6 },
      { idempotencyKey: `soak:${id}:levy` },
    );

    step = 'fee';
    if (n % 2 === 1) {
      const session = PaymentSessionResponse.parse(
        expectStatus(
          'card session',
          await api('POST', `${app}/payments/${fee!.id}/sessions`, { paymentMethod: 'Gateway' }, as),
          200,
        ).body,
      );
      await payOnGateway(session.payUrl!);
      // The payer's return asks again (what the web does on the page the gateway sends it back to).
      expectStatus(
        'card return',
        await api(
          'POST',
          `${app}/payments/${fee!.id}/sessions`,
          { paymentMethod: 'Gateway', token: session.sessionId },
          as,
        ),
        200,
      );
      result.cardPayments++;
    } else {
      expectStatus(
        'deposit claim',
        await api(
          'PATCH',
          `${app}/payments/${fee!.id}`,
          { paymentMethod: 'Deposit', transactionDate: nzCalendarDay(new Date()) },
          as,
        ),
        200,
      );
      result.deposits++;
    }

    step = 'payer';
    const payerEmail = `soak-payer-${a.index}-${n}-${id}@demo.consent.nz`;
    expectStatus(
      'invite payer',
      await api('POST', `${app}/payments/${levy.id}/requests`, { payerName: 'Pita Payer', payerEmail }, as),
      201,
    );
    // The mail goes from the event's consumer: under load, behind the stream's backlog.
    const mail = await world.outbox
      .waitFor(payerEmail, (m) => m.subject.includes('Payment requested'), world.waitMs)
      .catch((e: unknown) => {
        throw new JourneyError(e instanceof Error ? e.message : String(e));
      });
    const link = /\/pay#token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    if (!link) throw new JourneyError('payer mail: no link');
    const payer = (call: string, b: object = {}) =>
      api('POST', `/public/payment-requests/${call}`, { token: link, ...b }, { outputs: o });
    expectStatus('payer view', await payer('view'), 200);
    const payerSession = PaymentSessionResponse.parse(
      expectStatus('payer session', await payer('sessions', { paymentMethod: 'Gateway' }), 200).body,
    );
    await payOnGateway(payerSession.payUrl!);
    expectStatus(
      'payer return',
      await payer('sessions', { paymentMethod: 'Gateway', sessionId: payerSession.sessionId }),
      200,
    );
    result.payerPayments++;

    step = 'granted';
    await wait('the consent', async () => {
      const { application } = expectStatus('application', await api('GET', app, undefined, as), 200)
        .body as GetApplicationResponse;
      if (application.status === 'VRFISuspended') {
        await answerRfi(app, as);
        result.rfiAnswered = true;
        return false;
      }
      if (!application.consentNumber) return false;
      return (await payments()).every((p) => p.status === 'Paid');
    });
    result.ok = true;
  } catch (e) {
    result.failure = `${step}: ${e instanceof Error ? e.message : String(e)}`;
  }
  return result;
}

/** The payer on the card gateway's hosted page with the test card that is approved and notified. */
async function payOnGateway(payUrl: string): Promise<void> {
  const res = await fetch(payUrl, {
    method: 'POST',
    body: new URLSearchParams({ card: '4111111111111111' }),
    redirect: 'manual',
  });
  await res.arrayBuffer();
  if (res.status !== 303) throw new JourneyError(`gateway: ${res.status}`);
}

/** Answers every open point of the open rounds and submits each round. */
async function answerRfi(app: string, as: { token: string; outputs: StackOutputs }): Promise<void> {
  const { rfiPoints } = RfiPointsResponse.parse(
    expectStatus('rfi points', await api('GET', `${app}/rfi-points-v2`, undefined, as), 200).body,
  );
  const open = rfiPoints.filter((p) => isOpenState(rfiPointState(p)));
  for (const p of open)
    if (rfiPointState(p) === 'NotResponded')
      expectStatus(
        'rfi answer',
        await api('PATCH', `${app}/rfi-points-v2/${p.id}`, { responseDetails: `Answered: ${p.title}.` }, as),
        200,
      );
  const rounds = new Map(open.map((p) => [`${p.type}|${p.team}|${p.round}`, p]));
  for (const p of rounds.values())
    expectStatus(
      'rfi round submission',
      await api(
        'POST',
        `${app}/rfi-round-submissions-v3`,
        { rfiTeam: p.team, rfiRound: p.round, rfiType: p.type },
        as,
      ),
      200,
    );
}
