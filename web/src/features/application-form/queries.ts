import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api, routePath } from '../../api/call';
import { prefetchGet } from '../../api/client';
import { preloadLazyChunk } from '../../lib/lazyChunks';
import { applicationKeys, applicationsApi } from '../../api/applications';
import { FORM_JURISDICTION_ID } from '../../api/paths';
import type { FormDto } from '../../../../shared/schemas/reference';
import type { FormioForm } from '../../../../shared/schemas/formio';
import type { FormStep } from './formModel';

/** The jurisdiction every form belongs to (GET /public/jurisdictions/nz). */
export const JURISDICTION_ID = FORM_JURISDICTION_ID;

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

/**
 * A Formio step's GETs (its saved data and, unless cached, its definition) and its renderer's chunk,
 * started as soon as the page knows the step: the page then draws it as a transition, and the step's
 * queries take these responses (api/client.ts prefetchGet) instead of asking only once it is drawn
 * (docs/performance.md, "The form page").
 */
export function prefetchFormioStep(
  queryClient: QueryClient,
  applicationId: string,
  step: FormStep,
  readOnly: boolean,
): void {
  prefetchGet(
    routePath('GET /user/applications/{id}/steps/{stepId}', { id: applicationId, stepId: step.id }),
  );
  const name = step.formioName;
  if (name && queryClient.getQueryData(formKeys.formio(name)) === undefined)
    prefetchGet(routePath('GET /public/formio/{name}', { name }), undefined, { anonymous: true });
  if (!readOnly) loadFormioRenderer().catch(() => undefined);
}

/**
 * The renderer's chunk: its files first, a few links per task (lib/lazyChunks.ts), then the import,
 * which finds them in place (a long task of link appends otherwise: docs/performance.md).
 */
export const loadFormioRenderer = () =>
  preloadLazyChunk('formioRenderer').then(() => import('./FormioRenderer'));

export const ruleResultsQuery = (id: string) =>
  queryOptions({
    queryKey: [...applicationKeys.ruleResults(id), 'FULL'] as const,
    queryFn: ({ signal }) => applicationsApi.ruleResults(id, true, signal),
    retry: false,
  });
