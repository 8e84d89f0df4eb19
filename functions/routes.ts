import type { AccessLevel, OrganisationRole } from '../shared/schemas/common.js';
import type { CouncilScope } from '../shared/schemas/council.js';

/**
 * The one source of truth for the HTTP API: per route, its method, the spec's path (API Gateway
 * syntax), the feature that serves it (one Lambda per feature, `functions/<feature>/handler.ts`) and
 * the access the caller needs.
 *
 * - CDK (infra/stacks/api-stack.ts) adds one HTTP API route per entry and one Lambda per feature; the
 *   local gateway (infra/local/gateway.ts) serves the same table.
 * - The plumbing (functions/platform/http/handler.ts) enforces `access` before a handler runs, with
 *   one implementation (functions/platform/http/access.ts): no access → 404, too little → 403.
 * - Route keys are a type derived from this table: each feature's contract (request and response
 *   schemas) and implementations are keyed by its routes' keys, so a missing or extra one fails to
 *   compile; the OpenAPI document is generated from the table and the contracts.
 *
 * Where the spec names the same path level differently in two places (`{id}` and
 * `{jurisdictionId}`), the table uses one name per level: API Gateway rejects sibling variables with
 * different names, and the URL is the same.
 */

export const features = [
  'site',
  'accounts',
  'reference',
  'lookups',
  'applications',
  'participants',
  'documents',
  'contacts',
  'access-requests',
  'organisations',
  'rfis',
  'payments',
  'notifications',
  'council',
] as const;
export type Feature = (typeof features)[number];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a route:
 * - public: no token;
 * - user: a Cognito id token of a signed-in user (JWT authorizer, audience = the web app client);
 * - council: machine credentials of one council's back office.
 * The card gateway's notifications are public routes: nothing in them is trusted, the session is
 * asked about at the gateway and settled once (docs/payments.md).
 */
export type CallerKind = 'public' | 'user' | 'council';

/** What the caller needs, on which resource. */
export type Access =
  /** Anyone, signed in or not. */
  | { readonly caller: 'public' }
  /** Any signed-in user (their own records only: the service scopes every read to the caller). */
  | { readonly caller: 'user' }
  /** A signed-in user with at least `level` on the application named by the path parameter `param`. */
  | { readonly caller: 'user'; readonly application: AccessLevel; readonly param: 'id' }
  /**
   * A signed-in user who is an active member of their organisation (`Member`), or an active admin of
   * it (`Admin`). A user who never joined one is the admin of their own (a sole trader's).
   */
  | { readonly caller: 'user'; readonly organisation: OrganisationRole }
  /** A council's machine credentials with `scope` (its own records only: the service scopes them). */
  | { readonly caller: 'council'; readonly scope: CouncilScope }
  /** The same, on an application lodged with the caller's authority, named by the path parameter `id`. */
  | { readonly caller: 'council'; readonly scope: CouncilScope; readonly lodgedApplication: 'id' }
  /**
   * An invited payer without an account: the JSON body's `token` is the payment request's link (its
   * SHA-256 finds the request); never a path or query parameter, which access logs keep. Unknown,
   * cancelled or expired → 404.
   */
  | { readonly caller: 'public'; readonly paymentRequest: 'body.token' };

export const anyone = { caller: 'public' } as const;
export const signedIn = { caller: 'user' } as const;
/** An active member of the caller's organisation (a disabled member: 403). */
export const activeMember = { caller: 'user', organisation: 'Normal' } as const;
/** An active admin of the caller's organisation (a Normal or disabled member: 403). */
export const organisationAdmin = { caller: 'user', organisation: 'Admin' } as const;
export const onApplication = <L extends AccessLevel>(level: L) =>
  ({ caller: 'user', application: level, param: 'id' }) as const;
/** A council client (docs/council-api.md §2) whose token carries `scope`; Active row, else 401. */
export const councilClient = <S extends CouncilScope>(scope: S) => ({ caller: 'council', scope }) as const;
/**
 * A council client with `scope`, on an application lodged with its authority (path parameter `id`):
 * another authority's, a Draft or no application → 404, as for a stranger.
 */
export const onLodgedApplication = <S extends CouncilScope>(scope: S) =>
  ({ caller: 'council', scope, lodgedApplication: 'id' }) as const;

/**
 * The payer's link of a payment request (docs/payments.md "Invite to pay"): the token in the JSON
 * body (the mailed link has it in the URL fragment; docs/architecture.md).
 */
export const payerLink = { caller: 'public', paymentRequest: 'body.token' } as const;

export interface RouteDef {
  readonly method: HttpMethod;
  /** API Gateway path, e.g. `/user/applications/{id}`. */
  readonly path: string;
  readonly feature: Feature;
  readonly access: Access;
  /** Derived from `access`: who may call (the authorizer CDK and the local gateway put in front). */
  readonly caller: CallerKind;
  /**
   * The feature's Lambda that serves it: `handler` (functions/<feature>/handler.ts) unless the route
   * is heavy work kept apart so the hot routes do not pay its bundle and cold start, e.g. `form`
   * (functions/<feature>/form.ts).
   */
  readonly lambda: string;
}

/** One entry of a route table (the table below; tests build their own). */
export const defineRoute = <
  M extends HttpMethod,
  P extends string,
  F extends Feature,
  A extends Access,
  L extends string = 'handler',
>(
  method: M,
  path: P,
  feature: F,
  access: A,
  options?: { lambda: L },
) => ({
  method,
  path,
  feature,
  access,
  caller: access.caller as A['caller'],
  // NoInfer: the table's `satisfies RouteDef[]` must not widen L to string for routes without options.
  lambda: (options?.lambda ?? 'handler') as NoInfer<L>,
});

/** The Lambda of a route: `<feature>` for the feature's handler, `<feature>-<lambda>` for another. */
export const lambdaId = (route: Pick<RouteDef, 'feature' | 'lambda'>): string =>
  route.lambda === 'handler' ? route.feature : `${route.feature}-${route.lambda}`;

const r = defineRoute;

/**
 * The applications feature's Lambdas (point 8 of the architecture): the lists on the read path
 * (`functions/applications/lists.ts`, no PDF, images or Form.io), the application form's heavy
 * calls — creating (thumbnails), changing, steps, rules and submission (Form.io validation, the
 * summary PDF) — on `functions/applications/form.ts`, the rest on `functions/applications/handler.ts`.
 */
const lists = { lambda: 'lists' } as const;
const form = { lambda: 'form' } as const;
/** The organisation's profile: its image's upload and scaling (functions/organisations/profile.ts). */
const profile = { lambda: 'profile' } as const;
/** Registered-applicant invitations (functions/council/invitations.ts). */
const invitations = { lambda: 'invitations' } as const;
/** The council webhook's registration, secret and deliveries (functions/council/webhooks.ts). */
const webhooks = { lambda: 'webhooks' } as const;
const webhooksManage = councilClient('webhooks.manage');
/** The RFIs PDF (functions/rfis/pdf.ts): pdf-lib stays off the RFIs' read and answer path. */
const rfisPdf = { lambda: 'pdf' } as const;
/** The council integration API's scopes (docs/council-api.md §1). */
const councilRead = 'applications.read';
const councilWrite = 'applications.write';

export const routes = [
  // Health: public, no data access beyond a cheap table describe.
  r('GET', '/public/health', 'site', anyone),
  // The OpenAPI 3.1 document of this table and the contracts (for council integrators and client generators).
  r('GET', '/public/openapi.json', 'site', anyone),

  // Accounts (docs/architecture.md).
  r('GET', '/public/captcha/challenge', 'accounts', anyone),
  r('POST', '/public/user/registration', 'accounts', anyone),
  r('POST', '/public/user/registration/confirm', 'accounts', anyone),
  r('POST', '/public/user/registration/resend', 'accounts', anyone),
  r('POST', '/public/user/registration/invited', 'accounts', anyone),
  r('POST', '/public/organisation/invitations/lookup', 'accounts', anyone),

  // Form.io definitions of the Formio steps (docs/architecture.md).
  r('GET', '/public/formio/{name}', 'reference', anyone),

  // Reference data (docs/architecture.md): one name per path level ({id} for the jurisdiction).
  r('GET', '/public/jurisdictions/{id}', 'reference', anyone),
  r('GET', '/public/jurisdictions/{id}/document-types', 'reference', anyone),
  r('GET', '/public/jurisdictions/{id}/forms/{formId}/document-types', 'reference', anyone),
  r('GET', '/public/images/{id}', 'reference', anyone),
  r('GET', '/public/authorities/detection', 'reference', anyone),

  // Site settings read by the SPA before sign-in (docs/architecture.md).
  r('GET', '/maintenance/maintenance.json', 'site', anyone),
  r('GET', '/announcements/announcements.json', 'site', anyone),

  // The signed-in user's own record (docs/architecture.md).
  r('GET', '/user', 'accounts', signedIn),
  r('PATCH', '/user', 'accounts', signedIn),
  r('PUT', '/user/password', 'accounts', signedIn),

  // Lookups (docs/architecture.md): NZ Post address checker, property lookup, the LBP register.
  r('GET', '/user/nzpost/addresschecker/suggest', 'lookups', signedIn),
  r('GET', '/user/nzpost/addresschecker/details', 'lookups', signedIn),
  r('GET', '/v1/service/property-lookup/parcels', 'lookups', signedIn),
  r('GET', '/v1/service/licensed-building-practitioners', 'lookups', signedIn),
  r('GET', '/v1/service/licensed-building-practitioners/{lbpNumber}', 'lookups', signedIn),

  // User-scoped reference data (docs/architecture.md).
  r('GET', '/user/qualification-types', 'reference', signedIn),
  r('GET', '/user/documenttags', 'reference', signedIn),
  r('GET', '/user/countries', 'reference', signedIn),
  r('GET', '/user/properties', 'reference', signedIn),

  // Applications (docs/architecture.md): create, read, change, lists, steps, rules, submission (three Lambdas: see `lists`, `form`).
  r('GET', '/user/applications', 'applications', signedIn, lists),
  r('POST', '/user/applications', 'applications', signedIn, form),
  // A template thumbnail's presigned upload (docs/architecture.md): the caller's own `thumbnails/{userId}/` key.
  r('POST', '/user/thumbnail-uploads', 'applications', signedIn, form),
  r('GET', '/user/applications/{id}', 'applications', onApplication('ReadOnly')),
  r('PATCH', '/user/applications/{id}', 'applications', onApplication('Edit'), form),
  r('DELETE', '/user/applications/{id}', 'applications', onApplication('ReadOnly')),
  r('PATCH', '/user/applications/{id}/preferences', 'applications', onApplication('ReadOnly')),
  r('POST', '/user/applications/{id}/child-applications', 'applications', onApplication('Edit')),
  r('POST', '/user/applications/{id}/submission', 'applications', onApplication('Edit'), form),
  r('GET', '/user/applications/{id}/rejected-reason', 'applications', onApplication('ReadOnly')),
  r('GET', '/user/applications/{id}/enabled-steps', 'applications', onApplication('ReadOnly'), form),
  r('GET', '/user/applications/{id}/steps/{stepId}', 'applications', onApplication('ReadOnly'), form),
  r('POST', '/user/applications/{id}/steps/{stepId}', 'applications', onApplication('Edit'), form),
  r('GET', '/user/applications/{id}/ruleresults', 'applications', onApplication('ReadOnly'), form),
  r('GET', '/user/applications/{id}/history', 'applications', onApplication('ReadOnly')),
  r('GET', '/user/applicationsV2', 'applications', signedIn, lists),
  r('GET', '/user/applicationsV2/badges', 'applications', signedIn, lists),
  r('GET', '/user/applicationsV2/filters', 'applications', signedIn, lists),
  r('GET', '/user/applicationsV3', 'applications', signedIn, lists),
  r('GET', '/user/applicationsV3/{id}/child-applications', 'applications', onApplication('ReadOnly')),
  r('GET', '/user/applicationsV3/{id}/action-items', 'applications', onApplication('ReadOnly')),

  // Participants (docs/architecture.md; docs/participants.md). PATCH is open to ReadOnly: without
  // Edit a participant sets only their own roles (the service checks); every other change needs Edit.
  r('GET', '/user/applications/{id}/participantsV2', 'participants', onApplication('ReadOnly')),
  r('POST', '/user/applications/{id}/participantsV2', 'participants', onApplication('Edit')),
  r(
    'GET',
    '/user/applications/{id}/participantsV2/{participantId}',
    'participants',
    onApplication('ReadOnly'),
  ),
  r(
    'PATCH',
    '/user/applications/{id}/participantsV2/{participantId}',
    'participants',
    onApplication('ReadOnly'),
  ),
  r(
    'PATCH',
    '/user/applications/{id}/participantsV2/{participantId}/restore',
    'participants',
    onApplication('Edit'),
  ),
  r('DELETE', '/user/applications/{id}/participants/{participantId}', 'participants', onApplication('Edit')),
  r('GET', '/user/applications/{id}/participant-types', 'participants', onApplication('ReadOnly')),
  // The contact library of the caller's organisation (docs/architecture.md; docs/participants.md):
  // the service scopes every read and write to it (another organisation's contact is 404).
  // A disabled member loses the library (docs/organisations.md): active members only.
  r('GET', '/user/organisation/contacts', 'contacts', activeMember),
  r('POST', '/user/organisation/contacts', 'contacts', activeMember),
  r('GET', '/user/organisation/contacts/{id}', 'contacts', activeMember),
  r('PATCH', '/user/organisation/contacts/{id}', 'contacts', activeMember),
  r('DELETE', '/user/organisation/contacts/{id}', 'contacts', activeMember),
  // Per-application notification level of the caller (docs/architecture.md).
  r(
    'PATCH',
    '/user/applications/{id}/participants/{participantId}/notification-level',
    'participants',
    onApplication('ReadOnly'),
  ),

  // Organisations (docs/architecture.md; docs/organisations.md): members, the
  // organisation's profile, invitations to join and merges. Admin calls need an active admin of the
  // caller's organisation; a member or invitation of another organisation is 404 (the service scopes).
  r('GET', '/user/organisation/members', 'organisations', activeMember),
  r('PATCH', '/user/organisation/members/{id}/roles', 'organisations', organisationAdmin),
  r('PUT', '/user/organisation/members/{id}/status', 'organisations', organisationAdmin),
  r('POST', '/user/organisation', 'organisations', organisationAdmin),
  // The profile (its image is decoded and scaled: jimp) on its own Lambda, `functions/organisations/profile.ts`.
  r('PATCH', '/user/organisation', 'organisations', organisationAdmin, profile),
  r('POST', '/user/organisation/image-uploads', 'organisations', organisationAdmin, profile),
  r('GET', '/user/organisation/lookup', 'organisations', organisationAdmin),
  r('GET', '/user/organisation/invitations', 'organisations', organisationAdmin),
  r('POST', '/user/organisation/invitations', 'organisations', organisationAdmin),
  r('PATCH', '/user/organisation/invitations/{id}', 'organisations', organisationAdmin),
  r('POST', '/user/organisation/invitations/{id}/notifications', 'organisations', organisationAdmin),
  // Invitations sent to the caller (by email): any signed-in user, a disabled member included.
  r('GET', '/user/organisation-invitations', 'organisations', signedIn),
  r('PATCH', '/user/organisation-invitations/{id}', 'organisations', signedIn),
  r('POST', '/user/organisation/merge', 'organisations', organisationAdmin),
  r('GET', '/user/organisation/merge-invitations', 'organisations', organisationAdmin),
  r('POST', '/user/organisation/merge-invitations', 'organisations', organisationAdmin),
  r('PATCH', '/user/organisation/merge-invitations/{id}', 'organisations', organisationAdmin),
  r('POST', '/user/organisation/merge-invitations/{id}/notifications', 'organisations', organisationAdmin),
  // Merge invitations addressed to the caller's organisation: fetched only for admins (§6).
  r('GET', '/user/merge-invitations', 'organisations', organisationAdmin),
  r('PATCH', '/user/merge-invitations/{id}', 'organisations', organisationAdmin),

  // Access requests (docs/architecture.md; docs/access-requests.md): the search, a caller's requests and
  // the ones to review. Any signed-in user; the service scopes: only the application's owners (Manage)
  // see and answer incoming requests (another's is 404). The handled mark is our addition (its shape
  // is not in the spec).
  r('GET', '/user/applications-search', 'access-requests', signedIn),
  r('GET', '/user/access-requests-v2', 'access-requests', signedIn),
  r('POST', '/user/access-requests-v2', 'access-requests', signedIn),
  r('PATCH', '/user/access-requests/{guid}', 'access-requests', signedIn),
  r('PATCH', '/user/access-requests/{guid}/handled', 'access-requests', signedIn),

  // Application documents needed by the document-upload step and the summary PDF (docs/architecture.md).
  r('GET', '/user/applications/{id}/documents', 'documents', onApplication('ReadOnly')),
  r('POST', '/user/applications/{id}/documents', 'documents', onApplication('Edit')),
  r('DELETE', '/user/applications/{id}/documents/{name}', 'documents', onApplication('Edit')),
  r('GET', '/user/applications/{id}/documents/{name}/download-link', 'documents', onApplication('ReadOnly')),
  // The rest of the documents calls (docs/architecture.md; docs/documents.md). Per-document changes also need the
  // document's own rule (its uploader at Edit, anyone at Manage: shared/domain/documents.ts).
  r('GET', '/user/applications/{id}/documents/{name}', 'documents', onApplication('ReadOnly')),
  r('PATCH', '/user/applications/{id}/documents/{name}', 'documents', onApplication('Edit')),
  r('GET', '/user/applications/{id}/documents/{name}/tags', 'documents', onApplication('ReadOnly')),
  r('POST', '/user/applications/{id}/documents/{name}/tags', 'documents', onApplication('Edit')),
  r('PUT', '/user/applications/{id}/documents/{name}/tags', 'documents', onApplication('Edit')),
  r('DELETE', '/user/applications/{id}/documents/{name}/tags/{tagId}', 'documents', onApplication('Edit')),
  r('GET', '/user/applications/{id}/documents/{name}/types', 'documents', onApplication('ReadOnly')),
  r('POST', '/user/applications/{id}/documents/{name}/types', 'documents', onApplication('Edit')),
  r('PUT', '/user/applications/{id}/documents/{name}/types', 'documents', onApplication('Edit')),
  // Large files in parts (docs/documents.md "Large files"): Edit, as the document's create.
  r('POST', '/user/applications/{id}/documents/{name}/multipart', 'documents', onApplication('Edit')),
  r('GET', '/user/applications/{id}/documents/{name}/multipart', 'documents', onApplication('Edit')),
  r(
    'POST',
    '/user/applications/{id}/documents/{name}/multipart/{uploadId}/sign',
    'documents',
    onApplication('Edit'),
  ),
  r('GET', '/user/applications/{id}/document-containers', 'documents', onApplication('ReadOnly')),
  r(
    'DELETE',
    '/user/applications/{id}/document-containers/{cid}/documents',
    'documents',
    onApplication('Edit'),
  ),
  r(
    'PATCH',
    '/user/applications/{id}/document-containers/{cid}/documents/order',
    'documents',
    onApplication('Edit'),
  ),
  r('PATCH', '/user/applications/{id}/required-documents/{requiredId}', 'documents', onApplication('Edit')),
  r('GET', '/user/applications/{id}/required-document-groups', 'documents', onApplication('ReadOnly')),
  // The caller's own documents (scoped to the caller by the service).
  r('POST', '/user/documents', 'documents', signedIn),
  r('GET', '/user/documents/{name}', 'documents', signedIn),
  r('PATCH', '/user/documents/{name}', 'documents', signedIn),
  r('GET', '/user/documents/{name}/download-link', 'documents', signedIn),

  // The council integration API (docs/council-api.md): machine credentials of one authority.
  r('GET', '/council/applications', 'council', councilClient(councilRead)),
  r('GET', '/council/applications/{id}', 'council', onLodgedApplication(councilRead)),
  r('GET', '/council/applications/{id}/participants', 'council', onLodgedApplication(councilRead)),
  r('GET', '/council/applications/{id}/documents', 'council', onLodgedApplication(councilRead)),
  r('PATCH', '/council/applications/{id}', 'council', onLodgedApplication(councilWrite)),
  r('POST', '/council/applications/{id}/lodgement', 'council', onLodgedApplication(councilWrite)),
  r('POST', '/council/applications/{id}/suspension', 'council', onLodgedApplication(councilWrite)),
  r('DELETE', '/council/applications/{id}/suspension', 'council', onLodgedApplication(councilWrite)),
  r('POST', '/council/applications/{id}/decision', 'council', onLodgedApplication(councilWrite)),
  r(
    'POST',
    '/council/applications/{id}/code-compliance-certificate',
    'council',
    onLodgedApplication(councilWrite),
  ),
  r('PUT', '/council/applications/{id}/workflow-stages', 'council', onLodgedApplication(councilWrite)),
  r('PUT', '/council/applications/{id}/required-inspections', 'council', onLodgedApplication(councilWrite)),
  r(
    'PUT',
    '/council/applications/{id}/required-document-groups/{guid}',
    'council',
    onLodgedApplication(councilWrite),
  ),
  r(
    'PATCH',
    '/council/applications/{id}/required-document-groups/{guid}/uploads/{applicationDocumentId}',
    'council',
    onLodgedApplication(councilWrite),
  ),
  r('GET', '/council/events', 'council', councilClient('events.read')),
  // The consent, its conditions and the CCC the council issues (docs/council-api.md "Issued
  // documents"): kept as application documents, so scanned and served as the applicant's uploads.
  r('POST', '/council/applications/{id}/issued-documents', 'documents', onLodgedApplication(councilWrite)),
  r('GET', '/user/applications/{id}/issued-documents', 'documents', onApplication('ReadOnly')),

  // Payments (docs/architecture.md; docs/payments.md): the applicant reads invoices (ReadOnly),
  // claims a deposit and pays by card (Edit); the council issues invoices and settles deposits; the
  // gateway's notification is public (unsigned: the service only asks the gateway about the session).
  r('GET', '/user/applications/{id}/payments', 'payments', onApplication('ReadOnly')),
  r('GET', '/user/applications/{id}/payments/{paymentId}', 'payments', onApplication('ReadOnly')),
  r('PATCH', '/user/applications/{id}/payments/{paymentId}', 'payments', onApplication('Edit')),
  r('POST', '/user/applications/{id}/payments/{paymentId}/sessions', 'payments', onApplication('Edit')),
  r('GET', '/public/payments/notifications', 'payments', anyone),
  r('POST', '/public/payments/notifications', 'payments', anyone),
  r('GET', '/council/applications/{id}/payments', 'payments', onLodgedApplication(councilRead)),
  r('POST', '/council/applications/{id}/payments', 'payments', onLodgedApplication(councilWrite)),
  r(
    'POST',
    '/council/applications/{id}/payments/{paymentId}/deposit-decision',
    'payments',
    onLodgedApplication(councilWrite),
  ),
  r(
    'POST',
    '/council/applications/{id}/payments/{paymentId}/paid-at-council',
    'payments',
    onLodgedApplication(councilWrite),
  ),
  // Invite to pay: the applicant's requests to a named payer (Edit to send or cancel), and the
  // payer's link (the token is the credential: its own invoice only).
  r('POST', '/user/applications/{id}/payments/{paymentId}/requests', 'payments', onApplication('Edit')),
  r('GET', '/user/applications/{id}/payments/{paymentId}/requests', 'payments', onApplication('ReadOnly')),
  r(
    'DELETE',
    '/user/applications/{id}/payments/{paymentId}/requests/{requestId}',
    'payments',
    onApplication('Edit'),
  ),
  r('POST', '/public/payment-requests/view', 'payments', payerLink),
  r('POST', '/public/payment-requests/sessions', 'payments', payerLink),
  r('POST', '/public/payment-requests/claim', 'payments', payerLink),

  // Notifications (docs/architecture.md; docs/notifications.md): any signed-in caller,
  // their own only (the service scopes every read to the caller; an application's: its access check).
  r('GET', '/v1/service/notifications', 'notifications', signedIn),
  r('GET', '/v1/service/notifications/{id}', 'notifications', signedIn),
  r('GET', '/v1/service/notifications/user/profile', 'notifications', signedIn),
  r('PATCH', '/v1/service/notifications/user/profile', 'notifications', signedIn),
  r('GET', '/v1/service/notifications/user/seen', 'notifications', signedIn),
  r('PATCH', '/v1/service/notifications/user/seen', 'notifications', signedIn),
  // An email's unsubscribe link: the token is the credential (the service checks it; 404 otherwise).
  r('POST', '/public/notifications/unsubscribe', 'notifications', anyone),

  // RFIs (docs/architecture.md; docs/rfis.md): the applicant answers and submits rounds; the
  // council raises rounds and signs points off; the RFIs PDF.
  r('GET', '/user/applications/{id}/rfi-points-v2', 'rfis', onApplication('ReadOnly')),
  r('GET', '/user/applications/{id}/rfi-points-v2/{rfiPointId}', 'rfis', onApplication('ReadOnly')),
  r('PATCH', '/user/applications/{id}/rfi-points-v2/{rfiPointId}', 'rfis', onApplication('Edit')),
  r('POST', '/user/applications/{id}/rfi-round-submissions', 'rfis', onApplication('Edit')),
  r('POST', '/user/applications/{id}/rfi-round-submissions-v3', 'rfis', onApplication('Edit')),
  r('GET', '/user/applications/{id}/rfis-pdf', 'rfis', onApplication('ReadOnly'), rfisPdf),
  r('GET', '/council/applications/{id}/rfi-points', 'rfis', onLodgedApplication(councilRead)),
  r('POST', '/council/applications/{id}/rfi-rounds', 'rfis', onLodgedApplication(councilWrite)),
  r('PATCH', '/council/applications/{id}/rfi-points/{rfiPointId}', 'rfis', onLodgedApplication(councilWrite)),

  // Registered-applicant invitations (docs/architecture.md; docs/council-api.md §4) on the
  // council feature's `invitations` Lambda: the council's own authority's, and the invitee's side
  // (by email; another's invitation is 404).
  r('GET', '/council/registered-applicant-invitations', 'council', councilClient(councilRead), invitations),
  r(
    'POST',
    '/council/registered-applicant-invitations',
    'council',
    councilClient('applications.write'),
    invitations,
  ),
  r(
    'GET',
    '/council/registered-applicant-invitations/{id}',
    'council',
    councilClient(councilRead),
    invitations,
  ),
  r('GET', '/user/registered-applicant-invitations', 'council', signedIn, invitations),
  r('GET', '/user/registered-applicant-invitations/{id}', 'council', signedIn, invitations),
  r('PATCH', '/user/registered-applicant-invitations/{id}', 'council', signedIn, invitations),
  r('GET', '/council/webhook', 'council', webhooksManage, webhooks),
  r('PUT', '/council/webhook', 'council', webhooksManage, webhooks),
  r('DELETE', '/council/webhook', 'council', webhooksManage, webhooks),
  r('POST', '/council/webhook/secret', 'council', webhooksManage, webhooks),
  r('GET', '/council/webhook/deliveries', 'council', webhooksManage, webhooks),
  r('POST', '/council/webhook/deliveries/{eventId}/redelivery', 'council', webhooksManage, webhooks),
] as const satisfies readonly RouteDef[];

type AnyRoute = (typeof routes)[number];
type KeyOf<R> = R extends { method: infer M extends string; path: infer P extends string }
  ? `${M} ${P}`
  : never;

/** `"GET /user/applications/{id}"`: the HTTP API v2 `routeKey` of a route in the table. */
export type RouteKey = KeyOf<AnyRoute>;
/** The route keys a feature serves. */
export type FeatureRouteKey<F extends Feature> = KeyOf<Extract<AnyRoute, { feature: F }>>;
/** The route keys one Lambda of a feature serves. */
export type LambdaRouteKey<F extends Feature, L extends string> = KeyOf<
  Extract<AnyRoute, { feature: F; lambda: L }>
>;
type RouteMap = { [R in AnyRoute as KeyOf<R>]: R };
/** The table entry of a route key. */
export type RouteOf<K extends RouteKey> = RouteMap[K];
/** The access a route key declares. */
export type AccessOf<K extends RouteKey> = RouteMap[K]['access'];

export const routeKey = (r: Pick<RouteDef, 'method' | 'path'>): string => `${r.method} ${r.path}`;

/** The features that serve at least one route: one Lambda each. */
export const routedFeatures = (table: readonly RouteDef[] = routes): Feature[] =>
  features.filter((f) => table.some((rt) => rt.feature === f));

/** The table entry of a route key, or undefined. */
export const routeByKey = (key: string, table: readonly RouteDef[] = routes): RouteDef | undefined =>
  table.find((rt) => routeKey(rt) === key);

/**
 * Matches a concrete request path against the table (used by the local gateway, and by tests).
 * Returns the route and its path parameters (URL-decoded), or undefined.
 */
export function matchRoute(
  method: string,
  path: string,
  table: readonly RouteDef[] = routes,
): { route: RouteDef; pathParameters: Record<string, string> } | undefined {
  // API Gateway ignores a trailing slash on a request path.
  const clean = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  const parts = clean.split('/');
  let best: { route: RouteDef; pathParameters: Record<string, string>; literals: number } | undefined;
  for (const route of table) {
    if (route.method !== method.toUpperCase()) continue;
    const tparts = route.path.split('/');
    if (tparts.length !== parts.length) continue;
    const params: Record<string, string> = {};
    let literals = 0;
    let ok = true;
    for (let i = 0; i < tparts.length; i++) {
      const t = tparts[i]!;
      const p = parts[i]!;
      if (t.startsWith('{') && t.endsWith('}')) {
        if (p === '') {
          ok = false;
          break;
        }
        try {
          params[t.slice(1, -1)] = decodeURIComponent(p);
        } catch {
          ok = false;
          break;
        }
      } else if (t === p) {
        literals++;
      } else {
        ok = false;
        break;
      }
    }
    // The most specific route (most literal segments) wins, as in API Gateway.
    if (ok && (!best || literals > best.literals)) best = { route, pathParameters: params, literals };
  }
  return best && { route: best.route, pathParameters: best.pathParameters };
}
