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
import type * as z from 'zod';
import {
  CouncilApplication,
  CouncilApplicationsPage,
  CouncilDocuments,
  CouncilEventsPage,
  CouncilParticipants,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  scopeClaim,
} from '../../shared/schemas/council.js';
import type {
  CodeComplianceCertificateRequest,
  CouncilApplicationPatch,
  CouncilApplicationsQuery,
  CouncilDecision,
  CouncilEventsQuery,
  CouncilScope,
  LodgementDecision,
  RequiredDocumentGroupRequest,
  RequiredDocumentUploadReview,
  RequiredInspectionsRequest,
  SuspensionRequest,
  WorkflowStagesRequest,
} from '../../shared/schemas/council.js';
import { RequiredDocumentGroupDto } from '../../shared/schemas/documents.js';

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
 * - Every success body is parsed by its shared schema (shared/schemas/council.ts): a contract
 *   break throws here. A non-2xx answer throws {@link CouncilApiError} with the status and body.
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
}

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

type Query = Record<string, string | number | readonly string[] | undefined>;

export function councilApiClient(credentials: CouncilCredentials, options: CouncilClientOptions = {}) {
  const doFetch = options.fetch ?? fetch;
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

  /** A call that must succeed, its body parsed by `schema`. */
  async function call<S extends z.ZodType>(
    schema: S,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    init: { query?: Query; body?: unknown; idempotencyKey?: string } = {},
  ): Promise<z.output<S>> {
    const res = await send(method, path, init);
    if (res.status < 200 || res.status >= 300)
      throw new CouncilApiError(res.status, res.body, res.headers, `${method} ${path}`);
    return schema.parse(res.body);
  }

  const app = (id: string, rest = '') => `/council/applications/${encodeURIComponent(id)}${rest}`;
  const write = (
    method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    body: unknown,
    o?: WriteOptions,
  ) =>
    call(CouncilApplication, method, path, {
      ...(body !== undefined ? { body } : {}),
      ...(o?.idempotencyKey !== undefined ? { idempotencyKey: o.idempotencyKey } : {}),
    });

  return {
    token,
    send,
    // ---- reads ----
    /** Applications lodged with this council, newest submission first (`nextCursor` pages on). */
    applications: (query: Partial<z.input<typeof CouncilApplicationsQuery>> = {}) =>
      call(CouncilApplicationsPage, 'GET', '/council/applications', { query: query as Query }),
    application: (id: string) => call(CouncilApplication, 'GET', app(id)),
    participants: (id: string) => call(CouncilParticipants, 'GET', app(id, '/participants')),
    documents: (id: string) => call(CouncilDocuments, 'GET', app(id, '/documents')),
    /** The feed after `after` (a cursor from an earlier page), oldest first. */
    events: (query: Partial<z.input<typeof CouncilEventsQuery>> = {}) =>
      call(CouncilEventsPage, 'GET', '/council/events', { query: query as Query }),
    // ---- writes: each answers the application after the change ----
    patch: (id: string, body: z.input<typeof CouncilApplicationPatch>, o?: WriteOptions) =>
      write('PATCH', app(id), body, o),
    lodgement: (id: string, body: z.input<typeof LodgementDecision>, o?: WriteOptions) =>
      write('POST', app(id, '/lodgement'), body, o),
    acceptLodgement: (id: string, date?: string, o?: WriteOptions) =>
      write('POST', app(id, '/lodgement'), { decision: 'Accepted', ...(date ? { date } : {}) }, o),
    rejectLodgement: (id: string, reason: string, o?: WriteOptions) =>
      write('POST', app(id, '/lodgement'), { decision: 'Rejected', reason }, o),
    suspend: (id: string, body: z.input<typeof SuspensionRequest> = {}, o?: WriteOptions) =>
      write('POST', app(id, '/suspension'), body, o),
    resume: (id: string, o?: WriteOptions) => write('DELETE', app(id, '/suspension'), undefined, o),
    decision: (id: string, body: z.input<typeof CouncilDecision>, o?: WriteOptions) =>
      write('POST', app(id, '/decision'), body, o),
    grant: (id: string, consentNumber: string, o?: WriteOptions) =>
      write('POST', app(id, '/decision'), { outcome: 'Granted', consentNumber }, o),
    codeComplianceCertificate: (
      id: string,
      body: z.input<typeof CodeComplianceCertificateRequest>,
      o?: WriteOptions,
    ) => write('POST', app(id, '/code-compliance-certificate'), body, o),
    workflowStages: (id: string, body: z.input<typeof WorkflowStagesRequest>, o?: WriteOptions) =>
      write('PUT', app(id, '/workflow-stages'), body, o),
    requiredInspections: (id: string, body: z.input<typeof RequiredInspectionsRequest>, o?: WriteOptions) =>
      write('PUT', app(id, '/required-inspections'), body, o),
    /** Creates or replaces the required document group `guid`; answers the group. */
    requiredDocumentGroup: (
      id: string,
      guid: string,
      body: z.input<typeof RequiredDocumentGroupRequest>,
      o?: WriteOptions,
    ) =>
      call(
        RequiredDocumentGroupDto,
        'PUT',
        app(id, `/required-document-groups/${encodeURIComponent(guid)}`),
        {
          body,
          ...(o?.idempotencyKey !== undefined ? { idempotencyKey: o.idempotencyKey } : {}),
        },
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
        'PATCH',
        app(
          id,
          `/required-document-groups/${encodeURIComponent(guid)}/uploads/${encodeURIComponent(documentName)}`,
        ),
        { body, ...(o?.idempotencyKey !== undefined ? { idempotencyKey: o.idempotencyKey } : {}) },
      ),
    // ---- Payments (docs/payments.md) ----
    /** The invoices of the application with their transactions. */
    payments: (id: string) => call(PaymentsResponse, 'GET', app(id, '/payments')),
    /** Issues an invoice with the authority's options (201). */
    issueInvoice: (id: string, body: z.input<typeof IssueInvoice>, o?: WriteOptions) =>
      call(PaymentDto, 'POST', app(id, '/payments'), {
        body,
        ...(o?.idempotencyKey !== undefined ? { idempotencyKey: o.idempotencyKey } : {}),
      }),
    /** Confirms a claimed deposit, or rejects the claim with a reason. */
    depositDecision: (
      id: string,
      paymentId: string,
      body: z.input<typeof DepositDecision>,
      o?: WriteOptions,
    ) =>
      call(PaymentDto, 'POST', app(id, `/payments/${encodeURIComponent(paymentId)}/deposit-decision`), {
        body,
        ...(o?.idempotencyKey !== undefined ? { idempotencyKey: o.idempotencyKey } : {}),
      }),
    /** Records a payment made at the council. */
    paidAtCouncil: (
      id: string,
      paymentId: string,
      body: z.input<typeof PaidAtCouncil> = {},
      o?: WriteOptions,
    ) =>
      call(PaymentDto, 'POST', app(id, `/payments/${encodeURIComponent(paymentId)}/paid-at-council`), {
        body,
        ...(o?.idempotencyKey !== undefined ? { idempotencyKey: o.idempotencyKey } : {}),
      }),
    // ---- RFIs (docs/rfis.md) ----
    /** Every RFI point of the application, with the responses submitted so far. */
    rfiPoints: (id: string) => call(RfiPointsResponse, 'GET', app(id, '/rfi-points')),
    /** Raises a round of points (the next round of its type and team unless named). */
    raiseRfiRound: (id: string, body: z.input<typeof RaiseRfiRound>, o?: WriteOptions) =>
      call(RaisedRfiRound, 'POST', app(id, '/rfi-rounds'), {
        body,
        ...(o?.idempotencyKey !== undefined ? { idempotencyKey: o.idempotencyKey } : {}),
      }),
    /** Signs a submitted point off (RESOLVED, NOT_RESOLVED or INCOMPLETE). */
    signOffRfiPoint: (id: string, rfiPointId: string, body: z.input<typeof RfiSignOff>, o?: WriteOptions) =>
      call(RfiPointDto, 'PATCH', app(id, `/rfi-points/${encodeURIComponent(rfiPointId)}`), {
        body,
        ...(o?.idempotencyKey !== undefined ? { idempotencyKey: o.idempotencyKey } : {}),
      }),
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
