/**
 * The authorization matrix (docs/authorization.md): every protected route of the route
 * table (functions/routes.ts), generated from the table, called as
 *
 * - no token, an expired token, forged tokens (another key, an altered payload, alg none, another
 *   audience, an access token, garbage) → 401;
 * - on application routes (onApplication(level)): a signed-in stranger (no rows), a participant at
 *   Unassigned and at None → 404; ReadOnly, Edit, Manage → 403 below the level the route needs,
 *   else the route's success (2xx);
 * - on signedIn routes: a signed-in user → a success (never 401/403);
 * - on organisation routes (activeMember, organisationAdmin): the agent, a sole trader and so the
 *   admin of their own organisation → a success; a Normal member → 403 on the admin routes and a
 *   disabled member → 403 on all of them, changing nothing in their organisation's partition;
 * - on payment-provider routes: every user token → 401 (no such credentials exist yet); council
 *   routes are authorization-matrix-council.test.ts's;
 *
 * and checks that every refused call changed nothing: the application's partition (the
 * application, its participants, access and list rows, steps, documents, history, template), both
 * users' partitions (profile, list summary and contributions), both users' list rows across all
 * their applications (gsi1) and the application's objects in the uploads bucket read the same
 * before and after. Nothing is ignored: a refused call writes nothing, not even a timestamp.
 *
 * How each route is called comes from {@link calls}, keyed by route key: a route of the table
 * without an entry fails the suite. Refusals run first, on one fixture application per route (the
 * other user's access level switched between calls); then the successes, on that fixture for
 * reads and on a fresh fixture per call for changes.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, test } from 'vitest';
import { CreateMultipartUploadCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { routeKey, routes, type RouteDef, type RouteKey } from '../../functions/routes';
import { AccessLevel } from '../../shared/schemas/common';

const ACCESS_LEVELS: readonly string[] = AccessLevel.options;
import type { CreateApplicationResponse } from '../../shared/schemas/applications';
import type { PractitionerSearchResponse } from '../../shared/schemas/lookups';
import { readOutputs } from '../support/outputs';
import { signIn } from '../support/cognito';
import { api } from '../support/accounts';
import { minimalPdf } from '../support/pdf';
import { waitFor } from '../support/wait';
import { eventsSettled } from '../support/events';
import { mintTokens, subOf, type MintedTokens } from '../support/tokens';
import { organisationCalls } from '../support/matrix-organisations';
import { accessRequestCalls } from '../support/matrix-access-requests';
import { councilInvitationCalls } from '../support/matrix-council-invitations';
import { makeSubmittable, signatureOf } from '../support/submission';

const o = readOutputs();

// The entities and clients read these at import: point them at the stack under test.
process.env.TABLE_NAME = o.TableName;
process.env.AWS_REGION = o.Region;
process.env.AWS_ENDPOINT_URL_DYNAMODB = String(o.DynamoDbEndpoint);
process.env.AWS_ENDPOINT_URL_S3 = String(o.S3Endpoint);
process.env.S3_FORCE_PATH_STYLE = 'true';
process.env.UPLOADS_BUCKET = o.UploadsBucket;
process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';

const { entities } = await import('../../functions/platform/data/service');
const { documentClient, s3Client } = await import('../../functions/platform/adapters/aws-clients');
const { listRowFields } = await import('../../functions/applications/model/list-row');
const { catalogue } = await import('../../functions/reference/catalogue');
const { applicationPrefixes } = await import('../../functions/documents/model/keys');

// ---------------------------------------------------------------------------------------------
// Who calls

interface Person {
  email: string;
  password: string;
  token: string;
  accessToken: string;
  sub: string;
}
/** applicant@: creates every fixture (owner, Manage). agent@: the caller given each level. */
let owner: Person;
let agent: Person;
let forged: MintedTokens;

async function person(email: string, password: string): Promise<Person> {
  const t = await signIn(email, password, o);
  return { email, password, token: t.IdToken, accessToken: t.AccessToken, sub: subOf(t.IdToken) };
}

/** The token cases: each must be answered 401 on every protected route. */
const tokenCases: { name: string; token: () => string | undefined }[] = [
  { name: 'no token', token: () => undefined },
  { name: 'an expired token', token: () => forged.expired },
  { name: 'a token signed with another key', token: () => forged.wrongKey },
  { name: "a token with an altered payload (the owner's sub)", token: () => forged.alteredPayload },
  { name: 'an alg:none token', token: () => forged.algNone },
  { name: 'a token for another app client', token: () => forged.otherAudience },
  { name: 'an access token (not an id token)', token: () => agent.accessToken },
  { name: 'a malformed token', token: () => forged.garbage },
];

/** The other user's standing on a fixture application. */
type Standing = 'stranger' | AccessLevel;
const standings: Standing[] = ['stranger', 'Unassigned', 'None', 'ReadOnly', 'Edit', 'Manage'];
const rank = (s: Standing): number => (s === 'ReadOnly' ? 1 : s === 'Edit' ? 2 : s === 'Manage' ? 3 : 0);

// ---------------------------------------------------------------------------------------------
// How each route is called

interface Fixture {
  /** The application id. */
  id: string;
  /** The agent's participant id on it (present at every standing but stranger). */
  agentParticipantId: string;
}
interface Request {
  /** Path parameters other than the application's `id` (filled in from the fixture). */
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
}
interface ApplicationCall {
  /** Puts a fixture in the state the call needs to succeed (run on every fixture of the route). */
  prepare?: (app: Fixture) => Promise<void>;
  /** The request, built when it is sent (e.g. with the application's current etag). */
  request: (app: Fixture, caller: Person) => Request | Promise<Request>;
  /**
   * The level the route's service requires when it is stricter than the table's (the call is
   * refused with 403 below it, like a level below the table's), and why.
   */
  requires?: { level: AccessLevel; why: string };
}
interface UserCall {
  request: (caller: Person) => Request | Promise<Request>;
  /** Domain answers accepted besides a 2xx (never 401/403), and why. */
  alsoAccepted?: { statuses: number[]; why: string };
}

const site = {
  address1: '12 Queen Street',
  city: 'Auckland',
  zipCode: '1010',
  country: 'NZ',
  lotNumber: '12',
  dpNumber: '34567',
};
const createBody = { operationName: 'Create', authorityId: 'akl', formId: 'bc', address: site };
const MATRIX_DOC = 'matrix-plan.pdf';

/**
 * A scanned (Completed) document uploaded by the owner, as the scanner leaves it: its scanned copy
 * under documents/ (the upload under incoming/ is gone).
 */
/** A participant without roles or sign-in (removed or not), for the remove and restore calls. */
async function seedParticipant(app: Fixture, participantId: string, isDeleted: boolean): Promise<void> {
  await entities.participant
    .put({
      applicationId: app.id,
      participantId,
      firstName: 'Matrix',
      lastName: 'Other',
      email: `${participantId}@example.nz`,
      participantTypes: [],
      accessLevel: 'None',
      isDeleted,
      modifiedDate: new Date().toISOString(),
    })
    .go();
}

async function seedDocument(app: Fixture): Promise<void> {
  const storedKey = `documents/${app.id}/${randomUUID()}`;
  const body = minimalPdf('Authorization matrix');
  await s3Client().send(
    new PutObjectCommand({
      Bucket: o.UploadsBucket,
      Key: storedKey,
      Body: body,
      ContentType: 'application/pdf',
    }),
  );
  await entities.applicationDocument
    .put({
      applicationId: app.id,
      documentName: MATRIX_DOC,
      objectKey: `incoming/${app.id}/${randomUUID()}`,
      storedKey,
      storedETag: '"seeded"',
      createdBy: owner.sub,
      fileName: MATRIX_DOC,
      fileType: 'application/pdf',
      fileSize: 7000,
      uploadStatus: 'Completed',
      documentContainerId: 'plans',
      fileModifiedDate: new Date().toISOString(),
    })
    .go();
}

const MATRIX_LARGE = 'matrix-large.pdf';
/** The open multipart upload of each fixture's large document (docs/documents.md "Large files"). */
const largeUploads = new Map<string, string>();

/** A large document the owner is uploading (Pending), with an open multipart upload of its key. */
async function seedLargeDocument(app: Fixture): Promise<void> {
  const objectKey = `incoming/${app.id}/${randomUUID()}`;
  const out = await s3Client().send(
    new CreateMultipartUploadCommand({
      Bucket: o.UploadsBucket,
      Key: objectKey,
      ContentType: 'application/pdf',
    }),
  );
  largeUploads.set(app.id, out.UploadId!);
  await entities.applicationDocument
    .put({
      applicationId: app.id,
      documentName: MATRIX_LARGE,
      objectKey,
      createdBy: owner.sub,
      fileName: MATRIX_LARGE,
      fileType: 'application/pdf',
      fileSize: 30 * 1024 * 1024,
      uploadStatus: 'Pending',
      documentContainerId: 'plans',
      fileModifiedDate: new Date().toISOString(),
    })
    .go();
}

const largeRequires = {
  level: 'Manage' as const,
  why: "only the document's uploader (the owner here) or a Manage participant sends its file (docs/authorization.md): an Edit participant is refused 403",
};

/** The matrix document with the system tag 'architectural' on it. */
async function seedDocumentWithTag(app: Fixture): Promise<void> {
  await seedDocument(app);
  await entities.documentTagRelation
    .put({ applicationId: app.id, documentName: MATRIX_DOC, documentTagId: 'architectural' })
    .go();
}

/** Each user's seeded document of their own (seeded once, before the calls). */
const ownDocuments = new Map<string, string>();
const ownDocument = (p: Person): string => {
  const name = ownDocuments.get(p.sub);
  if (!name) throw new Error(`no seeded document of ${p.email}`);
  return name;
};

/** A scanned (Completed) document of the caller's own; its name. */
async function seedUserDocument(caller: Person): Promise<string> {
  const name = `matrix-own-${randomUUID()}.pdf`;
  await entities.userDocument
    .put({
      userId: caller.sub,
      documentName: name,
      objectKey: `incoming/u-${caller.sub}/${randomUUID()}`,
      storedKey: `documents/u-${caller.sub}/${randomUUID()}`,
      fileName: name,
      fileType: 'application/pdf',
      fileSize: 7000,
      uploadStatus: 'Completed',
      createdBy: caller.sub,
    })
    .go();
  return name;
}

/** A consent (status InProgress with a consent number), as the council boundary sets it. */
async function makeConsent(app: Fixture): Promise<void> {
  const { updateApplication } = await import('../../functions/applications/repository/applications');
  await updateApplication(
    app.id,
    undefined,
    { status: 'InProgress', consentNumber: `BC-${randomUUID().slice(0, 8)}` },
    'council',
  );
}

/** The fixture suspended for an RFI round of one answered point (Consent, team Building, at Site), written directly. */
const MATRIX_RFI = 'rfi-matrix-1';
async function seedRfiRound(app: Fixture): Promise<void> {
  await makeConsent(app);
  const { updateApplication } = await import('../../functions/applications/repository/applications');
  await updateApplication(app.id, undefined, { status: 'VRFISuspended' }, 'council');
  await entities.rfiPoint
    .put({
      applicationId: app.id,
      rfiPointId: MATRIX_RFI,
      rfiPointGuid: MATRIX_RFI,
      title: 'Bracing calculations',
      requestDetails: 'Please provide the bracing calculations.',
      type: 'Consent',
      team: 'Building',
      location: 'Site',
      round: 1,
      displayOrderInRound: 1,
      documentContainerId: 'rfi-documents',
      responseDetails: 'Attached.',
      councilSentDate: new Date().toISOString(),
    })
    .go();
}

/** An invoice awaiting payment by card or deposit on the fixture, written directly. */
const MATRIX_PAYMENT = 'pay-matrix';
async function seedInvoice(app: Fixture): Promise<void> {
  await entities.payment
    .put({
      applicationId: app.id,
      paymentId: MATRIX_PAYMENT,
      authorityId: 'akl',
      description: 'Building levy',
      reference: `MX-${app.id}`,
      baseCents: 10000,
      surchargeCents: 150,
      issuedDate: new Date().toISOString(),
      options: [
        { type: 'Gateway', displayName: 'Card', surchargeFlag: true },
        {
          type: 'Deposit',
          displayName: 'Direct deposit',
          bankName: 'Example Bank',
          accountName: 'Auckland Council',
          accountNumber: '00-0000-0000000-00',
          paymentInstruction: 'Use the reference',
        },
      ],
    })
    .go();
}

const MATRIX_REQUEST = 'req-matrix';
/** The invoice and an Open payment request of it (written directly; its token is never used here). */
async function seedPaymentRequest(app: Fixture): Promise<void> {
  await seedInvoice(app);
  const now = new Date();
  await entities.paymentRequest
    .put({
      applicationId: app.id,
      requestId: MATRIX_REQUEST,
      paymentId: MATRIX_PAYMENT,
      tokenHash: `matrix-${app.id}`,
      payerName: 'Matrix Payer',
      payerEmail: 'matrix-payer@demo.consent.nz',
      sentBy: 'matrix',
      status: 'Open',
      sentAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + 14 * 86_400_000).toISOString(),
    })
    .go();
}

/** A contact of the caller's library (for the contact routes that name one). */
async function newContact(c: Person): Promise<string> {
  const res = await api(
    'POST',
    '/user/organisation/contacts',
    { firstName: 'Matrix', lastName: 'Contact' },
    {
      token: c.token,
    },
  );
  if (res.status !== 201) throw new Error(`contact fixture: ${res.status} ${JSON.stringify(res.body)}`);
  return (res.body as { id: string }).id;
}

const etagOf = async (id: string) => (await entities.application.get({ applicationId: id }).go()).data!.etag;

/**
 * One entry per route of the table (public routes are optional). Add the call of a new route here:
 * valid path parameters, query and body for the fixture application (a Draft of form `bc` at
 * Auckland Council created through the API by the owner), and a `prepare` when the call needs
 * another state. docs/authorization.md says how.
 */
const user = (c: UserCall): UserCall => c;
const onApp = (c: ApplicationCall): ApplicationCall => c;

const organisationFixtures = organisationCalls(o, () => owner, seedMember);
const accessRequestFixtures = accessRequestCalls(o, () => owner);
const councilInvitationFixtures = councilInvitationCalls(
  (email) => seedInvitation(email),
  async (invitationId) =>
    (await entities.registeredApplicantInvitation.get({ invitationId }).go({ consistent: true })).data,
);

const calls: Partial<Record<RouteKey, ApplicationCall | UserCall>> = {
  // The signed-in user's own record.
  'GET /user': user({ request: () => ({}) }),
  'PATCH /user': user({ request: () => ({ body: { emailPreference: true } }) }),
  'PUT /user/password': user({
    request: (c) => ({
      body: { accessToken: c.accessToken, previousPassword: c.password, proposedPassword: c.password },
    }),
  }),
  // Lookups (local services over the sample data).
  'GET /user/nzpost/addresschecker/suggest': user({ request: () => ({ query: { q: '12 willis' } }) }),
  'GET /user/nzpost/addresschecker/details': user({ request: () => ({ query: { dpid: '1' } }) }),
  'GET /v1/service/property-lookup/parcels': user({
    // The address is the JSON of a picked address (suggest, then details), as the web sends it.
    request: async (c) => {
      const get = (path: string) => api('GET', path, undefined, { token: c.token });
      const suggest = await get('/user/nzpost/addresschecker/suggest?q=cuba%20te%20aro');
      const [pick] = (suggest.body as { addresses: { dpid: string }[] }).addresses;
      if (!pick) throw new Error('no address in the sample data');
      const details = await get(`/user/nzpost/addresschecker/details?dpid=${encodeURIComponent(pick.dpid)}`);
      const [address] = (details.body as { details: unknown[] }).details;
      return { query: { authority: 'Wellington City Council', address: JSON.stringify(address) } };
    },
  }),
  'GET /v1/service/licensed-building-practitioners': user({
    request: () => ({ query: { searchText: 'BP1' } }),
  }),
  'GET /v1/service/licensed-building-practitioners/{lbpNumber}': user({
    request: async (c) => {
      const found = await api(
        'GET',
        '/v1/service/licensed-building-practitioners?searchText=BP1',
        undefined,
        {
          token: c.token,
        },
      );
      const first = (found.body as PractitionerSearchResponse).practitioners[0];
      if (!first) throw new Error('no practitioner in the sample register');
      return { params: { lbpNumber: first.lbpNumber } };
    },
  }),
  // User-scoped reference data.
  'GET /user/qualification-types': user({ request: () => ({}) }),
  'GET /user/documenttags': user({ request: () => ({}) }),
  'GET /user/countries': user({ request: () => ({}) }),
  'GET /user/properties': user({ request: () => ({}) }),
  // The caller's applications.
  'GET /user/applications': user({ request: () => ({}) }),
  'POST /user/applications': user({ request: () => ({ body: createBody }) }),
  'POST /user/thumbnail-uploads': user({
    request: () => ({ body: { contentType: 'image/png', contentLength: 1024 } }),
  }),
  'GET /user/applicationsV2': user({ request: () => ({}) }),
  'GET /user/applicationsV2/badges': user({ request: () => ({}) }),
  'GET /user/applicationsV2/filters': user({ request: () => ({}) }),
  'GET /user/applicationsV3': user({ request: () => ({}) }),
  // The contact library of the caller's organisation (a user without one: their own).
  'GET /user/organisation/contacts': user({ request: () => ({ query: { search_text: 'matrix' } }) }),
  'POST /user/organisation/contacts': user({
    request: () => ({ body: { firstName: 'Matrix', lastName: 'Contact', organisation: 'Matrix Ltd' } }),
  }),
  'GET /user/organisation/contacts/{id}': user({
    request: async (c) => ({ params: { id: await newContact(c) } }),
  }),
  'PATCH /user/organisation/contacts/{id}': user({
    request: async (c) => ({
      params: { id: await newContact(c) },
      body: { firstName: 'Matrix', lastName: 'Edited' },
    }),
  }),
  'DELETE /user/organisation/contacts/{id}': user({
    request: async (c) => ({ params: { id: await newContact(c) } }),
  }),

  // The caller's own documents.
  'POST /user/documents': user({
    request: () => ({
      body: { fileName: `matrix-${randomUUID()}.pdf`, mimeType: 'application/pdf', size: 7000 },
    }),
  }),
  'GET /user/documents/{name}': user({
    request: (c) => ({ params: { name: ownDocument(c) } }),
  }),
  'PATCH /user/documents/{name}': user({
    request: (c) => ({ params: { name: ownDocument(c) }, body: { status: 'WITHDRAWN' } }),
  }),
  'GET /user/documents/{name}/download-link': user({
    request: (c) => ({ params: { name: ownDocument(c) } }),
  }),

  // One application.
  'GET /user/applications/{id}': onApp({ request: () => ({}) }),
  'PATCH /user/applications/{id}': onApp({
    request: async (app) => ({ body: { etag: await etagOf(app.id), name: 'Matrix' } }),
  }),
  'DELETE /user/applications/{id}': onApp({
    request: () => ({}),
    requires: {
      level: 'Manage',
      why: 'the table lets any participant reach the route; deleting a draft needs Manage (isDeletable)',
    },
  }),
  'PATCH /user/applications/{id}/preferences': onApp({ request: () => ({ body: { isHidden: true } }) }),
  'POST /user/applications/{id}/child-applications': onApp({
    prepare: makeConsent,
    request: () => ({ body: { formId: 'amendment' } }),
  }),
  'POST /user/applications/{id}/submission': onApp({
    prepare: (app) => makeSubmittable(app.id, owner.token, o),
    // The signature is the caller's full name as on their profile.
    request: async (_app, caller) => ({ body: { userSignature: await signatureOf(caller.token, o) } }),
  }),
  'GET /user/applications/{id}/rejected-reason': onApp({ request: () => ({}) }),
  'GET /user/applications/{id}/enabled-steps': onApp({ request: () => ({}) }),
  'GET /user/applications/{id}/steps/{stepId}': onApp({
    request: () => ({ params: { stepId: 'bc-project' } }),
  }),
  'POST /user/applications/{id}/steps/{stepId}': onApp({
    request: () => ({
      params: { stepId: 'bc-compliance-schedule' },
      body: { data: { hasSpecifiedSystems: 'no' } },
    }),
  }),
  'GET /user/applications/{id}/ruleresults': onApp({ request: () => ({ query: { type: 'FULL' } }) }),
  'GET /user/applications/{id}/history': onApp({ request: () => ({}) }),
  'GET /user/applicationsV3/{id}/child-applications': onApp({ request: () => ({}) }),
  'GET /user/applicationsV3/{id}/action-items': onApp({ request: () => ({}) }),
  'GET /user/applications/{id}/participantsV2': onApp({
    request: () => ({ query: { includeDeleted: 'true' } }),
  }),
  'POST /user/applications/{id}/participantsV2': onApp({
    request: () => ({
      body: {
        firstName: 'Matrix',
        lastName: 'Person',
        email: `m-${randomUUID()}@example.nz`,
        accessLevel: 'None',
      },
    }),
  }),
  'GET /user/applications/{id}/participantsV2/{participantId}': onApp({
    request: (app) => ({ params: { participantId: app.agentParticipantId } }),
  }),
  'PATCH /user/applications/{id}/participantsV2/{participantId}': onApp({
    // Without Edit a participant may still save their own roles (unchanged here).
    request: (app, caller) => ({
      params: { participantId: app.agentParticipantId },
      body: {
        firstName: 'Tom',
        lastName: 'Whitfield',
        email: caller.email,
        participantTypes: ['Builder'],
        // The agent's own level (a stranger's call is refused before its body matters).
        accessLevel: ACCESS_LEVELS.find((l) => l === standingOn.get(app.id)) ?? 'ReadOnly',
      },
    }),
  }),
  'PATCH /user/applications/{id}/participantsV2/{participantId}/restore': onApp({
    prepare: (app) => seedParticipant(app, 'p-matrix-removed', true),
    request: () => ({ params: { participantId: 'p-matrix-removed' } }),
  }),
  'DELETE /user/applications/{id}/participants/{participantId}': onApp({
    prepare: (app) => seedParticipant(app, 'p-matrix-other', false),
    request: () => ({ params: { participantId: 'p-matrix-other' } }),
  }),
  'GET /user/applications/{id}/participant-types': onApp({ request: () => ({}) }),
  'PATCH /user/applications/{id}/participants/{participantId}/notification-level': onApp({
    // Every participant may set their own level.
    request: (app) => ({
      params: { participantId: app.agentParticipantId },
      body: { notificationLevel: 'Watching' },
    }),
  }),
  'GET /user/applications/{id}/documents': onApp({ prepare: seedDocument, request: () => ({}) }),
  'POST /user/applications/{id}/documents': onApp({
    request: () => ({
      body: { fileName: 'matrix upload.pdf', mimeType: 'application/pdf', size: 7000, containerId: 'plans' },
    }),
  }),
  'DELETE /user/applications/{id}/documents/{name}': onApp({
    prepare: seedDocument,
    request: () => ({ params: { name: MATRIX_DOC } }),
    requires: {
      level: 'Manage',
      why: "only the document's uploader (the owner here) or a Manage participant removes it (docs/authorization.md): an Edit participant is refused 403",
    },
  }),
  'GET /user/applications/{id}/documents/{name}/download-link': onApp({
    prepare: seedDocument,
    request: () => ({ params: { name: MATRIX_DOC } }),
  }),
  'GET /user/applications/{id}/documents/{name}': onApp({
    prepare: seedDocument,
    request: () => ({ params: { name: MATRIX_DOC } }),
  }),
  'PATCH /user/applications/{id}/documents/{name}': onApp({
    prepare: seedDocument,
    request: () => ({ params: { name: MATRIX_DOC }, body: { status: 'WITHDRAWN' } }),
    requires: {
      level: 'Manage',
      why: "only the document's uploader (the owner here) or a Manage participant changes it (docs/authorization.md): an Edit participant is refused 403",
    },
  }),
  'GET /user/applications/{id}/documents/{name}/tags': onApp({
    prepare: seedDocument,
    request: () => ({ params: { name: MATRIX_DOC } }),
  }),
  'POST /user/applications/{id}/documents/{name}/tags': onApp({
    prepare: seedDocument,
    request: () => ({ params: { name: MATRIX_DOC }, body: { documentTagIds: ['architectural'] } }),
    requires: {
      level: 'Manage',
      why: "only the document's uploader (the owner here) or a Manage participant changes it (docs/authorization.md): an Edit participant is refused 403",
    },
  }),
  'PUT /user/applications/{id}/documents/{name}/tags': onApp({
    prepare: seedDocument,
    request: () => ({ params: { name: MATRIX_DOC }, body: { documentTagIds: ['structural'] } }),
    requires: {
      level: 'Manage',
      why: "only the document's uploader (the owner here) or a Manage participant changes it (docs/authorization.md): an Edit participant is refused 403",
    },
  }),
  'DELETE /user/applications/{id}/documents/{name}/tags/{tagId}': onApp({
    prepare: seedDocumentWithTag,
    request: () => ({ params: { name: MATRIX_DOC, tagId: 'architectural' } }),
    requires: {
      level: 'Manage',
      why: "only the document's uploader (the owner here) or a Manage participant changes it (docs/authorization.md): an Edit participant is refused 403",
    },
  }),
  'GET /user/applications/{id}/documents/{name}/types': onApp({
    prepare: seedDocument,
    request: () => ({ params: { name: MATRIX_DOC } }),
  }),
  'POST /user/applications/{id}/documents/{name}/types': onApp({
    prepare: seedDocument,
    request: () => ({ params: { name: MATRIX_DOC }, body: { documentTypeIds: ['amendment'] } }),
    requires: {
      level: 'Manage',
      why: "only the document's uploader (the owner here) or a Manage participant changes it (docs/authorization.md): an Edit participant is refused 403",
    },
  }),
  'PUT /user/applications/{id}/documents/{name}/types': onApp({
    prepare: seedDocument,
    request: () => ({ params: { name: MATRIX_DOC }, body: { documentTypeIds: ['supporting'] } }),
    requires: {
      level: 'Manage',
      why: "only the document's uploader (the owner here) or a Manage participant changes it (docs/authorization.md): an Edit participant is refused 403",
    },
  }),
  'POST /user/applications/{id}/documents/{name}/multipart': onApp({
    prepare: seedLargeDocument,
    request: () => ({ params: { name: MATRIX_LARGE } }),
    requires: largeRequires,
  }),
  'GET /user/applications/{id}/documents/{name}/multipart': onApp({
    prepare: seedLargeDocument,
    request: () => ({ params: { name: MATRIX_LARGE } }),
    requires: largeRequires,
  }),
  'POST /user/applications/{id}/documents/{name}/multipart/{uploadId}/sign': onApp({
    prepare: seedLargeDocument,
    request: (app) => ({
      params: { name: MATRIX_LARGE, uploadId: largeUploads.get(app.id)! },
      body: { operation: 'UploadPart', partNumbers: [1] },
    }),
    requires: largeRequires,
  }),
  'GET /user/applications/{id}/document-containers': onApp({ request: () => ({}) }),
  'DELETE /user/applications/{id}/document-containers/{cid}/documents': onApp({
    prepare: seedDocument,
    request: () => ({ params: { cid: 'plans' } }),
    requires: {
      level: 'Manage',
      why: "removing all removes the owner's document too: only a Manage participant (or its uploader) may (docs/authorization.md)",
    },
  }),
  'PATCH /user/applications/{id}/document-containers/{cid}/documents/order': onApp({
    prepare: seedDocument,
    request: () => ({ params: { cid: 'plans' }, body: { documents: [MATRIX_DOC] } }),
  }),
  'PATCH /user/applications/{id}/required-documents/{requiredId}': onApp({
    request: () => ({ params: { requiredId: 'plans' }, body: { containerMergeStatus: 'InProgress' } }),
  }),
  'GET /user/applications/{id}/required-document-groups': onApp({ request: () => ({}) }),
  // The council's issued documents (docs/council-api.md "Issued documents"): read with ReadOnly.
  'GET /user/applications/{id}/issued-documents': onApp({ request: () => ({}) }),
  // Payments (docs/payments.md): reading needs ReadOnly, claiming and paying Edit.
  'GET /user/applications/{id}/payments': onApp({ prepare: seedInvoice, request: () => ({}) }),
  'GET /user/applications/{id}/payments/{paymentId}': onApp({
    prepare: seedInvoice,
    request: () => ({ params: { paymentId: MATRIX_PAYMENT } }),
  }),
  'PATCH /user/applications/{id}/payments/{paymentId}': onApp({
    prepare: seedInvoice,
    request: () => ({
      params: { paymentId: MATRIX_PAYMENT },
      body: { paymentMethod: 'Deposit', transactionDate: '2026-01-05' },
    }),
  }),
  'POST /user/applications/{id}/payments/{paymentId}/sessions': onApp({
    prepare: seedInvoice,
    request: () => ({ params: { paymentId: MATRIX_PAYMENT }, body: { paymentMethod: 'Gateway' } }),
  }),
  // Invite to pay (docs/payments.md): sending and cancelling a payer's request need Edit, the list
  // ReadOnly; the payer's link is authorization-matrix-payer.test.ts's.
  'POST /user/applications/{id}/payments/{paymentId}/requests': onApp({
    prepare: seedInvoice,
    request: () => ({
      params: { paymentId: MATRIX_PAYMENT },
      body: { payerName: 'Matrix Payer', payerEmail: 'matrix-payer@demo.consent.nz' },
    }),
  }),
  'GET /user/applications/{id}/payments/{paymentId}/requests': onApp({
    prepare: seedPaymentRequest,
    request: () => ({ params: { paymentId: MATRIX_PAYMENT } }),
  }),
  'DELETE /user/applications/{id}/payments/{paymentId}/requests/{requestId}': onApp({
    prepare: seedPaymentRequest,
    request: () => ({ params: { paymentId: MATRIX_PAYMENT, requestId: MATRIX_REQUEST } }),
  }),
  // RFIs (docs/rfis.md): reading needs ReadOnly, answering and submitting Edit.
  'GET /user/applications/{id}/rfi-points-v2': onApp({ prepare: seedRfiRound, request: () => ({}) }),
  'GET /user/applications/{id}/rfi-points-v2/{rfiPointId}': onApp({
    prepare: seedRfiRound,
    request: () => ({ params: { rfiPointId: MATRIX_RFI } }),
  }),
  'PATCH /user/applications/{id}/rfi-points-v2/{rfiPointId}': onApp({
    prepare: seedRfiRound,
    request: () => ({ params: { rfiPointId: MATRIX_RFI }, body: { responseDetails: 'Matrix answer' } }),
  }),
  'POST /user/applications/{id}/rfi-round-submissions': onApp({
    prepare: seedRfiRound,
    request: () => ({ body: { rfiLocation: 'Site', rfiRound: 1, rfiType: 'CONSENT' } }),
  }),
  'POST /user/applications/{id}/rfi-round-submissions-v3': onApp({
    prepare: seedRfiRound,
    request: () => ({ body: { rfiTeam: 'Building', rfiRound: 1, rfiType: 'Consent' } }),
  }),
  // The RFIs PDF: anyone who may read the RFIs may print them.
  'GET /user/applications/{id}/rfis-pdf': onApp({ prepare: seedRfiRound, request: () => ({}) }),

  // Organisations (test/support/matrix-organisations.ts): the agent is a sole trader, the admin of
  // their own organisation; the refusals of Normal and disabled members are below.
  ...organisationFixtures.calls,
  // Access requests (test/support/matrix-access-requests.ts): signed-in routes the service scopes.
  ...accessRequestFixtures.calls,
  // Registered-applicant invitations, the invitee's side (test/support/matrix-council-invitations.ts).
  ...councilInvitationFixtures.calls,
  // Notifications: the caller's own only (another's: test/integration/notifications.test.ts).
  'GET /v1/service/notifications': user({ request: () => ({ query: { pageSize: '7' } }) }),
  'GET /v1/service/notifications/{id}': user({
    request: async (c) => ({ params: { id: await seedNotification(c.sub) } }),
  }),
  'GET /v1/service/notifications/user/profile': user({ request: () => ({}) }),
  'PATCH /v1/service/notifications/user/profile': user({
    request: () => ({ body: { hasNewNotifications: false } }),
  }),
  'GET /v1/service/notifications/user/seen': user({ request: () => ({}) }),
  'PATCH /v1/service/notifications/user/seen': user({ request: () => ({ body: {} }) }),
};

/** A notification of `userId` (written directly, as the fan-out writes it): its id. */
async function seedNotification(userId: string): Promise<string> {
  const notificationId = randomUUID();
  await entities.notification
    .create({
      recipientType: 'User',
      recipientId: userId,
      notificationId,
      groupId: notificationId,
      type: 'Application',
      createdDate: new Date().toISOString(),
      message: {
        subtype: 'ApplicationSubmitted',
        shortText: 'Matrix',
        fullText: 'Matrix',
        htmlText: '<p>Matrix</p>',
      },
      recipients: { users: [] },
    })
    .go();
  return notificationId;
}

/** A Pending registered-applicant invitation of Wellington City Council to `email` (written directly). */
async function seedInvitation(email: string): Promise<string> {
  const invitationId = randomUUID();
  await entities.registeredApplicantInvitation
    .create({
      invitationId,
      email,
      status: 'Pending',
      sendingDate: new Date().toISOString(),
      authorityId: 'wcc',
      bcaCode: 'WCC',
      bcaName: 'Wellington City Council',
    })
    .go();
  return invitationId;
}

/** A user record and an active Normal membership (written directly: the matrix's own fixture). */
async function seedMember(userId: string, email: string, organisationId: string): Promise<void> {
  await entities.user
    .put({ userId, username: userId, email, organisationId, organisationRole: 'Normal' })
    .go();
  await entities.organisationMember
    .put({ organisationId, userId, email, role: 'Normal', status: 'Active' })
    .go();
}

const table = routes as readonly RouteDef[];
// Council routes have a kind of their own: authorization-matrix-council.test.ts (docs/council-api.md §8).
const protectedRoutes = table.filter((r) => r.access.caller !== 'public' && r.access.caller !== 'council');
const applicationRoutes = table.filter((r) => 'application' in r.access);
const userRoutes = table.filter((r) => r.access.caller === 'user' && !('application' in r.access));
const otherCallerRoutes = protectedRoutes.filter((r) => r.access.caller !== 'user');
const tableLevel = (r: RouteDef): AccessLevel =>
  'application' in r.access ? r.access.application : 'ReadOnly';

function url(route: RouteDef, req: Request, id?: string): string {
  const params: Record<string, string> = { ...(id ? { id } : {}), ...req.params };
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const v = params[name];
    if (v === undefined) throw new Error(`${routeKey(route)}: no value for path parameter ${name}`);
    return encodeURIComponent(v);
  });
  const qs = new URLSearchParams(req.query ?? {}).toString();
  return qs ? `${path}?${qs}` : path;
}

const callOf = (route: RouteDef) => calls[routeKey(route) as RouteKey];

/**
 * The spec's refusal of a user at `standing` on an application route: no access → 404 (existence
 * never shows), below the level the route needs → 403; undefined when allowed.
 */
function refusalOf(route: RouteDef, standing: Standing): 404 | 403 | undefined {
  if (rank(standing) === 0) return 404;
  const needed = (callOf(route) as ApplicationCall | undefined)?.requires?.level ?? tableLevel(route);
  return rank(standing) < rank(needed) ? 403 : undefined;
}

// ---------------------------------------------------------------------------------------------
// Fixtures

/** A Draft created through the API by the owner, the agent not yet on it, `prepare` applied. */
async function newFixture(prepare?: (app: Fixture) => Promise<void>): Promise<Fixture> {
  const res = await api('POST', '/user/applications', createBody, { token: owner.token });
  if (res.status !== 201) throw new Error(`fixture: ${res.status} ${JSON.stringify(res.body)}`);
  const app = { id: (res.body as CreateApplicationResponse).id, agentParticipantId: `p-${agent.sub}` };
  await prepare?.(app);
  return app;
}

/** Puts the agent at `standing` on the application: a participant and an access row, or neither. */
/** The agent's standing on each fixture, as last written (a write is skipped when it would change nothing). */
const standingOn = new Map<string, Standing>();

async function setStanding(app: Fixture, standing: Standing): Promise<void> {
  if (standingOn.get(app.id) === standing) return;
  standingOn.set(app.id, standing);
  // Our own write: the snapshot a refused call compares with is taken after it.
  lastSnapshot = undefined;
  if (standing === 'stranger') {
    await entities.participant.delete({ applicationId: app.id, participantId: app.agentParticipantId }).go();
    await entities.applicationAccess.delete({ applicationId: app.id, userId: agent.sub }).go();
    return;
  }
  const { data: application } = await entities.application.get({ applicationId: app.id }).go();
  if (!application) throw new Error(`fixture ${app.id} is gone`);
  await entities.participant
    .put({
      applicationId: app.id,
      participantId: app.agentParticipantId,
      loginUserId: agent.sub,
      firstName: 'Tom',
      lastName: 'Whitfield',
      email: agent.email,
      // A role every standing may hold (Agent needs Manage): the participant PATCH saves it unchanged.
      participantTypes: ['Builder'],
      accessLevel: standing,
      modifiedDate: new Date().toISOString(),
    })
    .go();
  // Unassigned and None keep a row at that level: the check must not take a row for access.
  await entities.applicationAccess
    .put({
      ...listRowFields(application, catalogue().names(application)),
      applicationId: app.id,
      userId: agent.sub,
      accessLevel: standing,
      notificationLevel: 'Normal',
      isOwner: false,
      visibility: 'visible',
    })
    .go();
}

// ---------------------------------------------------------------------------------------------
// What a refused call must not change

type Item = Record<string, unknown>;

async function queryAll(input: ConstructorParameters<typeof QueryCommand>[0]): Promise<Item[]> {
  const items: Item[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const out = await documentClient().send(new QueryCommand({ ...input, ExclusiveStartKey }));
    items.push(...((out.Items ?? []) as Item[]));
    ExclusiveStartKey = out.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}
const partition = (pk: string) =>
  queryAll({
    TableName: o.TableName,
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': pk },
    ConsistentRead: true,
  });
const applicationPk = (id: string) =>
  (entities.application.get({ applicationId: id }).params() as { Key: { pk: string } }).Key.pk;
const userPk = (userId: string) =>
  (entities.applicationListSummary.get({ userId }).params() as { Key: { pk: string } }).Key.pk;
const listRows = (userId: string) =>
  queryAll(
    entities.applicationAccess.query.byUser({ userId }).params() as ConstructorParameters<
      typeof QueryCommand
    >[0],
  );

/** Every object of the application, under every prefix it has (functions/documents/model/keys.ts). */
async function objects(id: string) {
  const pages = await Promise.all(
    applicationPrefixes(id).map((Prefix) =>
      s3Client().send(new ListObjectsV2Command({ Bucket: o.UploadsBucket, Prefix })),
    ),
  );
  return pages.flatMap((out) =>
    (out.Contents ?? []).map((c) => ({ key: c.Key, size: c.Size, etag: c.ETag })),
  );
}

/** What every snapshot reads whatever the application: both users' partitions and list rows, the invitations. */
async function readUsers() {
  const [ownerPartition, agentPartition, ownerRows, agentRows, invitations] = await Promise.all([
    partition(userPk(owner.sub)),
    partition(userPk(agent.sub)),
    listRows(owner.sub),
    listRows(agent.sub),
    councilInvitationFixtures.rows(),
  ]);
  return { ownerPartition, agentPartition, ownerRows, agentRows, invitations };
}

/**
 * The users' part, read once for every snapshot asked for while the read before it runs: a read is
 * shared only by those that asked before it started, so each snapshot still reads what was stored
 * after it was asked for (a "before" after its call was built, an "after" after its answer). The
 * concurrent token cases all read the same users' partitions and list rows (the owner's rows grow
 * with every fixture): one read for the waiting ones, not one each.
 */
let usersRunning: Promise<unknown> = Promise.resolve();
let usersQueued: ReturnType<typeof readUsers> | undefined;
function usersPart(): ReturnType<typeof readUsers> {
  if (!usersQueued) {
    const read = () => {
      usersQueued = undefined;
      return readUsers();
    };
    const next = usersRunning.then(read, read);
    usersQueued = next;
    usersRunning = next.catch(() => undefined);
  }
  return usersQueued;
}

/** Everything a refused call could have touched. */
async function snapshot(id?: string) {
  const [application, files, users] = await Promise.all([
    id ? partition(applicationPk(id)) : [],
    id ? objects(id) : [],
    usersPart(),
  ]);
  return { application, files, ...users };
}

/**
 * A snapshot once every event in the table has been handled by its consumers
 * (test/support/events.ts), then read twice the same (what a first read writes lands too).
 */
async function settled(id?: string) {
  await eventsSettled(o);
  let last: string | undefined;
  return waitFor(
    'stored data to settle',
    async () => {
      const now = JSON.stringify(await snapshot(id));
      const same = now === last;
      last = now;
      return same;
    },
    { timeoutMs: 30_000, intervalMs: 400 },
  );
}

async function send(route: RouteDef, req: Request, token: string | undefined, id?: string) {
  return api(route.method, url(route, req, id), req.body, token ? { token } : {});
}

type Snapshot = Awaited<ReturnType<typeof snapshot>>;
let lastSnapshot: { id: string | undefined; data: Snapshot } | undefined;

/** Sends a call that must be refused with `status`, and checks it changed nothing. */
async function expectRefused(
  route: RouteDef,
  req: Request,
  token: string | undefined,
  status: number,
  id?: string,
) {
  // The previous refusal's "after" is this one's "before" when nothing was written in between.
  const before = lastSnapshot && lastSnapshot.id === id ? lastSnapshot.data : await snapshot(id);
  const res = await send(route, req, token, id);
  const after = await snapshot(id);
  lastSnapshot = { id, data: after };
  expect(res.status, `${routeKey(route)} answered ${res.status} ${JSON.stringify(res.body)}`).toBe(status);
  expect(after, `${routeKey(route)}: a refused call changed stored data`).toEqual(before);
}

// ---------------------------------------------------------------------------------------------

/** One fixture per application route for the refusals (and the successes that only read). */
const routeFixtures = new Map<string, Fixture>();

beforeAll(async () => {
  const [a, b] = o.DemoUsers;
  if (!a || !b) throw new Error('the matrix needs the two demo users of the local stack');
  [owner, agent] = await Promise.all([person(a.email, a.password), person(b.email, b.password)]);
  forged = await mintTokens(agent.token, owner.sub);
  const pending = applicationRoutes.filter((r) => callOf(r));
  const workers = Array.from({ length: 4 }, async () => {
    for (let r = pending.shift(); r; r = pending.shift()) {
      const call = callOf(r) as ApplicationCall;
      routeFixtures.set(routeKey(r), await newFixture(call.prepare));
    }
  });
  await Promise.all(workers);
  // The token cases run concurrently, all with the agent at Manage: only the token stands in the way.
  for (const app of routeFixtures.values()) await setStanding(app, 'Manage');
  // Written now, not while a call is built: concurrent refusals compare the users' partitions.
  for (const p of [owner, agent]) ownDocuments.set(p.sub, await seedUserDocument(p));
  await organisationFixtures.prepare(agent);
  await accessRequestFixtures.prepare(agent);
  await councilInvitationFixtures.prepare(agent);
  await settled();
}, 120_000);

describe('the matrix covers the table', () => {
  test('every protected route has a call', () => {
    const missing = protectedRoutes
      .filter((r) => !callOf(r))
      .map((r) => `add a call for ${routeKey(r)} to test/integration/authorization-matrix.test.ts`);
    expect(missing).toEqual([]);
  });

  test('every call is of a route in the table', () => {
    const keys = new Set(table.map(routeKey));
    expect(Object.keys(calls).filter((k) => !keys.has(k))).toEqual([]);
  });

  test('application calls build requests for application routes only, and user calls for the others', () => {
    for (const r of applicationRoutes) expect(callOf(r), routeKey(r)).not.toHaveProperty('alsoAccepted');
    for (const r of userRoutes) {
      const c = callOf(r);
      expect(c, routeKey(r)).not.toHaveProperty('prepare');
      expect(c, routeKey(r)).not.toHaveProperty('requires');
    }
  });

  test('the minted tokens are refused for their flaw only: the same minting without one is accepted', async () => {
    const me = await api('GET', '/user', undefined, { token: forged.valid });
    expect(me.status).toBe(200);
  });
});

describe.concurrent('forged, expired or missing tokens: 401, and nothing changes', () => {
  for (const route of protectedRoutes) {
    const key = routeKey(route);
    const cases = otherCallerRoutes.includes(route)
      ? // Payment-provider credentials do not exist yet: every user token is refused too.
        [...tokenCases, { name: 'a signed-in user', token: () => agent.token }]
      : tokenCases;
    for (const t of cases) {
      test(`${key}: ${t.name} → 401`, async ({ expect }) => {
        const c = callOf(route);
        if (!c) throw new Error(`add a call for ${key} to test/integration/authorization-matrix.test.ts`);
        const app = routeFixtures.get(key);
        const req = app
          ? await (c as ApplicationCall).request(app, agent)
          : await (c as UserCall).request(agent);
        // Concurrent calls write nothing either: a write shows in its own call's before/after at least.
        const before = await snapshot(app?.id);
        const res = await send(route, req, t.token(), app?.id);
        const after = await snapshot(app?.id);
        expect(res.status, `${key} answered ${res.status} ${JSON.stringify(res.body)}`).toBe(401);
        expect(after, `${key}: a refused call changed stored data`).toEqual(before);
      });
    }
  }
});

describe('signed-in users without the access a route needs: 404 / 403, and nothing changes', () => {
  for (const route of applicationRoutes) {
    const key = routeKey(route);
    for (const s of standings) {
      const status = refusalOf(route, s);
      if (status === undefined) continue; // allowed: see the successes
      const who = s === 'stranger' ? 'a signed-in stranger' : `a participant at ${s}`;
      test(`${key}: ${who} → ${status}`, async () => {
        const c = callOf(route) as ApplicationCall | undefined;
        if (!c) throw new Error(`add a call for ${key} to test/integration/authorization-matrix.test.ts`);
        const app = routeFixtures.get(key)!;
        await setStanding(app, s);
        await expectRefused(route, await c.request(app, agent), agent.token, status, app.id);
      });
    }
  }
});

describe('organisation routes: a Normal member → 403 on admin calls, a disabled member → 403 on all; nothing changes', () => {
  const organisationRoutes = table.filter((r) => 'organisation' in r.access);
  const organisationId = `matrix-org-${randomUUID()}`;
  let normal: Person;
  let disabled: Person;
  const orgPartition = () =>
    partition((entities.organisation.get({ organisationId }).params() as { Key: { pk: string } }).Key.pk);

  beforeAll(async () => {
    // Two members of one organisation, registered through its invitations (as the product does).
    const { seedOrganisationInvitation } = await import('../support/accounts');
    const password = 'Matrix#2025nz';
    const join = async () => {
      const inv = await seedOrganisationInvitation({ organisationId }, o);
      const res = await api('POST', '/public/user/registration/invited', {
        invitationCode: inv.invitationCode,
        password,
      });
      if (res.status !== 200) throw new Error(`member fixture: ${res.status} ${JSON.stringify(res.body)}`);
      return person(inv.email, password);
    };
    [normal, disabled] = [await join(), await join()];
    await entities.organisation.put({ organisationId, displayName: 'Matrix Org', membersVersion: 0 }).go();
    await entities.organisationMember
      .patch({ organisationId, userId: disabled.sub })
      .set({ status: 'Disabled' })
      .go();
    await eventsSettled(o);
  }, 120_000);

  for (const route of organisationRoutes) {
    const key = routeKey(route);
    const cases: [string, () => Person][] = [['a disabled member', () => disabled]];
    if ('organisation' in route.access && route.access.organisation === 'Admin')
      cases.unshift(['a Normal member', () => normal]);
    for (const [who, p] of cases) {
      test(`${key}: ${who} → 403`, async () => {
        const c = callOf(route) as UserCall;
        const req = await c.request(agent);
        const before = await orgPartition();
        const res = await send(route, req, p().token);
        expect(res.status, `${key} answered ${res.status} ${JSON.stringify(res.body)}`).toBe(403);
        expect(await orgPartition(), `${key}: a refused call changed stored data`).toEqual(before);
      });
    }
  }
});

describe.concurrent('allowed calls succeed', () => {
  for (const route of applicationRoutes) {
    const key = routeKey(route);
    const changes = route.method !== 'GET';
    const allowed = standings.filter((x) => refusalOf(route, x) === undefined);
    // One test per route: its standings one after the other (they share the route's fixture).
    test(`${key}: a participant at ${allowed.join(', ')}`, async ({ expect }) => {
      const c = callOf(route) as ApplicationCall | undefined;
      if (!c) throw new Error(`add a call for ${key} to test/integration/authorization-matrix.test.ts`);
      const answers: Record<string, string> = {};
      for (const s of allowed) {
        // A change gets an application of its own (a deletion or a submission is not repeatable).
        const app = changes ? await newFixture(c.prepare) : routeFixtures.get(key)!;
        await setStanding(app, s);
        const res = await send(route, await c.request(app, agent), agent.token, app.id);
        answers[s] =
          res.status >= 200 && res.status < 300 ? '2xx' : `${res.status} ${JSON.stringify(res.body)}`;
      }
      expect(answers).toEqual(Object.fromEntries(allowed.map((s) => [s, '2xx'])));
    });
  }

  for (const route of userRoutes) {
    const key = routeKey(route);
    test(`${key}: a signed-in user`, async ({ expect }) => {
      const c = callOf(route) as UserCall | undefined;
      if (!c) throw new Error(`add a call for ${key} to test/integration/authorization-matrix.test.ts`);
      const res = await send(route, await c.request(agent), agent.token);
      const detail = `${key}: ${res.status} ${JSON.stringify(res.body)}`;
      if (c.alsoAccepted?.statuses.includes(res.status)) return;
      expect(res.status, detail).toBeGreaterThanOrEqual(200);
      expect(res.status, detail).toBeLessThan(300);
    });
  }
});
