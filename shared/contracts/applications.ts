import * as z from 'zod';
import { defineContract } from './define.js';
import {
  ActionItem,
  ApplicationFilters,
  ApplicationIdParams,
  ApplicationListItem,
  ApplicationPage,
  ApplicationsQuery,
  ApplicationsV2Query,
  ApplicationsV3Query,
  BadgeCounts,
  ChildApplicationRequest,
  CreateApplicationRequest,
  CreateApplicationResponse,
  EnabledStep,
  GetApplicationResponse,
  HistoryItem,
  HistoryQuery,
  PatchApplicationRequest,
  PreferencesRequest,
  RejectedReason,
  RuleResultsQuery,
  SaveStepRequest,
  StepDataDto,
  StepParams,
  SubmissionRequest,
  ValidationResult,
  ApplicationDto,
} from '../schemas/applications.js';
import { FormioFieldError } from '../schemas/formio.js';
import { STEP_BODY_MAX_BYTES } from '../schemas/step-data.js';
import { ThumbnailUploadRequest, ThumbnailUploadResponse } from '../schemas/thumbnail-uploads.js';

/** Applications (docs/applications.md): create, read, change, lists, steps, rules, submission. */
export const contract = defineContract('applications', {
  'GET /user/applications': {
    query: ApplicationsQuery,
    response: z.array(ApplicationListItem),
    summary: "The caller's visible applications of a record type, newest first (V1)",
  },
  'POST /user/applications': {
    body: CreateApplicationRequest,
    response: CreateApplicationResponse,
    status: 201,
    summary: 'Creates an application: from scratch, a duplicate, from a template, or a template',
  },
  'POST /user/thumbnail-uploads': {
    body: ThumbnailUploadRequest,
    response: ThumbnailUploadResponse,
    status: 201,
    summary:
      'A presigned PUT for a template thumbnail (JPG, PNG or GIF of at most 26214400 bytes; type and length signed); CreateTemplate and PATCH name its key in templateThumbnail',
  },
  'GET /user/applications/{id}': {
    params: ApplicationIdParams,
    response: GetApplicationResponse,
    summary: 'An application with its required documents and inspections',
  },
  'PATCH /user/applications/{id}': {
    params: ApplicationIdParams,
    body: PatchApplicationRequest,
    response: GetApplicationResponse,
    summary: 'Changes an application (etag-guarded)',
  },
  'DELETE /user/applications/{id}': {
    params: ApplicationIdParams,
    status: 204,
    summary: 'Deletes a draft application or a template',
  },
  'PATCH /user/applications/{id}/preferences': {
    params: ApplicationIdParams,
    body: PreferencesRequest,
    status: 204,
    summary: 'Archives or unarchives the application for the caller',
  },
  'POST /user/applications/{id}/child-applications': {
    params: ApplicationIdParams,
    body: ChildApplicationRequest,
    response: CreateApplicationResponse,
    status: 201,
    summary: 'Starts an amendment or supporting application from a consent',
  },
  'POST /user/applications/{id}/submission': {
    params: ApplicationIdParams,
    body: SubmissionRequest,
    response: z.object({ application: ApplicationDto }),
    summary: 'Submits (lodges) the application',
  },
  'GET /user/applications/{id}/rejected-reason': {
    params: ApplicationIdParams,
    response: RejectedReason,
    summary: 'Why a rejected or refused application was closed',
  },
  'GET /user/applications/{id}/enabled-steps': {
    params: ApplicationIdParams,
    response: z.array(EnabledStep),
    summary: "The form's steps the caller may see",
  },
  'GET /user/applications/{id}/steps/{stepId}': {
    params: StepParams,
    response: StepDataDto,
    summary: "A step's saved data",
  },
  'POST /user/applications/{id}/steps/{stepId}': {
    params: StepParams,
    body: SaveStepRequest,
    response: StepDataDto.extend({ errors: z.array(FormioFieldError) }),
    maxBodyBytes: STEP_BODY_MAX_BYTES,
    summary: "Saves a step's data (kept even when invalid; the errors are listed)",
  },
  'GET /user/applications/{id}/ruleresults': {
    params: ApplicationIdParams,
    query: RuleResultsQuery,
    response: z.array(ValidationResult),
    summary: 'The rule results of the application',
  },
  'GET /user/applications/{id}/history': {
    params: ApplicationIdParams,
    query: HistoryQuery,
    response: z.array(HistoryItem),
    summary: "The application's history",
  },
  'GET /user/applicationsV2': {
    query: ApplicationsV2Query,
    response: ApplicationPage,
    summary: 'A page of the caller’s applications or templates (V2)',
  },
  'GET /user/applicationsV2/badges': { response: BadgeCounts, summary: 'The tab counts' },
  'GET /user/applicationsV2/filters': { response: ApplicationFilters, summary: 'The filter options' },
  'GET /user/applicationsV3': {
    query: ApplicationsV3Query,
    response: ApplicationPage,
    summary: 'A page of the caller’s applications (V3)',
  },
  'GET /user/applicationsV3/{id}/child-applications': {
    params: ApplicationIdParams,
    response: z.array(ApplicationListItem),
    summary: "The application's child applications",
  },
  'GET /user/applicationsV3/{id}/action-items': {
    params: ApplicationIdParams,
    response: z.array(ActionItem),
    summary: 'What the caller can start from the application',
  },
});
