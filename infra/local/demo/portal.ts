/**
 * The demo seed's hands on the portal (docs/demo.md): a demo user signed in through Cognito and the
 * HTTP API called as the web app calls it. Nothing here writes to the table.
 */
import { minimalPdf } from './pdf.js';

export interface PortalOutputs {
  ApiUrl: string;
  CognitoEndpoint: string;
  UserPoolClientId: string;
}

export interface DemoPortalUser {
  email: string;
  call: (method: string, path: string, body?: unknown) => Promise<{ status: number; body: unknown }>;
}

/** Signs `email` in (USER_PASSWORD_AUTH, as the web app) and answers a caller of the API with its id token. */
export async function signedIn(o: PortalOutputs, email: string, password: string): Promise<DemoPortalUser> {
  const res = await fetch(o.CognitoEndpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
    },
    body: JSON.stringify({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: o.UserPoolClientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  });
  const json = (await res.json()) as { AuthenticationResult?: { IdToken: string } };
  const token = json.AuthenticationResult?.IdToken;
  if (!token) throw new Error(`demo: sign-in of ${email} failed (${res.status})`);
  return {
    email,
    call: async (method, path, body) => {
      const r = await fetch(`${o.ApiUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      const text = await r.text();
      return { status: r.status, body: text ? (JSON.parse(text) as unknown) : undefined };
    },
  };
}

/** A call that must answer `expected`; its body. */
export async function must<T>(
  user: DemoPortalUser,
  method: string,
  path: string,
  body?: unknown,
  expected = [200, 201],
): Promise<T> {
  const r = await user.call(method, path, body);
  if (!expected.includes(r.status))
    throw new Error(`demo: ${method} ${path} answered ${r.status} ${JSON.stringify(r.body)}`);
  return r.body as T;
}

const appPath = (id: string, rest = '') => `/user/applications/${encodeURIComponent(id)}${rest}`;

/** A new Draft of `formId` at `authorityId` (POST /user/applications): its id. */
export async function createDraft(
  user: DemoPortalUser,
  authorityId: string,
  address: Record<string, string>,
  formId = 'bc',
): Promise<string> {
  const created = await must<{ id: string }>(user, 'POST', '/user/applications', {
    operationName: 'Create',
    authorityId,
    formId,
    address,
  });
  return created.id;
}

export async function answerStep(user: DemoPortalUser, id: string, stepId: string, data: unknown) {
  await must(user, 'POST', appPath(id, `/steps/${stepId}`), { data });
}

export async function addParticipant(user: DemoPortalUser, id: string, participant: Record<string, unknown>) {
  await must(user, 'POST', appPath(id, '/participantsV2'), participant);
}

/** A PDF of at least the minimum size (6000 bytes): the text, padded with a comment after %%EOF. */
function demoPdf(text: string): Buffer {
  const pdf = minimalPdf(text);
  return Buffer.concat([pdf, Buffer.from(`%${'x'.repeat(Math.max(0, 7000 - pdf.length - 2))}\n`, 'latin1')]);
}

/** Uploads a PDF into a container as the web app does: the record, the presigned PUT. */
export async function uploadDocument(
  user: DemoPortalUser,
  id: string,
  containerId: string,
  fileName: string,
  text: string,
): Promise<void> {
  const body = demoPdf(text);
  const created = await must<{ presignedUrl: string }>(user, 'POST', appPath(id, '/documents'), {
    fileName,
    mimeType: 'application/pdf',
    size: body.length,
    containerId,
  });
  const put = await fetch(created.presignedUrl, {
    method: 'PUT',
    body: new Uint8Array(body),
    headers: { 'content-type': 'application/pdf' },
  });
  if (put.status !== 200) throw new Error(`demo: upload of ${fileName} answered ${put.status}`);
}

/** Waits until the scan has settled every document of the application (each Completed). */
export async function documentsScanned(user: DemoPortalUser, id: string, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const docs = await must<{ name: string; uploadStatus: string }[]>(user, 'GET', appPath(id, '/documents'));
    const failed = docs.find((d) => d.uploadStatus !== 'Pending' && d.uploadStatus !== 'Completed');
    if (failed) throw new Error(`demo: the scan refused ${failed.name} (${failed.uploadStatus})`);
    if (docs.every((d) => d.uploadStatus === 'Completed')) return;
    if (Date.now() > until) throw new Error(`demo: the scan did not settle the documents of ${id}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Submits with the user's full name as signature (POST .../submission), after checking the rules. */
export async function submit(user: DemoPortalUser, id: string): Promise<void> {
  const rules = await must<{ severity: string; message: string }[]>(
    user,
    'GET',
    appPath(id, '/ruleresults?type=FULL'),
  );
  const errors = rules.filter((r) => r.severity === 'Error');
  if (errors.length) throw new Error(`demo: ${id} not submittable: ${JSON.stringify(errors)}`);
  const me = await must<{ firstName?: string; lastName?: string }>(user, 'GET', '/user');
  await must(user, 'POST', appPath(id, '/submission'), {
    userSignature: `${me.firstName ?? ''} ${me.lastName ?? ''}`,
  });
}

/** An amendment (or another child form) of a consent (POST .../child-applications): its id. */
export async function childApplication(user: DemoPortalUser, parentId: string, formId: string) {
  const created = await must<{ id: string }>(user, 'POST', appPath(parentId, '/child-applications'), {
    formId,
  });
  return created.id;
}

/** Answers one RFI point (PATCH .../rfi-points-v2/{id}) without submitting its round. */
export async function answerRfiPoint(user: DemoPortalUser, id: string, rfiPointId: string, response: string) {
  await must(user, 'PATCH', appPath(id, `/rfi-points-v2/${encodeURIComponent(rfiPointId)}`), {
    responseDetails: response,
  });
}
