import type {
  ApplicationListItem,
  CreateApplicationResponse,
  HistoryItem,
} from '../../../shared/schemas/applications.js';
import type { ActionItem } from '../../../shared/schemas/applications.js';
import {
  accessRank,
  isDeletable,
  listRecordType,
  SUBMITTED_NOT_DELETABLE,
} from '../../../shared/domain/applications.js';
import { followOnOffer } from '../../../shared/domain/offers.js';
import type { ApplicationGrant } from '../../platform/access.js';
import type { UserCaller as Caller } from '../../platform/caller.js';
import { Forbidden, NotFound } from '../../platform/errors.js';
import type { ApplicationRecord } from '../repository/applications.js';
import { actionItems } from './action-items.js';
import { pageOf } from './create.js';
import { toListItem } from './list-item.js';
import type { ApplicationPorts } from './ports.js';
import { NOT_DELETABLE, core } from './core.js';
import type { HistoryParams } from './core.js';

/**
 * Applications (docs/applications.md): read, delete, archive, child applications, history, action
 * items and the rejected reason; creating and changing drafts is ./drafts.ts, the rules they share
 * ./core.ts. Every rule of those calls is in these three, over ports (./ports.ts); the handlers only
 * parse and map. The route's access policy has already checked the caller's access to the
 * application in the path (functions/platform/access.ts); an application named in the body is
 * checked here through the same policy (`ports.access.require`).
 */

/** Every applications call but those that scale thumbnails (./ports.ts DraftPorts). */
export function applicationsService(ports: ApplicationPorts) {
  const c = core(ports);

  return {
    view: c.view,

    /** A child application (Amendment or Supporting) of a consent, with the parent's participants. */
    async createChild(
      caller: Caller,
      parent: ApplicationRecord,
      formId: string,
    ): Promise<CreateApplicationResponse> {
      // The one rule of follow-on applications (shared/domain/offers.ts): the refusal says why.
      const offer = followOnOffer(parent);
      if (!offer.allowed) throw new Forbidden(offer.reason);
      const authority = ports.reference.authority(parent.authorityId);
      if (!authority) throw new NotFound('Authority not found');
      const form = c.usableForm(authority, formId, ['Amendment', 'Supporting']);
      const child = await c.newDraft(caller, {
        authority,
        form,
        address: parent.address ?? {},
        legalDescription: parent.legalDescription,
        participants: await ports.applications.participants(parent.applicationId),
        parentApplicationId: parent.applicationId,
        historyData: { operationName: 'CreateChildApplication', parentApplicationId: parent.applicationId },
      });
      return c.created(child, caller);
    },

    /**
     * Deletes a deletable application (never lodged, or a template; Manage) with everything in its
     * partition; a submitted one is refused (403) and nothing changes.
     */
    async remove(caller: Caller, { application, access }: ApplicationGrant): Promise<void> {
      const recordType = listRecordType(application);
      if (!isDeletable({ status: application.status, accessLevel: access.accessLevel, recordType }))
        throw recordType !== 'Template' && application.status !== 'Draft'
          ? new Forbidden(NOT_DELETABLE, 'ClientError', SUBMITTED_NOT_DELETABLE)
          : new Forbidden(NOT_DELETABLE);
      await ports.applications.remove(application.applicationId, caller.userId);
    },

    /** Archive (hidden) or unarchive for the caller only. */
    async setHidden(caller: Caller, applicationId: string, hidden: boolean): Promise<void> {
      await ports.applications.setVisibility(applicationId, caller.userId, hidden);
    },

    /** The history of the application, or of one entity of it; paged. */
    async history(applicationId: string, query: HistoryParams): Promise<HistoryItem[]> {
      const entityType = query.entity;
      const entityId = entityType === 'APPLICATION' ? (query.id ?? applicationId) : query.id;
      const items = await ports.applications.history(applicationId, {
        ...(entityType ? { entityType } : {}),
        ...(entityType && entityId ? { entityId } : {}),
        order: query.sortDirection,
      });
      return pageOf(items, {
        direction: query.sortDirection,
        page: query.page,
        pageSize: query.pageSize,
      }).map((h) => {
        const item: HistoryItem = {
          id: h.historyId,
          eventType: h.eventType,
          eventData: {
            entityId: h.entityId,
            entityType: h.entityType,
            ...((h.eventData as Record<string, unknown>) ?? {}),
          },
          timestamp: h.timestamp,
        };
        if (h.eventSource) item.eventSource = h.eventSource;
        if (h.modifiedBy) item.modifiedBy = h.modifiedBy;
        if (h.delta && Object.keys(h.delta as object).length > 0)
          item.delta = h.delta as HistoryItem['delta'];
        return item;
      });
    },

    /** The child applications the caller may see, newest change first. */
    async children(caller: Caller, applicationId: string): Promise<ApplicationListItem[]> {
      const links = await ports.applications.children(applicationId);
      const rows = await Promise.all(
        links.map(async (l) => {
          const [application, access] = await Promise.all([
            ports.applications.get(l.childApplicationId),
            ports.applications.access(l.childApplicationId, caller.userId),
          ]);
          if (!application || !access || accessRank(access.accessLevel) < 1) return undefined;
          return toListItem(application, access, {
            ...ports.reference.names(application),
            hasChildApplications: (application.childCount ?? 0) > 0,
          });
        }),
      );
      return rows
        .filter((r): r is ApplicationListItem => r !== undefined)
        .sort((a, b) => b.modifiedDate.localeCompare(a.modifiedDate));
    },

    /** The actions the caller may take on the application (Save as Template, child applications). */
    actionItems({ application, access }: ApplicationGrant): ActionItem[] {
      return actionItems({
        application,
        accessLevel: access.accessLevel,
        forms: ports.reference.forms(application.jurisdictionId),
        enabledFormSeries: ports.reference.authority(application.authorityId)?.enabledFormSeries ?? [],
      });
    },

    /** Why a rejected or refused application was closed; null otherwise. */
    rejectedReason(application: ApplicationRecord): { reason: string | null } {
      const closed = application.status === 'Rejected' || application.status === 'Refused';
      return { reason: closed ? (application.closedReason ?? null) : null };
    },
  };
}
