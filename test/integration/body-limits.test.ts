/**
 * docs/security.md against the local stack: a 1 MB adversarial body to the step route is refused with
 * 413 before anything parses it, and a body just under the route's cap full of adversarial strings
 * is answered (200 or 400), never left to run into the Lambda timeout. Each test's own timeout (5 s)
 * is the bound; the sanitiser before the fix needed minutes for such strings.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, test } from 'vitest';
import { readOutputs } from '../support/outputs';
import { signIn } from '../support/cognito';
import { localRepositories } from '../support/accounts';
import { STEP_BODY_MAX_BYTES, stepDataLimits } from '../../shared/schemas/step-data';

const o = readOutputs();
const BOUND = 5_000;
const MB = 1024 * 1024;

const subOf = (idToken: string): string =>
  (JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString('utf8')) as { sub: string }).sub;

let token: string;
let appId: string;

const fill = (unit: string, length: number) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
const shapes = ['<!', '<a', '<script', 'java\tscript', `<a x='<b "`, 'j&#0000000', ' onclick', '<scr'];

/** POST a raw body to a step; the status, the parsed error body and how long it took. */
async function postStep(body: string, stepId = 'bc-project') {
  const started = performance.now();
  const res = await fetch(`${o.ApiUrl}/user/applications/${appId}/steps/${stepId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body,
  });
  const text = await res.text();
  const ms = Math.round(performance.now() - started);
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined, ms };
}

beforeAll(async () => {
  const [a] = o.DemoUsers;
  if (!a) throw new Error('a demo user is needed');
  token = (await signIn(a.email, a.password, o)).IdToken;
  await localRepositories(o);
  const applications = await import('../../functions/applications/repository/applications.js');
  appId = await applications.nextApplicationId();
  const now = new Date().toISOString();
  await applications.createApplication({
    application: {
      applicationId: appId,
      applicationNumber: await applications.nextApplicationNumber('AKL', 'akl'),
      recordType: 'Draft',
      applicationType: 'Standalone',
      authorityId: 'akl',
      jurisdictionId: 'nz',
      formId: 'bc',
      status: 'Draft',
      userId: subOf(token),
      etag: randomUUID(),
      address: { fullAddress: '1 Body Limit Road, Auckland', city: 'Auckland' },
      startedDate: now,
      modifiedDate: now,
      isHidden: false,
      hasOutstandingPayments: false,
      hasOutstandingRFIs: false,
    },
    participants: [],
    accessRows: [{ userId: subOf(token), accessLevel: 'Manage', isOwner: true }],
  });
});

describe('request body caps on the step route', () => {
  test(
    'a 1 MB adversarial JSON body → 413 with the one error body',
    async () => {
      const body = JSON.stringify({ data: { buildingWorkDescription: fill('<!', MB) } });
      const res = await postStep(body);
      console.log(`1 MB JSON body: ${res.status} in ${res.ms} ms`);
      expect(res.status).toBe(413);
      expect(res.body).toEqual({
        code: 'ClientError',
        message: 'Request body is too large',
        details: [{ field: 'body', reason: `Must be at most ${STEP_BODY_MAX_BYTES} bytes` }],
      });
    },
    BOUND,
  );

  test(
    'a 1 MB body that is not even JSON → 413 (never parsed)',
    async () => {
      const res = await postStep(fill('<a "', MB));
      expect(res.status).toBe(413);
    },
    BOUND,
  );

  test(
    'just under the cap, one adversarial string per shape → 400 naming the field',
    async () => {
      for (const unit of shapes) {
        const envelope = JSON.stringify({ data: { buildingWorkDescription: '' } });
        // Characters JSON escapes (a tab) take two: fill so that the body stays under the cap.
        const perChar = (JSON.stringify(unit).length - 2) / unit.length;
        const length = Math.floor((STEP_BODY_MAX_BYTES - envelope.length - 512) / perChar);
        const body = JSON.stringify({ data: { buildingWorkDescription: fill(unit, length) } });
        expect(Buffer.byteLength(body)).toBeLessThan(STEP_BODY_MAX_BYTES);
        const res = await postStep(body);
        console.log(`${JSON.stringify(unit)} ${Buffer.byteLength(body)} B: ${res.status} in ${res.ms} ms`);
        expect(res.status).toBe(400);
        expect(res.body?.details).toEqual([
          {
            field: 'body.data.buildingWorkDescription',
            reason: `Must be at most ${stepDataLimits.maxStringLength} characters`,
          },
        ]);
      }
    },
    BOUND * 2,
  );

  test(
    'within every limit, adversarial strings filling the data → sanitised and saved (200)',
    async () => {
      const data: Record<string, string> = {};
      let i = 0;
      // Room for one more string (twice its length: JSON escapes a tab) and the last one below.
      const room = stepDataLimits.maxBytes - 4 * stepDataLimits.maxStringLength;
      while (JSON.stringify(data).length < room) {
        data[`field${i}`] = fill(shapes[i % shapes.length]!, stepDataLimits.maxStringLength);
        i++;
      }
      data.buildingWorkDescription = fill(
        '<scr<script>ipt>alert(1)</script>',
        stepDataLimits.maxStringLength,
      );
      const res = await postStep(JSON.stringify({ data }));
      console.log(
        `${i + 1} adversarial strings, ${JSON.stringify(data).length} B: ${res.status} in ${res.ms} ms`,
      );
      expect(res.status, JSON.stringify(res.body?.details)).toBe(200);
      const saved = (res.body?.data ?? {}) as Record<string, unknown>;
      expect(JSON.stringify(saved)).not.toMatch(/<script|javascript:|onclick\s*=/i);
    },
    BOUND,
  );
});
