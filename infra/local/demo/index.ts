/**
 * The demo a fresh `npm start` opens on (docs/demo.md): the demo applicant's
 * applications at every point of the lifecycle, made only through public interfaces — the demo
 * users signed in through Cognito calling the HTTP API, and the council's side through the council
 * API with the council's own hand-over credentials (infra/council/client.ts). No table row is
 * written here. Run by bin/local.ts once per data directory (the marker `demo-seeded.json`).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { councilApiClient, type CouncilCredentials } from '../../council/client.js';
import {
  applyAutoStep,
  authorityWebsite,
  autoConsentNumber,
  autoRfiRound,
  nextAutoStep,
} from '../../council/auto.js';
import { nzCalendarDay } from '../../../shared/domain/dates.js';
import { addDays } from '../../../shared/domain/working-days.js';
import { autoInvoice } from '../../council/auto-payments.js';
import { withStage } from '../../council/commands/values.js';
import type { CouncilApplication } from '../../../shared/schemas/council.js';
import {
  DEMO_APPLICATIONS,
  DEMO_AUTHORITY,
  DEMO_PROCESSING_FEE,
  projectSteps,
  type DemoApp,
} from './plan.js';
import {
  addParticipant,
  answerRfiPoint,
  answerStep,
  childApplication,
  createDraft,
  documentsScanned,
  signedIn,
  submit,
  uploadDocument,
  type DemoPortalUser,
  type PortalOutputs,
} from './portal.js';

export const DEMO_MARKER = 'demo-seeded.json';

export interface DemoOutputs extends PortalOutputs {
  CouncilCredentialsDir: string;
  DemoUsers: { email: string; password: string }[];
}

export interface SeedDemoOptions {
  outputs: DemoOutputs;
  /** The stack's data directory: the marker is read and written there. */
  dataDir: string;
  log?: (line: string) => void;
}

export interface SeedDemoResult {
  /** False when the marker says this data directory was seeded already (nothing done). */
  seeded: boolean;
  ms: number;
  applications: { name: string; id: string }[];
}

/** Seeds the demo unless the data directory's marker says it is there. */
export async function seedDemo(opts: SeedDemoOptions): Promise<SeedDemoResult> {
  const started = Date.now();
  const marker = path.join(opts.dataDir, DEMO_MARKER);
  if (existsSync(marker)) return { seeded: false, ms: 0, applications: [] };
  const o = opts.outputs;
  const [applicantCreds, agentCreds] = o.DemoUsers;
  if (!applicantCreds || !agentCreds) throw new Error('demo: the stack has no demo users');
  const applicant = await signedIn(o, applicantCreds.email, applicantCreds.password);
  const council = councilApiClient(
    JSON.parse(
      readFileSync(path.join(o.CouncilCredentialsDir, `${DEMO_AUTHORITY}.json`), 'utf8'),
    ) as CouncilCredentials,
  );
  const made: { name: string; id: string }[] = [];
  const ids = new Map<string, string>();
  // Independent applications in parallel (the scan is the slow part), the amendment after its consent.
  await Promise.all(
    DEMO_APPLICATIONS.filter((a) => !a.amendmentOf).map(async (a) => {
      ids.set(a.name, await seedOne(applicant, agentCreds.email, council, a));
    }),
  );
  for (const a of DEMO_APPLICATIONS.filter((x) => x.amendmentOf)) {
    const parent = ids.get(a.amendmentOf!)!;
    const id = await childApplication(applicant, parent, 'amendment');
    ids.set(a.name, id);
  }
  for (const a of DEMO_APPLICATIONS) made.push({ name: a.name, id: ids.get(a.name)! });
  const ms = Date.now() - started;
  writeFileSync(
    marker,
    JSON.stringify({ seededAt: new Date().toISOString(), ms, applications: made }, null, 2),
  );
  opts.log?.(`demo seeded: ${made.length} applications in ${(ms / 1000).toFixed(1)} s`);
  return { seeded: true, ms, applications: made };
}

async function seedOne(
  applicant: DemoPortalUser,
  agentEmail: string,
  council: ReturnType<typeof councilApiClient>,
  a: DemoApp,
): Promise<string> {
  const id = await createDraft(applicant, DEMO_AUTHORITY, a.address);
  const steps =
    a.stage === 'started' ? [] : a.stage === 'halfway' ? projectSteps(a).slice(0, 1) : projectSteps(a);
  for (const [stepId, data] of steps) await answerStep(applicant, id, stepId, data);
  if (a.agent)
    await addParticipant(applicant, id, {
      firstName: 'Tom',
      lastName: 'Whitfield',
      email: agentEmail,
      organisation: 'Whitfield Design',
      // As the designer at Edit: the agent type asks Manage (shared/reference/participant-types.json).
      participantTypes: ['designer'],
      accessLevel: 'Edit',
    });
  if (a.stage === 'started' || a.stage === 'halfway') return id;
  await addParticipant(applicant, id, {
    firstName: 'Mere',
    lastName: 'Ngata',
    organisation: 'Harbour Architecture Ltd',
    email: 'mere@harbour-architecture.example.nz',
    participantTypes: ['designer'],
    accessLevel: 'None',
  });
  for (const [container, file] of [
    ['plans', 'Architectural plans.pdf'],
    ['specifications', 'Specification.pdf'],
    ['proof-of-ownership', 'Record of title.pdf'],
  ] as const)
    await uploadDocument(
      applicant,
      id,
      container,
      file,
      `${file.replace('.pdf', '')}: ${a.address.address1}`,
    );
  await documentsScanned(applicant, id);
  await submit(applicant, id);
  if (a.stage === 'submitted') return id;
  await councilMoves(council, id, a);
  if (a.stage === 'rfi') {
    // The council raises a Consent round; the applicant has answered its first point only.
    const raised = await council.raiseRfiRound(id, autoRfiRound(DEMO_AUTHORITY));
    await answerRfiPoint(
      applicant,
      id,
      raised.rfiPoints[0]!.id,
      'Bracing calculations to NZS 3604:2011 attached: demand and achieved bracing units per line, ' +
        'with the bracing elements marked on sheet A-201.',
    );
  }
  return id;
}

/** The council's side, as the automatic council steps it (infra/council/auto.ts), with no pause. */
async function councilMoves(council: ReturnType<typeof councilApiClient>, id: string, a: DemoApp) {
  const bookingUrl = authorityWebsite(DEMO_AUTHORITY);
  const stepTo = async (until: (app: CouncilApplication) => boolean) => {
    let app = await council.application(id);
    while (!until(app)) {
      const step = nextAutoStep(app, new Date(Date.parse(app.modifiedDate) + 1), 0);
      if (!step) throw new Error(`demo: no council step for ${id} (${app.status})`);
      // Accepted without the automatic council's invoice: the demo's invoices are its own (demoInvoices).
      app =
        step.kind === 'accept'
          ? await council.acceptLodgement(id)
          : await applyAutoStep(council, app, step, bookingUrl);
    }
    return app;
  };
  if (a.stage === 'assessment' || a.stage === 'rfi') {
    // Assessment started and no further: the council's count ("(0/20 Completed)") agrees with the
    // statutory clock counted from today's acceptance (docs/demo.md: one source per fact; a
    // demo made through public interfaces is lodged today, so no working day has gone by yet).
    const assessing = await stepTo((app) =>
      app.workflowStages.some((s) => s.stageName === 'Assessment' && s.stageStatus === 'Started'),
    );
    if (a.invoices) await demoInvoices(council, assessing);
    return;
  }
  let app = await stepTo((app) =>
    app.workflowStages.some((s) => s.stageName === 'Inspections' && s.stageStatus !== 'NotStarted'),
  );
  if (!app.consentNumber) throw new Error(`demo: ${id} has no consent number (${autoConsentNumber(app)})`);
  // Inspections under way: the first two passed, with their history. Every date after the grant
  // (docs/demo.md: lodged ≤ accepted ≤ decided ≤ inspected ≤ CCC): the demo is lodged today.
  const inspections = (app.requiredInspections ?? []).map((loc) => ({
    ...loc,
    inspectionTypes: loc.inspectionTypes.map((t, i) =>
      i < 2 || a.stage === 'ccc'
        ? {
            ...t,
            status: 'Completed' as const,
            history: [{ date: nowIso(), name: `${t.name} inspection`, result: 'Pass' as const }],
          }
        : i === 2
          ? { ...t, status: 'InProgress' as const, nextBookingDate: nzCalendarDay(daysAhead(3))! }
          : t,
    ),
  }));
  app = await council.requiredInspections(id, {
    requiredInspections: inspections,
    ...(bookingUrl ? { bookingUrl } : {}),
  });
  if (a.stage !== 'ccc') return;
  const stage = app.workflowStages.find((s) => s.stageName === 'Inspections');
  if (stage)
    await council.workflowStages(id, {
      workflowStages: withStage(app.workflowStages, {
        ...stage,
        stageStatus: 'Completed',
        items: [
          ...stage.items,
          { date: nowIso(), status: 'Completed', displayName: 'Final Inspection Passed' },
        ],
      }),
    });
  const issued = await council.codeComplianceCertificate(id, {
    issuedDate: nzCalendarDay(new Date())!,
    certificateNumber: `CCC-${app.consentNumber}`,
  });
  // The certificate's stage, as a council's system shows it once the CCC is issued.
  await council.workflowStages(id, {
    workflowStages: withStage(issued.workflowStages, {
      stageDisplayName: 'Certificates',
      stageName: 'Certificates',
      stageStatus: 'Completed',
      stageType: 'Steps',
      items: [{ date: nowIso(), status: 'Completed', displayName: 'CCC Issued' }],
    }),
  });
}

/**
 * The demo's invoices (docs/demo.md, docs/payments.md), through the council client: the lodgement fee
 * paid at the council, and the processing fee awaiting payment by card or direct deposit.
 */
async function demoInvoices(council: ReturnType<typeof councilApiClient>, app: CouncilApplication) {
  const fee = await council.issueInvoice(app.id, autoInvoice(app));
  await council.paidAtCouncil(app.id, fee.paymentId, { reference: `RCPT-${app.id}` });
  const today = nzCalendarDay(new Date())!;
  await council.issueInvoice(app.id, {
    description: DEMO_PROCESSING_FEE.description,
    baseAmount: DEMO_PROCESSING_FEE.amount,
    dueDate: addDays(today, 20),
    paymentOptions: ['Gateway', 'Deposit'],
  });
}

/** The time of the council's write: each one after the last (after the grant), never in the future. */
const nowIso = () => new Date().toISOString();
const daysAhead = (n: number) => new Date(Date.now() + n * 86_400_000);
