/**
 * A council's day at scale (`npm run bench -- council`, docs/performance.md "Council API"):
 * lodged applications across six authorities written straight to DynamoDB Local (the application,
 * its owner's access row and participant, the authority's lodgement index item) and one authority's
 * feed of events, then through the council API with that authority's client credentials: its list
 * pages and reads, writes as a council makes them in a day (accept, stages, RFI rounds, invoices,
 * grants) at 1 and 8 concurrent, its whole feed read from the start, and webhook delivery latency
 * (the event's commit → the council's receiver on 127.0.0.1) while the writes run. Next to each read,
 * the same work in-process against DynamoDB (the ratio shows what the API adds), and the list pages
 * through the council function's handler called in-process (what the function adds, without the
 * stand-ins' HTTP hops and JWT check).
 *
 * Sizes (env): COUNCIL_BENCH_APPLICATIONS (10,000), COUNCIL_BENCH_FEED_EVENTS (10,000),
 * COUNCIL_BENCH_WRITES (1,000 per concurrency level). COUNCIL_BENCH_ONLY=reads stops after the reads
 * (no feed, writes or webhooks).
 */
import { randomUUID } from 'node:crypto';
import type { BenchHelpers } from './applications';
import { batchWrite, prng, reference } from './applications';
import { percentile } from './stats';

type BenchStack = Awaited<ReturnType<typeof import('../../infra/local/index').startLocalStack>>;

const APPLICATIONS = Number(process.env.COUNCIL_BENCH_APPLICATIONS) || 10_000;
const FEED_EVENTS = Number(process.env.COUNCIL_BENCH_FEED_EVENTS) || 10_000;
const WRITES = Number(process.env.COUNCIL_BENCH_WRITES) || 1_000;
const READS_ONLY = process.env.COUNCIL_BENCH_ONLY === 'reads';
/** The authority measured (40 % of the lodgements) and the five others (the rest, in turn). */
const MEASURED = 'wcc';
const OTHERS = ['akl', 'ccc', 'hcc', 'tcc', 'demo-ibca'] as const;
const DAY = 86_400_000;

const ms = (n: number) => n.toFixed(1);

interface Seeded {
  items: Record<string, unknown>[];
  /** The measured authority's application ids by status. */
  byStatus: Map<string, string[]>;
  lodged: number;
}

/** Every item of the seed, built with the entities the features write them with. */
export async function seedItems(owner: { userId: string; email: string }): Promise<Seeded> {
  const { entities } = await import('../../functions/platform/data/service');
  const { listRowFields } = await import('../../functions/applications/model/list-row');
  const { authorities, forms } = reference();
  const authorityName = new Map(authorities.map((a) => [a.id, a.displayName]));
  const form = forms.find((f) => f.category === 'Standalone') ?? forms[0]!;
  const r = prng(20261129);
  const items: Record<string, unknown>[] = [];
  const byStatus = new Map<string, string[]>();
  const start = Date.parse('2026-01-05T00:00:00.000Z');
  for (let i = 0; i < APPLICATIONS; i++) {
    const applicationId = String(7_000_001 + i);
    const authorityId = i < APPLICATIONS * 0.4 ? MEASURED : OTHERS[i % OTHERS.length]!;
    const status = r.weighted([
      ['Submitted', 30],
      ['InProgress', 45],
      ['VRFISuspended', 8],
      ['Completed', 12],
      ['Refused', 5],
    ] as const);
    if (authorityId === MEASURED) byStatus.set(status, [...(byStatus.get(status) ?? []), applicationId]);
    const lodged = new Date(start + Math.floor((i / APPLICATIONS) * 300 * DAY) + Math.floor(r.next() * DAY));
    const year = lodged.getUTCFullYear();
    const consent =
      status === 'Completed' ? { consentNumber: `BC-${year}-${String(i).padStart(5, '0')}` } : {};
    const application = {
      applicationId,
      recordType: status === 'Completed' ? ('Consent' as const) : ('Draft' as const),
      status,
      authorityId,
      jurisdictionId: 'nz',
      formId: form.id,
      applicationType: form.category as 'Standalone',
      userId: owner.userId,
      etag: `etag-${applicationId}`,
      startedDate: new Date(lodged.getTime() - 20 * DAY).toISOString(),
      modifiedDate: lodged.toISOString(),
      lodgementDate: lodged.toISOString(),
      submissionDate: lodged.toISOString(),
      applicationNumber: `BLD-${year}-${String(i + 1).padStart(5, '0')}`,
      address: { fullAddress: `${1 + (i % 300)} Bench Street, Wellington` },
      ...consent,
    };
    items.push(entities.application.put(application).params<{ Item: Record<string, unknown> }>().Item);
    items.push(
      entities.applicationAccess
        .put({
          ...listRowFields(application, {
            formDisplayName: form.displayName,
            formCategory: form.category,
            authorityDisplayName: authorityName.get(authorityId) ?? authorityId,
          }),
          applicationId,
          userId: owner.userId,
          accessLevel: 'Manage',
          isOwner: true,
          visibility: 'visible',
        })
        .params<{ Item: Record<string, unknown> }>().Item,
    );
    items.push(
      entities.participant
        .put({
          applicationId,
          participantId: `owner-${applicationId}`,
          loginUserId: owner.userId,
          firstName: 'Bench',
          lastName: 'Owner',
          email: owner.email,
          participantTypes: ['Applicant'],
          accessLevel: 'Manage',
          primaryContact: true,
          modifiedDate: lodged.toISOString(),
        })
        .params<{ Item: Record<string, unknown> }>().Item,
    );
    items.push(
      entities.councilLodgement
        .put({ authorityId, submissionDate: lodged.toISOString(), applicationId, status })
        .params<{ Item: Record<string, unknown> }>().Item,
    );
  }
  // The measured authority's feed: FEED_EVENTS entries over the year, oldest first.
  const measured = [...byStatus.values()].flat();
  const types = ['ApplicationSubmitted', 'RfiRoundSubmitted', 'PaymentReceived', 'DepositClaimed'] as const;
  const feedStart = Date.parse('2026-01-05T00:00:00.000Z');
  for (let i = 0; i < FEED_EVENTS; i++) {
    const occurredAt = new Date(feedStart + Math.floor((i / FEED_EVENTS) * 300 * DAY)).toISOString();
    items.push(
      entities.councilFeedEntry
        .put({
          authorityId: MEASURED,
          occurredAt,
          eventId: randomUUID(),
          type: types[i % types.length]!,
          applicationId: measured[i % measured.length]!,
          ttl: Math.floor(Date.now() / 1000) + 400 * 86_400,
        })
        .params<{ Item: Record<string, unknown> }>().Item,
    );
  }
  return { items, byStatus, lodged: APPLICATIONS };
}

/** Runs `task` over `inputs` with `concurrency` in flight; each call's time and failures. */
async function timed<T>(inputs: readonly T[], concurrency: number, task: (input: T) => Promise<unknown>) {
  const times: number[] = [];
  const failures = new Map<string, number>();
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < inputs.length) {
        const input = inputs[next++]!;
        const t = performance.now();
        try {
          await task(input);
          times.push(performance.now() - t);
        } catch (err) {
          const key = (err as Error).message.slice(0, 120);
          failures.set(key, (failures.get(key) ?? 0) + 1);
        }
      }
    }),
  );
  return { times: times.sort((a, b) => a - b), failures, seconds: (performance.now() - t0) / 1000 };
}

export async function councilBench(stack: BenchStack, h: BenchHelpers): Promise<void> {
  const { signIn } = await import('../support/cognito');
  const { councilCredentials, councilToken } = await import('../support/council');
  const { councilApiClient } = await import('../../infra/council/client');
  const { startWebhookReceiver } = await import('../../infra/council/webhook-receiver');
  const o = stack.outputs;
  const demo = o.DemoUsers[0]!;
  const tokens = await signIn(demo.email, demo.password, o as never);
  const userId = (
    JSON.parse(Buffer.from(tokens.IdToken.split('.')[1]!, 'base64url').toString('utf8')) as { sub: string }
  ).sub;

  const t0 = performance.now();
  const seed = await seedItems({ userId, email: demo.email });
  const calls = await batchWrite(seed.items);
  console.log(
    `\nA council's day: ${seed.lodged.toLocaleString('en-NZ')} lodged applications across 6 authorities ` +
      `(${[...seed.byStatus.values()].flat().length.toLocaleString('en-NZ')} at ${MEASURED}) and ` +
      `${FEED_EVENTS.toLocaleString('en-NZ')} feed events of ${MEASURED}: ${seed.items.length.toLocaleString('en-NZ')} items ` +
      `written in ${((performance.now() - t0) / 1000).toFixed(1)} s (${calls} BatchWrite calls)`,
  );

  // The seed's items are on the table's stream too: the local poller reads every one of them (and
  // lets none through its filters). Measured before it has, the first rows paid for that reading.
  {
    const t = performance.now();
    await stack.streams?.drain({ timeoutMs: 600_000 });
    console.log(`The stream poller read past the seed in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  }

  const creds = councilCredentials(MEASURED, o as never);
  const council = councilApiClient(creds);
  const auth = { authorization: `Bearer ${await councilToken(MEASURED, undefined, o as never)}` };
  const base = creds.apiUrl.replace(/\/$/, '');

  // Reads: list pages (first, deep, by status), one application, its participants and documents.
  const sample = seed.byStatus.get('InProgress')![0]!;
  let deepCursor: string | undefined;
  for (let page = 0, after: string | undefined; page < 10; page++) {
    const res = await fetch(`${base}/council/applications?pageSize=50${after ? `&cursor=${after}` : ''}`, {
      headers: auth,
    });
    after = ((await res.json()) as { nextCursor?: string }).nextCursor;
    if (page === 9) deepCursor = after;
  }
  const reads = [
    { name: 'GET /council/applications (page 1 of 50)', qs: '?pageSize=50' },
    { name: '  … page 11 (cursor)', qs: `?pageSize=50&cursor=${deepCursor ?? ''}` },
    { name: '  … status=InProgress', qs: '?pageSize=50&status=InProgress' },
    { name: '  … status=Refused (5 %)', qs: '?pageSize=50&status=Refused' },
  ];
  // Both JITs (Node's and DynamoDB Local's java) warm on every read before any row is measured: the
  // first row measured paid for their compiling (page 1 read ≈ 10 ms of CPU a request more than
  // page 11 while the two cost the same in-process).
  for (let round = 0; round < 3; round++)
    for (const qs of [...reads.map((r) => r.qs)])
      for (let i = 0; i < 20; i++)
        await (await fetch(`${base}/council/applications${qs}`, { headers: auth })).arrayBuffer();
  const latency = await h.latencyRows([
    ...reads.map((l) => ({
      name: l.name,
      url: `${base}/council/applications${l.qs}`,
      headers: auth,
      n: 200,
      concurrency: [1, 8],
    })),
    {
      name: 'GET /council/applications/{id}',
      url: `${base}/council/applications/${sample}`,
      headers: auth,
      n: 200,
      concurrency: [1, 8],
    },
    {
      name: 'GET …/{id}/participants',
      url: `${base}/council/applications/${sample}/participants`,
      headers: auth,
      n: 200,
      concurrency: [1, 8],
    },
  ]);
  console.log(`\nCouncil reads through the local API (127.0.0.1, DynamoDB Local; ${MEASURED}'s client)`);
  h.table(latency);

  // The same list work in-process: the lodgement index query and the batch get of the page.
  const { lodgementsOf, applicationsByIds } = await import('../../functions/council/repository/lodgements');
  const raw = [
    { name: 'page 1 of 50', statuses: undefined },
    { name: 'status=InProgress', statuses: ['InProgress'] },
    { name: 'status=Refused (5 %)', statuses: ['Refused'] },
  ];
  const rawRows = [['in-process (index query + batch get)', 'p50 ms', 'p99 ms', 'node CPU', 'java CPU']];
  for (const q of raw) {
    const times: number[] = [];
    const cpu0 = h.cpuNow();
    for (let i = 0; i < 60; i++) {
      const t = performance.now();
      const { lodgements } = await lodgementsOf(MEASURED, { statuses: q.statuses, limit: 50 });
      await applicationsByIds(lodgements.map((l) => l.applicationId));
      times.push(performance.now() - t);
    }
    const cpu1 = h.cpuNow();
    times.sort((a, b) => a - b);
    rawRows.push([
      q.name,
      ms(percentile(times, 50)),
      ms(percentile(times, 99)),
      ms((cpu1.node - cpu0.node) / times.length),
      ms((cpu1.java - cpu0.java) / times.length),
    ]);
  }
  console.log('\nWhat each list costs without the API');
  h.table(rawRows);

  // The same pages through the council Lambda's handler, called in-process with the event the
  // gateway would build: what the function adds (access check, parsing, the summaries, the answer)
  // without the stand-ins' HTTP hops and JWT check (API Gateway's on AWS).
  {
    const { handler } = await import('../../functions/council/handler');
    const { buildEvent } = await import('../../infra/local/gateway');
    const { lambdaContext } = await import('../../infra/local/handlers');
    const { flatClaims } = await import('../../infra/local/council-authorizer');
    const { LOCAL_ORIGIN_SECRET } = await import('../../infra/local/edge');
    const { ORIGIN_VERIFY_HEADER } = await import('../../functions/platform/http/edge');
    const token = auth.authorization.slice('Bearer '.length);
    const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<
      string,
      unknown
    >;
    const claims = flatClaims(payload);
    const req = {
      headers: { [ORIGIN_VERIFY_HEADER]: LOCAL_ORIGIN_SECRET, authorization: auth.authorization },
      method: 'GET',
      httpVersion: '1.1',
      socket: { remoteAddress: '127.0.0.1' },
    } as unknown as import('node:http').IncomingMessage;
    const handlerRows = [['through the handler, in-process', 'p50 ms', 'p99 ms', 'node CPU', 'java CPU']];
    for (const q of [
      { name: 'page 1 of 50', qs: 'pageSize=50' },
      { name: 'status=InProgress', qs: 'pageSize=50&status=InProgress' },
      { name: 'status=Refused (5 %)', qs: 'pageSize=50&status=Refused' },
    ]) {
      const call = async () => {
        const event = buildEvent({
          req,
          body: Buffer.alloc(0),
          rawPath: '/council/applications',
          rawQueryString: q.qs,
          routeKey: 'GET /council/applications',
          claims,
          scopes: String(claims.scope ?? '').split(' '),
        });
        const res = (await handler(event as never, lambdaContext('bench', randomUUID()) as never)) as {
          statusCode?: number;
        };
        if (res.statusCode !== 200) throw new Error(`${q.name} through the handler: ${res.statusCode}`);
      };
      for (let i = 0; i < 10; i++) await call(); // warm-up
      const times: number[] = [];
      const cpu0 = h.cpuNow();
      for (let i = 0; i < 100; i++) {
        const t = performance.now();
        await call();
        times.push(performance.now() - t);
      }
      const cpu1 = h.cpuNow();
      times.sort((a, b) => a - b);
      handlerRows.push([
        q.name,
        ms(percentile(times, 50)),
        ms(percentile(times, 99)),
        ms((cpu1.node - cpu0.node) / times.length),
        ms((cpu1.java - cpu0.java) / times.length),
      ]);
    }
    console.log('\nWhat the council function adds (its handler called in-process, no HTTP or JWT check)');
    h.table(handlerRows);
  }
  if (READS_ONLY) return;

  // The whole feed from the start, as a council catching up reads it.
  {
    const t = performance.now();
    let after = '';
    let events = 0;
    let pages = 0;
    for (;;) {
      const page = await council.events({ after, limit: 100 });
      pages++;
      events += page.events.length;
      if (page.events.length === 0 || page.cursor === after) break;
      after = page.cursor;
    }
    console.log(
      `\nThe feed from the start: ${events.toLocaleString('en-NZ')} events in ${pages} pages, ` +
        `${((performance.now() - t) / 1000).toFixed(1)} s`,
    );
  }

  // Writes with a webhook registered. The council's own writes are not sent back to it; what a
  // council hears of is the applicants' side, so while the second round of writes runs the owner
  // claims a deposit on each invoice of the first round (DepositClaimed → the webhook), and each
  // delivery's latency is its event's commit (occurredAt) → the receiver.
  const deliveries: number[] = [];
  const receiver = await startWebhookReceiver({
    onRequest: (req) => {
      const event = req.event as { occurredAt?: string } | undefined;
      if (req.status < 300 && event?.occurredAt) deliveries.push(Date.now() - Date.parse(event.occurredAt));
    },
  });
  const registered = await council.registerWebhook({ url: receiver.url });
  receiver.setSecrets([registered.signingSecret!]);

  const pools = {
    submitted: [...(seed.byStatus.get('Submitted') ?? [])],
    inProgress: [...(seed.byStatus.get('InProgress') ?? [])],
  };
  const take = (pool: string[], n: number) => pool.splice(0, n);
  const stage = () => ({
    workflowStages: [
      {
        stageDisplayName: 'Assessment',
        stageName: 'Assessment' as const,
        stageStatus: 'Started' as const,
        stageType: 'Steps' as const,
        items: [{ date: new Date().toISOString(), status: 'Started' as const, displayName: 'Assessment' }],
      },
    ],
  });
  const rfi = {
    type: 'Consent' as const,
    team: 'Building',
    points: [
      {
        title: 'Bracing calculations',
        requestDetails: 'Please provide bracing calculations.',
        location: 'Dwelling',
        building: 'Building 1',
        requestPerson: { name: 'Tui Ranginui', email: 'tui.ranginui@wcc.govt.nz', phone: '04 499 4444' },
      },
    ],
  };
  const invoices: { id: string; paymentId: string }[] = [];
  const rows = [['writes', 'concurrency', 'n', 'p50 ms', 'p99 ms', 'per s', 'failed']];
  const failed = new Map<string, number>();
  const row = (name: string, concurrency: number, r: Awaited<ReturnType<typeof timed>>) => {
    for (const [k, v] of r.failures) failed.set(`${name}: ${k}`, (failed.get(`${name}: ${k}`) ?? 0) + v);
    rows.push([
      name,
      String(concurrency),
      String(r.times.length),
      ms(percentile(r.times, 50)),
      ms(percentile(r.times, 99)),
      (r.times.length / r.seconds).toFixed(1),
      String([...r.failures.values()].reduce((a, b) => a + b, 0)),
    ]);
  };
  const claimAuth = { authorization: `Bearer ${tokens.IdToken}`, 'content-type': 'application/json' };
  const claim = async ({ id, paymentId }: { id: string; paymentId: string }) => {
    const res = await fetch(`${o.ApiUrl}/user/applications/${id}/payments/${paymentId}`, {
      method: 'PATCH',
      headers: claimAuth,
      body: JSON.stringify({
        paymentMethod: 'Deposit',
        transactionDate: new Date().toISOString().slice(0, 10),
      }),
    });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`deposit claim: ${res.status}`);
  };
  let claimed = 0;
  for (const concurrency of [1, 8]) {
    const per = Math.floor(WRITES / 5);
    const writes: { kind: string; run: () => Promise<unknown> }[] = [
      ...take(pools.submitted, per).map((id) => ({ kind: 'accept', run: () => council.acceptLodgement(id) })),
      ...take(pools.inProgress, per).map((id) => ({
        kind: 'stages',
        run: () => council.workflowStages(id, stage()),
      })),
      ...take(pools.inProgress, per).map((id) => ({
        kind: 'RFI round',
        run: () => council.raiseRfiRound(id, rfi),
      })),
      ...take(pools.inProgress, per).map((id) => ({
        kind: 'invoice',
        run: async () => {
          const payment = await council.issueInvoice(id, {
            description: 'Building consent fee',
            baseAmount: 1250,
          });
          invoices.push({ id, paymentId: payment.id });
        },
      })),
      ...take(pools.inProgress, per).map((id) => ({
        kind: 'grant',
        run: () => council.grant(id, `WCC-BC-${id}`),
      })),
    ];
    // Interleaved, as a council's day mixes them.
    const mixed = writes
      .map((w, i) => ({ w, k: (i % per) * 5 + Math.floor(i / per) }))
      .sort((a, b) => a.k - b.k);
    const claims = concurrency > 1 ? invoices.splice(0) : [];
    const [written, applicants] = await Promise.all([
      timed(mixed, concurrency, ({ w }) => w.run()),
      timed(claims, 2, claim),
    ]);
    row('accept, stages, RFI, invoice, grant (mixed)', concurrency, written);
    if (claims.length) {
      row('  … meanwhile the applicant claims deposits', 2, applicants);
      claimed += applicants.times.length;
    }
  }
  console.log(`\nCouncil writes through the local API (${MEASURED}'s client, a webhook registered)`);
  h.table(rows);
  for (const [k, v] of failed) console.log(`  failed ×${v}: ${k}`);

  // Webhooks: wait (bounded) for the claims' deliveries to arrive.
  const until = Date.now() + 120_000;
  while (deliveries.length < claimed && Date.now() < until) await new Promise((r) => setTimeout(r, 250));
  const sorted = [...deliveries].sort((a, b) => a - b);
  console.log(
    `\nWebhook delivery under that load (DepositClaimed: its commit → the receiver on 127.0.0.1): ` +
      `${sorted.length} of ${claimed}` +
      (sorted.length
        ? `; p50 ${ms(percentile(sorted, 50))} ms, p99 ${ms(percentile(sorted, 99))} ms, max ${ms(sorted[sorted.length - 1]!)} ms`
        : ''),
  );
  await council.removeWebhook();
  await receiver.close();
}
