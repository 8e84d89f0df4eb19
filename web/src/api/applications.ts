import type {
  ActionItem,
  ApplicationFilters,
  ApplicationListItem,
  ApplicationPage,
  BadgeCounts,
  CreateApplicationRequest,
  CreateApplicationResponse,
  EnabledStep,
  GetApplicationResponse,
  HistoryItem,
  PatchApplicationRequest,
  StepDataDto,
  ValidationResult,
} from '../../../shared/schemas/applications';
import type { NotificationLevel } from '../../../shared/schemas/common';
import type {
  ThumbnailUploadRequest,
  ThumbnailUploadResponse,
} from '../../../shared/schemas/thumbnail-uploads';
import { apiRequest } from './client';
import { listQuery, type Query } from './url';
import { apiPaths } from './paths';

/**
 * The applications calls (portal-core §7). Query values are plain strings; list filters are
 * comma-joined. Every function takes an optional AbortSignal for TanStack Query.
 */

const app = (id: string) => `/user/applications/${encodeURIComponent(id)}`;

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
    apiRequest<ApplicationListItem[]>('/user/applications', { query: { recordType }, signal }),

  /** GET /user/applicationsV3 */
  listV3: (params: V3ListParams, signal?: AbortSignal) =>
    apiRequest<ApplicationPage>(apiPaths.applicationsV3, { query: listQuery(params), signal }),

  /** GET /user/applicationsV2 (templates: recordType Template, pageSize 1000, pageIndex 1). */
  listV2: (params: V2ListParams, signal?: AbortSignal) =>
    apiRequest<ApplicationPage>('/user/applicationsV2', { query: listQuery(params), signal }),

  badges: (signal?: AbortSignal) => apiRequest<BadgeCounts>('/user/applicationsV2/badges', { signal }),

  filters: (signal?: AbortSignal) =>
    apiRequest<ApplicationFilters>('/user/applicationsV2/filters', { signal }),

  childApplications: (id: string, signal?: AbortSignal) =>
    apiRequest<ApplicationListItem[]>(`/user/applicationsV3/${encodeURIComponent(id)}/child-applications`, {
      signal,
    }),

  actionItems: (id: string, signal?: AbortSignal) =>
    apiRequest<ActionItem[]>(`/user/applicationsV3/${encodeURIComponent(id)}/action-items`, { signal }),

  /** POST /user/thumbnail-uploads: a presigned PUT for a template thumbnail (then name its key). */
  thumbnailUpload: (body: ThumbnailUploadRequest) =>
    apiRequest<ThumbnailUploadResponse>('/user/thumbnail-uploads', { method: 'POST', body }),

  /** POST /user/applications (Create, Duplicate, CreateFromTemplate, CreateTemplate). */
  create: (body: CreateApplicationRequest) =>
    apiRequest<CreateApplicationResponse>('/user/applications', { method: 'POST', body }),

  get: (id: string, signal?: AbortSignal) =>
    apiRequest<GetApplicationResponse>(app(id), { signal, notFoundDescription: true }),

  patch: (id: string, body: PatchApplicationRequest) =>
    apiRequest<GetApplicationResponse>(app(id), { method: 'PATCH', body }),

  remove: (id: string) => apiRequest<void>(app(id), { method: 'DELETE' }),

  /** PATCH .../preferences {isHidden}: archive (true) or unarchive (false). */
  setHidden: (id: string, isHidden: boolean) =>
    apiRequest<void>(`${app(id)}/preferences`, { method: 'PATCH', body: { isHidden } }),

  createChild: (id: string, formId: string) =>
    apiRequest<CreateApplicationResponse>(`${app(id)}/child-applications`, {
      method: 'POST',
      body: { formId },
    }),

  submit: (id: string, userSignature: string) =>
    apiRequest<GetApplicationResponse>(`${app(id)}/submission`, { method: 'POST', body: { userSignature } }),

  rejectedReason: (id: string, signal?: AbortSignal) =>
    apiRequest<{ reason: string | null; date?: string }>(`${app(id)}/rejected-reason`, { signal }),

  enabledSteps: (id: string, signal?: AbortSignal) =>
    apiRequest<EnabledStep[]>(`${app(id)}/enabled-steps`, { signal }),

  step: (id: string, stepId: string, signal?: AbortSignal) =>
    apiRequest<StepDataDto>(`${app(id)}/steps/${encodeURIComponent(stepId)}`, { signal }),

  saveStep: (id: string, stepId: string, data: Record<string, unknown>) =>
    apiRequest<StepDataDto>(`${app(id)}/steps/${encodeURIComponent(stepId)}`, {
      method: 'POST',
      body: { data },
    }),

  /** GET .../ruleresults (type=FULL on the review step). */
  ruleResults: (id: string, full: boolean, signal?: AbortSignal) =>
    apiRequest<ValidationResult[]>(`${app(id)}/ruleresults`, {
      query: { type: full ? 'FULL' : undefined },
      signal,
    }),

  history: (id: string, query: Query = {}, signal?: AbortSignal) =>
    apiRequest<HistoryItem[]>(`${app(id)}/history`, { query, signal }),

  /** PATCH .../participants/{participantId}/notification-level */
  setNotificationLevel: (id: string, participantId: string, notificationLevel: NotificationLevel) =>
    apiRequest<void>(`${app(id)}/participants/${encodeURIComponent(participantId)}/notification-level`, {
      method: 'PATCH',
      body: { notificationLevel },
    }),

  /** GET .../documents/{name}/download-link → a short-lived presigned URL and the file name. */
  downloadLink: (id: string, name: string, signal?: AbortSignal) =>
    apiRequest<{ presignedUrl: string; fileName: string }>(
      `${app(id)}/documents/${encodeURIComponent(name)}/download-link`,
      { signal },
    ),
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
