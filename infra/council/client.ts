import {
  DepositDecision,
  IssueInvoice,
  PaidAtCouncil,
  PaymentDto,
  PaymentsResponse,
} from '../../shared/schemas/payments.js';
import {
  RaisedRfiRound,
  RaiseRfiRound,
  RfiPointDto,
  RfiPointsResponse,
  RfiSignOff,
} from '../../shared/schemas/rfis.js';
import { randomUUID } from 'node:crypto';
import createClient from 'openapi-fetch';
import type * as z from 'zod';
import type { paths } from './api-types.js';
import { recordingFetch } from './examples-recorder.js';
import {
  CouncilApplication,
  CouncilApplicationsPage,
  CouncilDocuments,
  CouncilEventsPage,
  CouncilParticipants,
  IDEMPOTENCY_KEY_HEADER,
  RegisteredApplicantInvitation,
  RegisteredApplicantInvitationList,
  WebhookDeliveriesPage,
  WebhookDelivery,
  WebhookRegistration,
  IDEMPOTENT_REPLAYED_HEADER,
  scopeClaim,
} from '../../shared/schemas/council.js';
import type {
  CreateRegisteredApplicantInvitation,
  WebhookRegistrationRequest,
  CodeComplianceCertificateRequest,
  CouncilApplicationPatch,
  CouncilDecision,
  CouncilScope,
  LodgementDecision,
  RequiredDocumentGroupRequest,
  RequiredDocumentUploadReview,
  RequiredInspectionsRequest,
  SuspensionRequest,
  WorkflowStagesRequest,
} from '../../shared/schemas/council.js';
import { RequiredDocumentGroupDto } from '../../shared/schemas/documents.js';
import {
  IssuedDocumentUpload,
  type IssuedDocumentKind,
  type IssuedDocumentRequest,
} from '../../shared/schemas/issued-documents.js';

/**
 * The council integration API's client (docs/council-api.md §6): what a council's back office does,
 * typed. The simulator (`npm run council -- …`) and every test use it.
 *
 * ```ts
 * const council = councilApiClient({ clientId, clientSecret, tokenUrl, apiUrl });
 * const page = await council.applications({ status: ['Submitted'] });
 * const app = await council.acceptLodgement(page.applications[0]!.id);       // a new Idempotency-Key
 * await council.acceptLodgement(id, undefined, { idempotencyKey: 'k-1' });   // a chosen one (a replay)
 * const { status, headers, body } = await council.send('GET', '/council/events'); // anything, raw
 * ```
 *
 * - Token: OAuth 2.0 client credentials at `tokenUrl` (HTTP Basic), cached until 60 s before it
 *   expires; `scopes` asks for fewer scopes than the client has (default: all of them).
 * - Every write sends an `Idempotency-Key`: a fresh UUID unless `{ idempotencyKey }` is given.
 * - Every typed call goes through openapi-fetch typed by the types openapi-typescript generates
 *   from the API document (./api-types.ts, `npm run openapi`): a path, parameter, header or body
 *   the document does not have fails to compile, so the document cannot drift from what a council
 *   calls. Every success body is then parsed by its shared schema (shared/schemas/council.ts): a
 *   contract break throws here. A non-2xx answer throws {@link CouncilApiError} with the status and body.
 */

export interface CouncilCredentials {
  clientId: string;
  clientSecret: string;
  /** The token endpoint (`CouncilTokenUrl` of the stack's outputs). */
  tokenUrl: string;
  /** The API's base URL, e.g. `http://127.0.0.1:4601/api` (the `/council/...` paths follow it). */
  apiUrl: string;
}

export interface CouncilClientOptions {
  /** The scopes to ask for (default: none named, so the client's every scope). */
  scopes?: readonly CouncilScope[];
  fetch?: typeof fetch;
  /** The clock (tests). */
  now?: () => number;
  /**
   * How long one request may take before it is abandoned (a `TimeoutError`), default 30 s: the
   * API answers within API Gateway's 29 s or not at all, and a call that never answers must not
   * hold the caller (the automatic council's tick) for good.
   */
  timeoutMs?: number;
}

/** The default of {@link CouncilClientOptions.timeoutMs}. */
export const COUNCIL_REQUEST_TIMEOUT_MS = 30_000;

/** Per write: the Idempotency-Key to send (default a new UUID). */
export interface WriteOptions {
  idempotencyKey?: string;
}

/** A refused call: the HTTP status, the error body (`{ code, message, details? }` or text), the headers. */
export class CouncilApiError extends Error {
  override readonly name = 'CouncilApiError';
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Headers,
    what: string,
  ) {
    const message =
      body && typeof body === 'object' && 'message' in body
        ? String((body as { message: unknown }).message)
        : '';
    super(`${what} → ${status}${message ? `: ${message}` : ''}`);
  }
}

/** A raw answer of {@link CouncilApiClient.send}. */
export interface CouncilResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  /** True when the answer was replayed from an earlier call with the same Idempotency-Key. */
  replayed: boolean;
}

/** Seconds before expiry when a cached token is renewed. */
export const TOKEN_RENEW_SECONDS = 60;

/** The query of a GET in the API document. */
type QueryOf<P extends keyof paths> = paths[P] extends { get: { parameters: { query?: infer Q } } }
  ? NonNullable<Q>
  : never;

type Query = Record<string, string | number | readonly string[] | undefined>;

export function councilApiClient(credentials: CouncilCredentials, options: CouncilClientOptions = {}) {
  const baseFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? COUNCIL_REQUEST_TIMEOUT_MS;
  const doFetch = recordingFetch(
    ((input, init) =>
      baseFetch(input, { ...init, signal: init?.signal ?? AbortSignal.timeout(timeoutMs) })) as typeof fetch,
    credentials.apiUrl,
  );
  const now = options.now ?? Date.now;
  let cached: { token: string; renewAt: number } | undefined;

  /** An access token (cached until 60 s before it expires). */
  async function token(): Promise<string> {
    if (cached && now() < cached.renewAt) return cached.token;
    const form = new URLSearchParams({ grant_type: 'client_credentials' });
    if (options.scopes && options.scopes.length > 0)
      form.set('scope', options.scopes.map(scopeClaim).join(' '));
    const basic = Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString('base64');
    const res = await doFetch(credentials.tokenUrl, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    const body = await readBody(res);
    if (!res.ok) throw new CouncilApiError(res.status, body, res.headers, 'POST token');
    const { access_token: accessToken, expires_in: expiresIn } = body as {
      access_token?: unknown;
      expires_in?: unknown;
    };
    if (typeof accessToken !== 'string' || typeof expiresIn !== 'number')
      throw new CouncilApiError(res.status, body, res.headers, 'POST token (no access_token)');
    cached = { token: accessToken, renewAt: now() + (expiresIn - TOKEN_RENEW_SECONDS) * 1000 };
    return accessToken;
  }

  /**
   * Any call, raw: the status, headers and JSON body (not parsed by a schema; no throw on non-2xx).
   * Writes (anything but GET) get an Idempotency-Key unless `idempotencyKey: null`.
   */
  async function send(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    init: { query?: Query; body?: unknown; idempotencyKey?: string | null; token?: string | null } = {},
  ): Promise<CouncilResponse> {
    const url = new URL(credentials.apiUrl.replace(/\/$/, '') + path);
    for (const [k, v] of Object.entries(init.query ?? {})) {
      if (v === undefined) continue;
      url.searchParams.set(k, Array.isArray(v) ? v.join(',') : String(v));
    }
    const headers: Record<string, string> = {};
    const bearer = init.token === undefined ? await token() : init.token;
    if (bearer !== null) headers.authorization = `Bearer ${bearer}`;
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    const key =
      init.idempotencyKey === undefined ? (method === 'GET' ? null : randomUUID()) : init.idempotencyKey;
    if (key !== null) headers[IDEMPOTENCY_KEY_HEADER] = key;
    const res = await doFetch(url, {
      method,
      headers,
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    });
    return {
      status: res.status,
      headers: res.headers,
      body: await readBody(res),
      replayed: res.headers.get(IDEMPOTENT_REPLAYED_HEADER) === 'true',
    };
  }

  /**
   * The generated client: openapi-fetch over the document's council paths. Requests go through
   * `doFetch` as (url, init), with the token added; arrays in a query are comma-separated.
   */
  const api = createClient<paths>({
    baseUrl: credentials.apiUrl.replace(/\/$/, ''),
    querySerializer: { array: { style: 'form', explode: false } },
    fetch: async (request: Request) => {
      const body = request.method === 'GET' ? '' : await request.text();
      const headers = Object.fromEntries(request.headers.entries());
      headers.authorization = `Bearer ${await token()}`;
      return doFetch(request.url, { method: request.method, headers, ...(body ? { body } : {}) });
    },
  });

  /** A typed call that must succeed, its body parsed by `schema`. */
  async function call<S extends z.ZodType>(
    schema: S,
    what: string,
    pending: Promise<{ data?: unknown; error?: unknown; response: Response }>,
  ): Promise<z.output<S>> {
    const { data, error, response } = await pending;
    if (!response.ok) throw new CouncilApiError(response.status, error, response.headers, what);
    return schema.parse(data);
  }

  /** The Idempotency-Key header of a write: the one asked for, else a new UUID. */
  const keyOf = (o?: WriteOptions) => ({ 'Idempotency-Key': o?.idempotencyKey ?? randomUUID() });
  const onApp = (id: string, o?: WriteOptions) => ({ path: { id }, header: keyOf(o) });

  return {
    token,
    send,
    // ---- reads ----
    /** Applications lodged with this council, newest submission first (`nextCursor` pages on). */
    applications: (query: QueryOf<'/council/applications'> = {}) =>
      call(
        CouncilApplicationsPage,
        'GET /council/applications',
        api.GET('/council/applications', { params: { query } }),
      ),
    application: (id: string) =>
      call(
        CouncilApplication,
        `GET application ${id}`,
        api.GET('/council/applications/{id}', { params: { path: { id } } }),
      ),
    participants: (id: string) =>
      call(
        CouncilParticipants,
        `GET participants ${id}`,
        api.GET('/council/applications/{id}/participants', { params: { path: { id } } }),
      ),
    documents: (id: string) =>
      call(
        CouncilDocuments,
        `GET documents ${id}`,
        api.GET('/council/applications/{id}/documents', { params: { path: { id } } }),
      ),
    /** The feed after `after` (a cursor from an earlier page), oldest first. */
    events: (query: QueryOf<'/council/events'> = {}) =>
      call(CouncilEventsPage, 'GET /council/events', api.GET('/council/events', { params: { query } })),
    // ---- writes: each answers the application after the change ----
    patch: (id: string, body: z.input<typeof CouncilApplicationPatch>, o?: WriteOptions) =>
      call(
        CouncilApplication,
        `PATCH ${id}`,
        api.PATCH('/council/applications/{id}', { params: onApp(id, o), body }),
      ),
    lodgement: (id: string, body: z.input<typeof LodgementDecision>, o?: WriteOptions) =>
      call(
        CouncilApplication,
        `POST lodgement ${id}`,
        api.POST('/council/applications/{id}/lodgement', { params: onApp(id, o), body }),
      ),
    acceptLodgement: (id: string, date?: string, o?: WriteOptions) =>
      call(
        CouncilApplication,
        `POST lodgement ${id}`,
        api.POST('/council/applications/{id}/lodgement', {
          params: onApp(id, o),
          body: { decision: 'Accepted', ...(date ? { date } : {}) },
        }),
      ),
    rejectLodgement: (id: string, reason: string, o?: WriteOptions) =>
      call(
        CouncilApplication,
        `POST lodgement ${id}`,
        api.POST('/council/applications/{id}/lodgement', {
          params: onApp(id, o),
          body: { decision: 'Rejected', reason },
        }),
      ),
    suspend: (id: string, body: z.input<typeof SuspensionRequest> = {}, o?: WriteOptions) =>
      call(
        CouncilApplication,
        `POST suspension ${id}`,
        api.POST('/council/applications/{id}/suspension', { params: onApp(id, o), body }),
      ),
    resume: (id: string, o?: WriteOptions) =>
      call(
        CouncilApplication,
        `DELETE suspension ${id}`,
        api.DELETE('/council/applications/{id}/suspension', { params: onApp(id, o) }),
      ),
    decision: (id: string, body: z.input<typeof CouncilDecision>, o?: WriteOptions) =>
      call(
        CouncilApplication,
        `POST decision ${id}`,
        api.POST('/council/applications/{id}/decision', { params: onApp(id, o), body }),
      ),
    grant: (id: string, consentNumber: string, o?: WriteOptions) =>
      call(
        CouncilApplication,
        `POST decision ${id}`,
        api.POST('/council/applications/{id}/decision', {
          params: onApp(id, o),
          body: { outcome: 'Granted', consentNumber },
        }),
      ),
    codeComplianceCertificate: (
      id: string,
      body: z.input<typeof CodeComplianceCertificateRequest>,
      o?: WriteOptions,
    ) =>
      call(
        CouncilApplication,
        `POST code-compliance-certificate ${id}`,
        api.POST('/council/applications/{id}/code-compliance-certificate', { params: onApp(id, o), body }),
      ),
    workflowStages: (id: string, body: z.input<typeof WorkflowStagesRequest>, o?: WriteOptions) =>
      call(
        CouncilApplication,
        `PUT workflow-stages ${id}`,
        api.PUT('/council/applications/{id}/workflow-stages', { params: onApp(id, o), body }),
      ),
    requiredInspections: (id: string, body: z.input<typeof RequiredInspectionsRequest>, o?: WriteOptions) =>
      call(
        CouncilApplication,
        `PUT required-inspections ${id}`,
        api.PUT('/council/applications/{id}/required-inspections', { params: onApp(id, o), body }),
      ),
    /** Creates or replaces the required document group `guid`; answers the group. */
    requiredDocumentGroup: (
      id: string,
      guid: string,
      body: z.input<typeof RequiredDocumentGroupRequest>,
      o?: WriteOptions,
    ) =>
      call(
        RequiredDocumentGroupDto,
        `PUT required-document-group ${id}`,
        api.PUT('/council/applications/{id}/required-document-groups/{guid}', {
          params: { path: { id, guid }, header: keyOf(o) },
          body,
        }),
      ),
    /** The council's status of one upload of group `guid`; answers the group. */
    reviewUpload: (
      id: string,
      guid: string,
      documentName: string,
      body: z.input<typeof RequiredDocumentUploadReview>,
      o?: WriteOptions,
    ) =>
      call(
        RequiredDocumentGroupDto,
        `PATCH required-document upload ${id}`,
        api.PATCH(
          '/council/applications/{id}/required-document-groups/{guid}/uploads/{applicationDocumentId}',
          {
            params: { path: { id, guid, applicationDocumentId: documentName }, header: keyOf(o) },
            body,
          },
        ),
      ),
    // ---- Payments (docs/payments.md) ----
    /** The invoices of the application with their transactions. */
    payments: (id: string) =>
      call(
        PaymentsResponse,
        `GET payments ${id}`,
        api.GET('/council/applications/{id}/payments', { params: { path: { id } } }),
      ),
    /** Issues an invoice with the authority's options (201). */
    /** Issues a document on a granted consent: its record and one-shot upload URL (a PDF). */
    issuedDocument: (id: string, body: IssuedDocumentRequest, o?: WriteOptions) =>
      call(
        IssuedDocumentUpload,
        `POST issued-documents ${id}`,
        api.POST('/council/applications/{id}/issued-documents', { params: onApp(id, o), body }),
      ),
    /**
     * Issues `bytes` (a PDF) as a document of `kind`: the record, then the file PUT to its URL
     * (scanned before the applicant can download it). Answers the record as created.
     */
    async issueDocument(
      id: string,
      kind: IssuedDocumentKind,
      fileName: string,
      bytes: Uint8Array,
      o?: WriteOptions,
    ) {
      const upload = await call(
        IssuedDocumentUpload,
        `POST issued-documents ${id}`,
        api.POST('/council/applications/{id}/issued-documents', {
          params: onApp(id, o),
          body: { kind, fileName, mimeType: 'application/pdf', size: bytes.byteLength },
        }),
      );
      const put = await doFetch(upload.presignedUrl, {
        method: 'PUT',
        headers: { 'content-type': 'application/pdf' },
        body: new Uint8Array(bytes),
      });
      if (!put.ok) throw new CouncilApiError(put.status, undefined, put.headers, `PUT ${fileName}`);
      return upload.document;
    },
    issueInvoice: (id: string, body: z.input<typeof IssueInvoice>, o?: WriteOptions) =>
      call(
        PaymentDto,
        `POST payments ${id}`,
        api.POST('/council/applications/{id}/payments', { params: onApp(id, o), body }),
      ),
    /** Confirms a claimed deposit, or rejects the claim with a reason. */
    depositDecision: (
      id: string,
      paymentId: string,
      body: z.input<typeof DepositDecision>,
      o?: WriteOptions,
    ) =>
      call(
        PaymentDto,
        `POST deposit-decision ${id}`,
        api.POST('/council/applications/{id}/payments/{paymentId}/deposit-decision', {
          params: { path: { id, paymentId }, header: keyOf(o) },
          body,
        }),
      ),
    /** Records a payment made at the council. */
    paidAtCouncil: (
      id: string,
      paymentId: string,
      body: z.input<typeof PaidAtCouncil> = {},
      o?: WriteOptions,
    ) =>
      call(
        PaymentDto,
        `POST paid-at-council ${id}`,
        api.POST('/council/applications/{id}/payments/{paymentId}/paid-at-council', {
          params: { path: { id, paymentId }, header: keyOf(o) },
          body,
        }),
      ),
    // ---- RFIs (docs/rfis.md) ----
    /** Every RFI point of the application, with the responses submitted so far. */
    rfiPoints: (id: string) =>
      call(
        RfiPointsResponse,
        `GET rfi-points ${id}`,
        api.GET('/council/applications/{id}/rfi-points', { params: { path: { id } } }),
      ),
    /** Raises a round of points (the next round of its type and team unless named). */
    raiseRfiRound: (id: string, body: z.input<typeof RaiseRfiRound>, o?: WriteOptions) =>
      call(
        RaisedRfiRound,
        `POST rfi-rounds ${id}`,
        api.POST('/council/applications/{id}/rfi-rounds', { params: onApp(id, o), body }),
      ),
    /** Signs a submitted point off (RESOLVED, NOT_RESOLVED or INCOMPLETE). */
    signOffRfiPoint: (id: string, rfiPointId: string, body: z.input<typeof RfiSignOff>, o?: WriteOptions) =>
      call(
        RfiPointDto,
        `PATCH rfi-point ${id}`,
        api.PATCH('/council/applications/{id}/rfi-points/{rfiPointId}', {
          params: { path: { id, rfiPointId }, header: keyOf(o) },
          body,
        }),
      ),
    // ---- Registered-applicant invitations (docs/council-api.md §4) ----
    invitations: (query: QueryOf<'/council/registered-applicant-invitations'> = {}) =>
      call(
        RegisteredApplicantInvitationList,
        'GET invitations',
        api.GET('/council/registered-applicant-invitations', { params: { query } }),
      ),
    invitation: (id: string) =>
      call(
        RegisteredApplicantInvitation,
        `GET invitation ${id}`,
        api.GET('/council/registered-applicant-invitations/{id}', { params: { path: { id } } }),
      ),
    invite: (body: z.input<typeof CreateRegisteredApplicantInvitation>, o?: WriteOptions) =>
      call(
        RegisteredApplicantInvitation,
        'POST invitation',
        api.POST('/council/registered-applicant-invitations', { params: { header: keyOf(o) }, body }),
      ),
    // ---- The webhook (docs/council-api.md §5) ----
    webhook: () => call(WebhookRegistration, 'GET webhook', api.GET('/council/webhook')),
    registerWebhook: (body: z.input<typeof WebhookRegistrationRequest>, o?: WriteOptions) =>
      call(
        WebhookRegistration,
        'PUT webhook',
        api.PUT('/council/webhook', { params: { header: keyOf(o) }, body }),
      ),
    /** Removes the webhook (204). */
    removeWebhook: async (o?: WriteOptions): Promise<void> => {
      const { error, response } = await api.DELETE('/council/webhook', { params: { header: keyOf(o) } });
      if (!response.ok) throw new CouncilApiError(response.status, error, response.headers, 'DELETE webhook');
    },
    /** A new signing secret (shown once, in the answer). */
    rotateWebhookSecret: (o?: WriteOptions) =>
      call(
        WebhookRegistration,
        'POST webhook secret',
        api.POST('/council/webhook/secret', { params: { header: keyOf(o) } }),
      ),
    webhookDeliveries: (query: QueryOf<'/council/webhook/deliveries'> = {}) =>
      call(
        WebhookDeliveriesPage,
        'GET webhook deliveries',
        api.GET('/council/webhook/deliveries', { params: { query } }),
      ),
    redeliver: (eventId: string, o?: WriteOptions) =>
      call(
        WebhookDelivery,
        `POST redelivery ${eventId}`,
        api.POST('/council/webhook/deliveries/{eventId}/redelivery', {
          params: { path: { eventId }, header: keyOf(o) },
        }),
      ),
  };
}

export type CouncilApiClient = ReturnType<typeof councilApiClient>;

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
