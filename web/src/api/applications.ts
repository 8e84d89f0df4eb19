import type { CreateApplicationRequest, PatchApplicationRequest } from '../../../shared/schemas/applications';
import type { NotificationLevel } from '../../../shared/schemas/common';
import type { ThumbnailUploadRequest } from '../../../shared/schemas/thumbnail-uploads';
import { api, type ApiQuery } from './call';
import { listQuery } from './url';

/**
 * The applications calls (docs/applications.md). Query values are plain strings; list filters are
 * comma-joined. Every function takes an optional AbortSignal for TanStack Query.
 */

export interface V3ListParams {
  pageIndex?: number;
  pageSize?: number;
  sortBy?: string;
  sortDirection?: 'asc' | 'desc';
  isArchived?: boolean;
  recordType?: 'Draft' | 'Consent';
  formCategory?: string[];
  accessLevel?: string[];
  parentApplicationId?: string;
  authority?: string[];
  form?: string[];
  complexity?: string[];
  status?: string[];
  outstandingActions?: ('RFI' | 'PAYMENT' | 'DOCUMENT')[];
  searchText?: string;
}

export interface V2ListParams {
  pageIndex?: number;
  pageSize?: number;
  recordType?: 'Draft' | 'Consent' | 'Template';
  sortBy?: string;
  sortDirection?: 'asc' | 'desc';
  isHidden?: boolean;
  form?: string[];
  authority?: string[];
  complexity?: string[];
  status?: string[];
  accessLevel?: string[];
  searchText?: string;
}

export const applicationsApi = {
  /** GET /user/applications?recordType= */
  list: (recordType?: 'Consent' | 'Draft', signal?: AbortSignal) =>
    api('GET /user/applications', { query: { recordType }, signal }),

  /** GET /user/applicationsV3 */
  listV3: (params: V3ListParams, signal?: AbortSignal) =>
    api('GET /user/applicationsV3', { query: listQuery(params), signal }),

  /** GET /user/applicationsV2 (templates: recordType Template, pageSize 1000, pageIndex 1). */
  listV2: (params: V2ListParams, signal?: AbortSignal) =>
    api('GET /user/applicationsV2', { query: listQuery(params), signal }),

  badges: (signal?: AbortSignal) => api('GET /user/applicationsV2/badges', { signal }),

  filters: (signal?: AbortSignal) => api('GET /user/applicationsV2/filters', { signal }),

  childApplications: (id: string, signal?: AbortSignal) =>
    api('GET /user/applicationsV3/{id}/child-applications', { params: { id }, signal }),

  actionItems: (id: string, signal?: AbortSignal) =>
    api('GET /user/applicationsV3/{id}/action-items', { params: { id }, signal }),

  /** POST /user/thumbnail-uploads: a presigned PUT for a template thumbnail (then name its key). */
  thumbnailUpload: (body: ThumbnailUploadRequest) => api('POST /user/thumbnail-uploads', { body }),

  /** POST /user/applications (Create, Duplicate, CreateFromTemplate, CreateTemplate). */
  create: (body: CreateApplicationRequest) => api('POST /user/applications', { body }),

  get: (id: string, signal?: AbortSignal) =>
    api('GET /user/applications/{id}', { params: { id }, signal, notFoundDescription: true }),

  patch: (id: string, body: PatchApplicationRequest) =>
    api('PATCH /user/applications/{id}', { params: { id }, body }),

  remove: (id: string) => api('DELETE /user/applications/{id}', { params: { id } }),

  /** PATCH .../preferences {isHidden}: archive (true) or unarchive (false). */
  setHidden: (id: string, isHidden: boolean) =>
    api('PATCH /user/applications/{id}/preferences', { params: { id }, body: { isHidden } }),

  createChild: (id: string, formId: string) =>
    api('POST /user/applications/{id}/child-applications', { params: { id }, body: { formId } }),

  submit: (id: string, userSignature: string) =>
    api('POST /user/applications/{id}/submission', { params: { id }, body: { userSignature } }),

  rejectedReason: (id: string, signal?: AbortSignal) =>
    api('GET /user/applications/{id}/rejected-reason', { params: { id }, signal }),

  enabledSteps: (id: string, signal?: AbortSignal) =>
    api('GET /user/applications/{id}/enabled-steps', { params: { id }, signal }),

  step: (id: string, stepId: string, signal?: AbortSignal) =>
    api('GET /user/applications/{id}/steps/{stepId}', { params: { id, stepId }, signal }),

  saveStep: (id: string, stepId: string, data: Record<string, unknown>) =>
    api('POST /user/applications/{id}/steps/{stepId}', { params: { id, stepId }, body: { data } }),

  /** GET .../ruleresults (type=FULL on the review step). */
  ruleResults: (id: string, full: boolean, signal?: AbortSignal) =>
    api('GET /user/applications/{id}/ruleresults', {
      params: { id },
      query: { type: full ? 'FULL' : undefined },
      signal,
    }),

  history: (id: string, query: ApiQuery<'GET /user/applications/{id}/history'> = {}, signal?: AbortSignal) =>
    api('GET /user/applications/{id}/history', { params: { id }, query, signal }),

  /** PATCH .../participants/{participantId}/notification-level */
  setNotificationLevel: (id: string, participantId: string, notificationLevel: NotificationLevel) =>
    api('PATCH /user/applications/{id}/participants/{participantId}/notification-level', {
      params: { id, participantId },
      body: { notificationLevel },
    }),

  /** GET .../documents/{name}/download-link → a short-lived presigned URL and the file name. */
  downloadLink: (id: string, name: string, signal?: AbortSignal) =>
    api('GET /user/applications/{id}/documents/{name}/download-link', { params: { id, name }, signal }),
};

/** Query-key factory for applications (invalidate `applicationKeys.all` after any change). */
export const applicationKeys = {
  all: ['applications'] as const,
  lists: () => [...applicationKeys.all, 'list'] as const,
  listV3: (p: V3ListParams) => [...applicationKeys.lists(), 'v3', p] as const,
  listV2: (p: V2ListParams) => [...applicationKeys.lists(), 'v2', p] as const,
  badges: () => [...applicationKeys.all, 'badges'] as const,
  filters: () => [...applicationKeys.all, 'filters'] as const,
  detail: (id: string) => [...applicationKeys.all, 'detail', id] as const,
  children: (id: string) => [...applicationKeys.detail(id), 'children'] as const,
  actionItems: (id: string) => [...applicationKeys.detail(id), 'action-items'] as const,
  enabledSteps: (id: string) => [...applicationKeys.detail(id), 'enabled-steps'] as const,
  step: (id: string, stepId: string) => [...applicationKeys.detail(id), 'step', stepId] as const,
  ruleResults: (id: string) => [...applicationKeys.detail(id), 'rule-results'] as const,
  history: (id: string) => [...applicationKeys.detail(id), 'history'] as const,
};
