import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/call';
import { applicationKeys, applicationsApi } from '../../api/applications';
import type { FormDto } from '../../../../shared/schemas/reference';
import type { FormioForm } from '../../../../shared/schemas/formio';

/** The jurisdiction every form belongs to (GET /public/jurisdictions/nz). */
export const JURISDICTION_ID = 'nz';

/** A form as the jurisdiction serves it, with the ids of the document containers it requires. */
export type PortalForm = FormDto & { requiredDocumentContainers?: string[] };

export const formKeys = {
  jurisdiction: (id: string) => ['reference', 'jurisdiction', id] as const,
  formio: (name: string) => ['reference', 'formio', name] as const,
};

export const jurisdictionQuery = (id: string = JURISDICTION_ID) =>
  queryOptions({
    queryKey: formKeys.jurisdiction(id),
    queryFn: ({ signal }) =>
      api('GET /public/jurisdictions/{id}', { params: { id }, anonymous: true, signal }),
    staleTime: 10 * 60_000,
  });

export const formioQuery = (name: string) =>
  queryOptions({
    queryKey: formKeys.formio(name),
    queryFn: async ({ signal }): Promise<FormioForm> =>
      (await api('GET /public/formio/{name}', { params: { name }, anonymous: true, signal })).formJson,
    staleTime: 30 * 60_000,
  });

export const applicationQuery = (id: string) =>
  queryOptions({
    queryKey: applicationKeys.detail(id),
    queryFn: ({ signal }) => applicationsApi.get(id, signal),
    retry: false,
  });

export const enabledStepsQuery = (id: string) =>
  queryOptions({
    queryKey: applicationKeys.enabledSteps(id),
    queryFn: ({ signal }) => applicationsApi.enabledSteps(id, signal),
    retry: false,
  });

export const stepQuery = (id: string, stepId: string) =>
  queryOptions({
    queryKey: applicationKeys.step(id, stepId),
    queryFn: ({ signal }) => applicationsApi.step(id, stepId, signal),
    retry: false,
  });

export const ruleResultsQuery = (id: string) =>
  queryOptions({
    queryKey: [...applicationKeys.ruleResults(id), 'FULL'] as const,
    queryFn: ({ signal }) => applicationsApi.ruleResults(id, true, signal),
    retry: false,
  });
