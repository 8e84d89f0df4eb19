import * as z from 'zod';
import { ApplicationIdParams } from './applications.js';
import { CouncilApplicationParams } from './council.js';
import { Id } from './common.js';
import { Email } from './fields.js';
import { messages } from '../domain/validation.js';
import {
  parseRoundNumber,
  rfiPointStatusValues,
  rfiSignOffStatuses,
  rfiTypeOf,
  rfiTypes,
} from '../domain/rfis.js';

/**
 * Requests for further information (docs/rfis.md): the
 * applicant's calls (`/user/applications/{id}/rfi-…`) and the council's (`/council/applications/{id}/rfi-…`).
 */

export const MAX_RFI_POINTS_PER_ROUND = 50;
export const MAX_RFI_RESPONSE_LENGTH = 20000;
export const MAX_RFI_REQUEST_LENGTH = 10000;
export const MAX_RFI_RESPONSE_DOCUMENTS = 100;

export const RfiType = z.enum(rfiTypes);
export const RfiPointStatusValue = z.enum(rfiPointStatusValues);

/** The council officer who asked, and how to reach them. */
export const RfiRequestPerson = z.object({
  name: z.string().optional(),
  email: z.string().optional(),
  phone: z.string().optional(),
});

/** One RFI point as both sides read it (§3 "RFI point", with the later variants' field names too). */
export const RfiPointDto = z.object({
  id: z.string(),
  rfiPointGuid: z.string(),
  applicationId: z.string(),
  title: z.string(),
  requestDetails: z.string(),
  requestPerson: RfiRequestPerson,
  type: RfiType,
  round: z.number(),
  team: z.string(),
  building: z.string(),
  location: z.string(),
  displayOrderInRound: z.number(),
  status: RfiPointStatusValue,
  councilCreatedDate: z.string().optional(),
  councilSentDate: z.string().optional(),
  councilSignedOffDate: z.string().optional(),
  customerSubmittedDate: z.string().optional(),
  roundSubmittedByName: z.string().optional(),
  roundSubmittedById: z.string().optional(),
  responseDetails: z.string().optional(),
  responsePersonName: z.string().optional(),
  responseLastModifiedDate: z.string().optional(),
  documentContainerId: z.string(),
  documentCategoryId: z.string().optional(),
  documentNames: z.array(z.string()),
  previousRfiPointGuid: z.string().optional(),
  nextRfiPointGuid: z.string().optional(),
  // The later variants' names of the same fields.
  rfiPointType: RfiType,
  rfiRound: z.number(),
  rfiTeam: z.string(),
  rfiBuilding: z.string(),
  rfiLocation: z.string(),
  rfiPointStatus: RfiPointStatusValue,
});
export type RfiPointDto = z.infer<typeof RfiPointDto>;

/** GET …/rfi-points-v2 (and the council's list). */
export const RfiPointsResponse = z.object({ rfiPoints: z.array(RfiPointDto) });
export type RfiPointsResponse = z.infer<typeof RfiPointsResponse>;

export const RfiPointParams = ApplicationIdParams.extend({ rfiPointId: Id });

/** PATCH …/rfi-points-v2/{rfiPointId}: the response text and its documents (either or both). */
export const RfiPointPatch = z
  .object({
    responseDetails: z.string().max(MAX_RFI_RESPONSE_LENGTH, 'The response is too long').optional(),
    responseDocumentNames: z.array(Id).max(MAX_RFI_RESPONSE_DOCUMENTS).optional(),
  })
  .strict()
  .refine((b) => b.responseDetails !== undefined || b.responseDocumentNames !== undefined, {
    message: 'Send responseDetails or responseDocumentNames',
    path: ['responseDetails'],
  });
export type RfiPointPatch = z.infer<typeof RfiPointPatch>;

/** An RFI type in any case (the v2 submission sends it upper-case). */
const RfiTypeText = z.string({ error: messages.required }).transform((t, ctx) => {
  const type = rfiTypeOf(t);
  if (!type) {
    ctx.addIssue({ code: 'custom', message: `rfiType is one of ${rfiTypes.join(', ')}` });
    return z.NEVER;
  }
  return type;
});
/** A round number, or text holding one ('2', 'Round 2'). */
const RoundText = z.union([z.number(), z.string().max(50)]).transform((t, ctx) => {
  const n = parseRoundNumber(t);
  if (n === undefined) {
    ctx.addIssue({ code: 'custom', message: 'rfiRound is a round number' });
    return z.NEVER;
  }
  return n;
});
const Label = z.string().trim().max(200);

/** POST …/rfi-round-submissions: the round by its location. */
export const RfiRoundSubmissionV2 = z
  .object({ rfiLocation: Label.default(''), rfiRound: RoundText, rfiType: RfiTypeText })
  .strict();
/** POST …/rfi-round-submissions-v3: the round by its team. */
export const RfiRoundSubmissionV3 = z
  .object({ rfiTeam: Label.default(''), rfiRound: RoundText, rfiType: RfiTypeText })
  .strict();
/** Both submissions answer the points they submitted. */
export const RfiRoundSubmissionResponse = RfiPointsResponse;

// ---- The council's side ----

const Text = (max: number) =>
  z.string({ error: messages.required }).trim().min(1, messages.required).max(max);
const DateOrInstant = z.union([z.iso.datetime({ offset: true }), z.iso.date()]);

/** One point the council asks. */
export const RaiseRfiPoint = z
  .object({
    title: Text(200),
    requestDetails: Text(MAX_RFI_REQUEST_LENGTH),
    building: Label.optional(),
    location: Label.optional(),
    requestPerson: z
      .object({ name: Text(200), email: Email, phone: z.string().trim().max(40).optional() })
      .strict(),
    documentCategoryId: z.string().trim().max(100).optional(),
  })
  .strict();

/** POST /council/applications/{id}/rfi-rounds: a round of points (the round number is the next one by default). */
export const RaiseRfiRound = z
  .object({
    type: RfiType.default('Vetting'),
    team: Label.default(''),
    round: z.number().int().min(1).max(999).optional(),
    sentDate: DateOrInstant.optional(),
    points: z.array(RaiseRfiPoint).min(1).max(MAX_RFI_POINTS_PER_ROUND),
  })
  .strict();
export type RaiseRfiRound = z.output<typeof RaiseRfiRound>;

/** 201 of raising a round: the round's points and where the application stands. */
export const RaisedRfiRound = z.object({
  type: RfiType,
  team: z.string(),
  round: z.number(),
  applicationStatus: z.string(),
  rfiPoints: z.array(RfiPointDto),
});

export const CouncilRfiPointParams = CouncilApplicationParams.extend({ rfiPointId: Id });

/** PATCH /council/applications/{id}/rfi-points/{rfiPointId}: the council signs a submitted point off. */
export const RfiSignOff = z
  .object({ status: z.enum(rfiSignOffStatuses), signedOffDate: DateOrInstant.optional() })
  .strict();

/** GET /user/applications/{id}/rfis-pdf: a 5-minute link to the RFIs PDF (made when the RFIs changed). */
export const RfisPdfResponse = z.object({
  fileName: z.string(),
  url: z.string(),
  generatedAt: z.string(),
  size: z.number(),
});
export type RfisPdfResponse = z.infer<typeof RfisPdfResponse>;
