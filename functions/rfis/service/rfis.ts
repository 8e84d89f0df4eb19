import {
  nextRoundNumber,
  orderRfiPoints,
  pointChange,
  pointsOfRound,
  rfiFlags,
  rfiMessages,
  rfiNeighbours,
  roundSubmission,
  type RoundSelector,
} from '../../../shared/domain/rfis.js';
import { councilTransition, resumeClock, suspendClock } from '../../../shared/domain/council.js';
import type { RaiseRfiRound, RfiPointPatch } from '../../../shared/schemas/rfis.js';
import type * as z from 'zod';
import type { RfiSignOff } from '../../../shared/schemas/rfis.js';
import type { ApplicationGrant, ApplicationRecord, CouncilApplicationGrant } from '../../platform/access.js';
import type { LodgedApplicationPatch } from '../../platform/data/application-change.js';
import { Conflict, Invalid, NotFound } from '../../platform/errors.js';
import { councilActor } from '../../platform/events/types.js';
import type { UserCaller } from '../../platform/caller.js';
import type { Idempotency } from '../../platform/idempotency.js';
import { recordMetric } from '../../platform/observability/metrics.js';
import { toRfiPointDto, type RfiPointRecord } from './dto.js';
import type { RfiChange } from '../model/records.js';

export type { RfiChange } from '../model/records.js';

/** Where the application stands for RFIs: answered only while the council waits for it. */
const ANSWERABLE = new Set(['VRFISuspended', 'InProgress']);

export interface RfiPorts {
  now(): Date;
  newId(): string;
  points(applicationId: string): Promise<RfiPointRecord[]>;
  /** The display name of a user (who responded, who submitted the round). */
  userName(userId: string): Promise<string | undefined>;
  /** The application's documents: names and containers. */
  documents(applicationId: string): Promise<{ name: string; documentContainerId?: string | undefined }[]>;
  /** The containers of type RFIDocument (reference data); the first takes new points' documents. */
  rfiContainerIds(): string[];
  /** Saves a point's response on condition that it is still open; false when it no longer is. */
  saveResponse(
    before: RfiPointRecord,
    set: Partial<RfiPointRecord>,
    actor: string,
    now: Date,
  ): Promise<boolean>;
  /** Runs an RFI change as one transaction; false when something changed meanwhile. */
  write(change: RfiChange): Promise<boolean>;
}

const CHANGED = 'The RFIs changed meanwhile; read them again';

/**
 * RFIs (docs/rfis.md). The council raises rounds and signs points
 * off; the applicant answers points and submits rounds. The statuses, flags and what may change come
 * from the shared rules (shared/domain/rfis.ts); each change is one transaction with its event.
 */
export function rfisService(ports: RfiPorts) {
  async function dtos(applicationId: string) {
    const points = orderRfiPoints(await ports.points(applicationId));
    return { points, dtos: points.map((p) => toRfiPointDto(p, rfiNeighbours(points, p.rfiPointId))) };
  }
  async function pointOf(applicationId: string, rfiPointId: string) {
    const { points, dtos: all } = await dtos(applicationId);
    const point = points.find((p) => p.rfiPointId === rfiPointId);
    if (!point) throw new NotFound(rfiMessages.pointNotFound);
    return { points, point, dto: all.find((d) => d.id === rfiPointId)! };
  }
  /** The application's flags after the points change, and the status and clock that follow. */
  function followingPatch(application: ApplicationRecord, after: RfiPointRecord[], now: Date) {
    const flags = rfiFlags(after);
    const patch: LodgedApplicationPatch = { ...flags };
    if (flags.hasOutstandingRFIs && application.status === 'InProgress') {
      const t = councilTransition(application, 'suspend');
      if (t.ok) {
        patch.status = t.status;
        patch.clockSuspensions = suspendClock(application.clockSuspensions, now);
      }
    } else if (!flags.hasOutstandingRFIs && application.status === 'VRFISuspended') {
      const t = councilTransition(application, 'resume');
      if (t.ok) {
        patch.status = t.status;
        patch.clockSuspensions = resumeClock(application.clockSuspensions, now);
      }
    }
    return patch;
  }

  return {
    /** GET …/rfi-points-v2 (and the council's list): every point in reading order. */
    async list(applicationId: string) {
      return { rfiPoints: (await dtos(applicationId)).dtos };
    },

    /** GET …/rfi-points-v2/{rfiPointId}. */
    async get(applicationId: string, rfiPointId: string) {
      return (await pointOf(applicationId, rfiPointId)).dto;
    },

    /** PATCH …/rfi-points-v2/{rfiPointId}: the response of a point still open (Edit access). */
    async respond(caller: UserCaller, grant: ApplicationGrant, rfiPointId: string, body: RfiPointPatch) {
      const { application } = grant;
      const { point } = await pointOf(application.applicationId, rfiPointId);
      const change = pointChange(point);
      if (!change.ok) throw new Conflict(change.reason);
      if (!ANSWERABLE.has(application.status)) throw new Conflict(rfiMessages.notEditable);
      if (body.responseDocumentNames) {
        const containers = new Set([point.documentContainerId, ...ports.rfiContainerIds()]);
        const documents = new Map(
          (await ports.documents(application.applicationId)).map((d) => [d.name, d.documentContainerId]),
        );
        const bad = body.responseDocumentNames.findIndex(
          (name) => !documents.has(name) || !containers.has(documents.get(name)),
        );
        if (bad >= 0)
          throw new Invalid([
            { field: `body.responseDocumentNames.${bad}`, reason: rfiMessages.documentNotFound },
          ]);
      }
      const now = ports.now();
      const set: Partial<RfiPointRecord> = {
        ...(body.responseDetails !== undefined ? { responseDetails: body.responseDetails } : {}),
        ...(body.responseDocumentNames !== undefined
          ? { responseDocumentNames: [...new Set(body.responseDocumentNames)] }
          : {}),
        responsePersonId: caller.userId,
        responsePersonName: (await ports.userName(caller.userId)) ?? caller.email ?? '',
        responseLastModifiedDate: now.toISOString(),
      };
      if (!(await ports.saveResponse(point, set, caller.userId, now)))
        throw new Conflict(rfiMessages.pointSubmitted);
      return (await pointOf(application.applicationId, rfiPointId)).dto;
    },

    /**
     * POST …/rfi-round-submissions(-v3): the round as a whole, every open point answered (Edit
     * access). The last open round submitted returns the application to InProgress and restarts the
     * clock; the council hears of it (RfiRoundSubmitted on its feed and webhook).
     */
    async submitRound(caller: UserCaller, grant: ApplicationGrant, selector: RoundSelector) {
      const { application } = grant;
      const points = await ports.points(application.applicationId);
      const round = pointsOfRound(points, selector);
      const check = roundSubmission(round);
      if (!check.ok) throw check.conflict ? new Conflict(check.reason) : new NotFound(check.reason);
      if (!ANSWERABLE.has(application.status)) throw new Conflict(rfiMessages.notEditable);
      const now = ports.now();
      const name = (await ports.userName(caller.userId)) ?? caller.email ?? '';
      const set = {
        customerSubmittedDate: now.toISOString(),
        roundSubmittedById: caller.userId,
        roundSubmittedByName: name,
        status: 'SUBMITTED' as const,
      };
      const submitted = new Set(check.points.map((p) => p.rfiPointId));
      const after = points.map((p) => (submitted.has(p.rfiPointId) ? { ...p, ...set } : p));
      const ok = await ports.write({
        application,
        patch: followingPatch(application, after, now),
        action: 'RfiRoundSubmitted',
        source: 'user',
        actor: caller.userId,
        now,
        update: check.points.map((before) => ({ before, set })),
        round: {
          type: selector.type,
          team: check.points[0]!.team ?? '',
          round: selector.round,
          rfiPointIds: [...submitted],
        },
      });
      if (!ok) throw new Conflict(CHANGED);
      recordMetric('RfiRoundsSubmitted');
      const all = orderRfiPoints(after).map((p) => toRfiPointDto(p, rfiNeighbours(after, p.rfiPointId)));
      return { rfiPoints: all.filter((d) => submitted.has(d.id)) };
    },

    /**
     * POST /council/applications/{id}/rfi-rounds: a round of new points (the next round of its type
     * and team unless named); the application is suspended (VRFISuspended) and its clock stops.
     */
    async raise(g: CouncilApplicationGrant, idempotency: Idempotency, body: RaiseRfiRound) {
      const { application } = g;
      if (!ANSWERABLE.has(application.status)) throw new Conflict(rfiMessages.raiseNotInProgress);
      const points = await ports.points(application.applicationId);
      const round = body.round ?? nextRoundNumber(points, body.type, body.team);
      if (pointsOfRound(points, { type: body.type, team: body.team, round }).length > 0)
        throw new Conflict(rfiMessages.roundExists(round));
      const now = ports.now();
      const sent = body.sentDate ?? now.toISOString();
      const container = ports.rfiContainerIds()[0]!;
      const created: RfiPointRecord[] = body.points.map((p, i) => {
        const id = ports.newId();
        return {
          applicationId: application.applicationId,
          rfiPointId: id,
          rfiPointGuid: id,
          title: p.title,
          requestDetails: p.requestDetails,
          requestPerson: {
            name: p.requestPerson.name,
            email: p.requestPerson.email,
            phone: p.requestPerson.phone,
          },
          type: body.type,
          team: body.team,
          round,
          building: p.building ?? '',
          location: p.location ?? '',
          displayOrderInRound: i + 1,
          status: 'NOT_SPECIFIED',
          documentContainerId: container,
          documentCategoryId: p.documentCategoryId,
          responseDocumentNames: [],
          councilCreatedDate: now.toISOString(),
          councilSentDate: sent,
        } satisfies RfiPointRecord;
      });
      const after = [...points, ...created];
      const patch = followingPatch(application, after, now);
      const answer = {
        type: body.type,
        team: body.team,
        round,
        applicationStatus: patch.status ?? application.status,
        rfiPoints: created.map((p) => toRfiPointDto(p, rfiNeighbours(after, p.rfiPointId))),
      };
      const ok = await ports.write({
        application,
        patch,
        action: 'RfiRoundRaised',
        source: 'council',
        actor: councilActor(g.council.authorityId),
        now,
        create: created,
        round: { type: body.type, team: body.team, round, rfiPointIds: created.map((p) => p.rfiPointId) },
        idempotency: { idempotency, answer, statusCode: 201 },
      });
      if (!ok) throw new Conflict(CHANGED);
      recordMetric('CouncilWrites', { action: 'rfi' });
      return answer;
    },

    /** PATCH /council/applications/{id}/rfi-points/{rfiPointId}: a submitted point signed off. */
    async signOff(
      g: CouncilApplicationGrant,
      idempotency: Idempotency,
      rfiPointId: string,
      body: z.output<typeof RfiSignOff>,
    ) {
      const { application } = g;
      const { points, point } = await pointOf(application.applicationId, rfiPointId);
      if (point.councilSignedOffDate) throw new Conflict(rfiMessages.alreadySignedOff);
      if (!point.customerSubmittedDate) throw new Conflict(rfiMessages.notSubmitted);
      const now = ports.now();
      const set = { status: body.status, councilSignedOffDate: body.signedOffDate ?? now.toISOString() };
      const after = points.map((p) => (p.rfiPointId === rfiPointId ? { ...p, ...set } : p));
      const answer = toRfiPointDto({ ...point, ...set }, rfiNeighbours(after, rfiPointId));
      const ok = await ports.write({
        application,
        patch: {},
        action: 'RfiPointSignedOff',
        source: 'council',
        actor: councilActor(g.council.authorityId),
        now,
        update: [{ before: point, set }],
        round: {
          type: point.type,
          team: point.team ?? '',
          round: point.round ?? 1,
          rfiPointIds: [rfiPointId],
        },
        idempotency: { idempotency, answer },
      });
      if (!ok) throw new Conflict(CHANGED);
      recordMetric('CouncilWrites', { action: 'rfi-sign-off' });
      return answer;
    },
  };
}
