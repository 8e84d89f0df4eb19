/**
 * In-memory ports of the applications services (functions/applications/service/ports.ts): a table
 * of applications, access rows, participants, steps, templates, child links and history, the
 * thumbnail uploads (the real thumbnails service over a map of objects and a fake scaler), a bucket
 * the real reference catalogue (bundled data) and one profile per user.
 */
import type { ApplicationGrant } from '../../../../functions/platform/access.js';
import { Conflict, Forbidden, NotFound } from '../../../../functions/platform/errors.js';
import { catalogue } from '../../../../functions/reference/catalogue.js';
import { detectAuthorityOfAddress } from '../../../../functions/reference/detection.js';
import type {
  AccessRecord,
  ApplicationChildRecord,
  ApplicationRecord,
  ApplicationStepRecord,
  CreateApplicationInput,
  HistoryRecord,
  ParticipantRecord,
  TemplateRecord,
} from '../../../../functions/applications/repository/applications.js';
import type { CreatorProfile, DraftPorts } from '../../../../functions/applications/service/ports.js';
import { thumbnailsService } from '../../../../functions/applications/service/thumbnails.js';
import { accessRank, THUMBNAIL_MESSAGE } from '../../../../shared/domain/applications.js';
import type { AccessLevel } from '../../../../shared/schemas/common.js';
import type { Form } from '../../../../shared/schemas/reference.js';

export const NOW = new Date('2026-03-04T05:06:07.000Z');

export const profileOf = (userId: string): CreatorProfile => ({
  firstName: `First-${userId}`,
  lastName: `Last-${userId}`,
  email: `${userId}@example.nz`,
  phoneCountryCode: '+64',
  contactNumber: '211234567',
  defaultApplicationNotificationLevel: 'Watching',
});

export function fakeWorld() {
  /** The uploads bucket's `thumbnails/` objects, and the keys removed from it. */
  const uploads = new Map<string, Uint8Array>();
  const removed: string[] = [];
  let uploadIds = 0;
  const applications = new Map<string, ApplicationRecord>();
  const access = new Map<string, AccessRecord>();
  const participants: ParticipantRecord[] = [];
  const steps: ApplicationStepRecord[] = [];
  const templates = new Map<string, TemplateRecord>();
  const children: ApplicationChildRecord[] = [];
  const history: HistoryRecord[] = [];
  const creates: CreateApplicationInput[] = [];
  const updates: { id: string; etag: string | undefined; options: unknown }[] = [];
  const profiles = new Map<string, CreatorProfile>();
  const ownAuthorities = new Map<string, string[]>();
  /** Stored `serviceable` that differs from the bundled data (an onboarded or revoked council). */
  const serviceable = new Map<string, boolean>();
  const extraForms: Form[] = [];
  let nextId = 1000001;
  const numbers = new Map<string, number>();
  const stamp = NOW.toISOString();

  const ports: DraftPorts = {
    applications: {
      nextId: async () => String(nextId++),
      nextNumber: async (authorityId, date) => {
        const key = `${authorityId}#${date.getUTCFullYear()}`;
        const n = (numbers.get(key) ?? 0) + 1;
        numbers.set(key, n);
        return `BLD-${date.getUTCFullYear()}-${String(n).padStart(5, '0')}`;
      },
      create: async (input) => {
        creates.push(input);
        const app = {
          ...input.application,
          createdAt: stamp,
          updatedAt: stamp,
        } as unknown as ApplicationRecord;
        if (applications.has(app.applicationId)) throw new Error('exists');
        applications.set(app.applicationId, app);
        for (const p of input.participants)
          participants.push({ ...p, createdAt: stamp, updatedAt: stamp } as ParticipantRecord);
        for (const r of input.accessRows)
          access.set(`${app.applicationId}/${r.userId}`, {
            applicationId: app.applicationId,
            notificationLevel: 'Normal',
            visibility: 'visible',
            isOwner: false,
            ...r,
          } as unknown as AccessRecord);
        for (const s of input.steps ?? [])
          steps.push({ ...s, applicationId: app.applicationId } as ApplicationStepRecord);
        if (input.template)
          templates.set(app.applicationId, {
            ...input.template,
            applicationId: app.applicationId,
          } as TemplateRecord);
        if (input.child)
          children.push({
            applicationId: input.child.parentApplicationId,
            childApplicationId: app.applicationId,
          } as unknown as ApplicationChildRecord);
        for (const h of input.history ?? [])
          history.push({
            ...h,
            applicationId: app.applicationId,
            historyId: `h${history.length}`,
            timestamp: stamp,
          } as HistoryRecord);
        return app;
      },
      get: async (id) => applications.get(id),
      update: async (id, etag, patch, actor, options) => {
        updates.push({ id, etag, options });
        const current = applications.get(id);
        if (!current) throw new NotFound('Application not found');
        if (etag !== undefined && current.etag !== etag) throw new Conflict('stale');
        const next = {
          ...current,
          ...patch,
          etag: `${current.etag}+`,
          modifiedDate: stamp,
          modifiedBy: actor,
        };
        applications.set(id, next);
        if (options?.history)
          history.push({
            ...options.history,
            applicationId: id,
            historyId: `h${history.length}`,
            timestamp: stamp,
          } as HistoryRecord);
        if (options?.template) templates.set(id, { ...templates.get(id)!, ...options.template });
        return next;
      },
      remove: async (id) => {
        applications.delete(id);
        for (const k of [...access.keys()]) if (k.startsWith(`${id}/`)) access.delete(k);
      },
      setVisibility: async (id, userId, hidden) => {
        const row = access.get(`${id}/${userId}`);
        if (!row) throw new NotFound('Application not found');
        access.set(`${id}/${userId}`, { ...row, visibility: hidden ? 'hidden' : 'visible' });
      },
      access: async (id, userId) => access.get(`${id}/${userId}`),
      participants: async (id) => participants.filter((p) => p.applicationId === id),
      steps: async (id) => steps.filter((s) => s.applicationId === id),
      children: async (id) => children.filter((c) => c.applicationId === id),
      template: async (id) => templates.get(id),
      history: async (id, o) => {
        const items = history.filter(
          (h) =>
            h.applicationId === id &&
            (!o.entityType || h.entityType === o.entityType) &&
            (!o.entityId || h.entityId === o.entityId),
        );
        return o.order === 'asc' ? items : [...items].reverse();
      },
    },
    access: {
      require: async (applicationId, userId, minimum: AccessLevel): Promise<ApplicationGrant> => {
        const application = applications.get(applicationId);
        const row = access.get(`${applicationId}/${userId}`);
        if (!application || !row || accessRank(row.accessLevel) < 1)
          throw new NotFound('Application not found');
        if (accessRank(row.accessLevel) < accessRank(minimum)) throw new Forbidden();
        return { application, access: row };
      },
    },
    reference: {
      authority: (id) => catalogue().authority(id),
      detectAuthority: (jurisdictionId, address) =>
        detectAuthorityOfAddress(catalogue().authorities(jurisdictionId), address),
      forms: (jurisdictionId) => [...catalogue().forms(jurisdictionId), ...extraForms],
      names: (a) => catalogue().names(a),
      requiredDocuments: (formId) => catalogue().requiredDocuments(formId),
      serviceable: async (id) => serviceable.get(id) ?? catalogue().authority(id)?.serviceable ?? false,
      ownAuthorities: async (userId) => (ownAuthorities.get(userId) ?? []).map((id) => ({ id })),
    },
    people: { profile: async (userId) => profiles.get(userId) },
    thumbnails: thumbnailsService({
      uploads: {
        presign: async (key, o) =>
          `https://uploads.example/${key}?type=${o.contentType}&length=${o.contentLength}`,
        size: async (key) => uploads.get(key)?.length,
        read: async (key, maxBytes) => uploads.get(key)?.subarray(0, maxBytes + 1),
        remove: async (key) => {
          removed.push(key);
          uploads.delete(key);
        },
      },
      // A "PNG" is anything with the PNG signature; its "JPEG" names its length.
      images: {
        thumbnail: async (bytes) =>
          Buffer.from(bytes.subarray(0, 4)).toString('latin1') === '\x89PNG'
            ? { jpeg: Buffer.from(`jpeg:${bytes.length}`) }
            : { refused: THUMBNAIL_MESSAGE },
      },
      newUploadId: () => `00000000-0000-4000-8000-${String(++uploadIds).padStart(12, '0')}`,
      now: () => NOW,
    }),
    now: () => NOW,
  };

  /** A signed-in user with a profile. */
  function user(userId: string) {
    profiles.set(userId, profileOf(userId));
    return { kind: 'user' as const, userId, email: `${userId}@example.nz` };
  }

  /** Gives a user a row on an application. */
  function grant(applicationId: string, userId: string, accessLevel: AccessLevel) {
    access.set(`${applicationId}/${userId}`, {
      applicationId,
      userId,
      accessLevel,
      notificationLevel: 'Normal',
      visibility: 'visible',
      isOwner: false,
    } as unknown as AccessRecord);
  }

  /** The grant the route's access policy would hand the handler. */
  function grantOf(applicationId: string, userId: string): ApplicationGrant {
    return {
      application: applications.get(applicationId)!,
      access: access.get(`${applicationId}/${userId}`)!,
    };
  }

  /** Sets fields of a stored application (e.g. a council's status change). */
  function setApplication(id: string, fields: Partial<ApplicationRecord>) {
    applications.set(id, { ...applications.get(id)!, ...fields });
  }

  return {
    ports,
    user,
    grant,
    grantOf,
    setApplication,
    applications,
    access,
    participants,
    steps,
    templates,
    children,
    history,
    creates,
    updates,
    profiles,
    ownAuthorities,
    serviceable,
    extraForms,
    uploads,
    removed,
  };
}
