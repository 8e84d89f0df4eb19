import type { EnabledStep, RecordType } from '../../../../shared/schemas/applications';
import { stepAppliesTo } from '../../../../shared/domain/applications';
import type { BreadcrumbDto, FormDto, StepDto } from '../../../../shared/schemas/reference';

/**
 * The form page's navigation model (docs/applications.md). The route
 * takes numbers (spec: numeric breadcrumb and step ids), so a breadcrumb is named in the URL by
 * its position in the form (1-based, in display order) and a step by its position among all the
 * form's steps. The API keeps the reference ids (`bc-project`, ...).
 */

export interface FormStep extends StepDto {
  /** 1-based position among all the form's steps (the URL's step number). */
  position: number;
  /** 1-based position of its breadcrumb (the URL's breadcrumb number). */
  breadcrumbPosition: number;
  enabled: boolean;
  complete: boolean;
}

export interface FormCrumb {
  id: string;
  displayName: string;
  position: number;
  steps: FormStep[];
}

export interface FormModel {
  crumbs: FormCrumb[];
  steps: FormStep[];
}

const byOrder = <T extends { displayOrder: number }>(a: T, b: T) => a.displayOrder - b.displayOrder;

/**
 * Breadcrumbs and steps in display order, each step flagged with the server's enabled/complete.
 * Steps that do not apply to the record type (stepAppliesTo) are left out; positions still count
 * every step of the form, so a step's URL does not depend on the record type.
 */
export function buildFormModel(
  form: Pick<FormDto, 'breadcrumbs'>,
  enabled: readonly EnabledStep[],
  recordType: RecordType = 'Draft',
): FormModel {
  const state = new Map(enabled.map((s) => [s.stepId, s]));
  const steps: FormStep[] = [];
  let position = 0;
  const crumbs = [...form.breadcrumbs].sort(byOrder).map((crumb: BreadcrumbDto, i): FormCrumb => {
    const own = [...crumb.steps].sort(byOrder).flatMap((step) => {
      position += 1;
      if (!stepAppliesTo(step.type, recordType)) return [];
      const s = state.get(step.id);
      const formStep: FormStep = {
        ...step,
        position,
        breadcrumbPosition: i + 1,
        enabled: s?.enabled ?? false,
        complete: s?.complete ?? false,
      };
      steps.push(formStep);
      return [formStep];
    });
    return { id: crumb.id, displayName: crumb.displayName, position: i + 1, steps: own };
  });
  return { crumbs, steps };
}

const num = (value: string | undefined) => (value === undefined ? undefined : Number(value));

/**
 * The step the page shows: the URL's step when it is enabled (and inside the URL's breadcrumb,
 * when one is given); otherwise the first enabled step of the URL's breadcrumb; otherwise the first
 * enabled step of the form. Undefined when no step is enabled.
 */
export function resolveStep(
  model: FormModel,
  params: { breadcrumbId?: string | undefined; stepId?: string | undefined },
): FormStep | undefined {
  const crumbNo = num(params.breadcrumbId);
  const stepNo = num(params.stepId);
  const crumb = crumbNo === undefined ? undefined : model.crumbs.find((c) => c.position === crumbNo);
  const candidates = (crumb ? crumb.steps : model.steps).filter((s) => s.enabled);
  if (stepNo !== undefined) {
    const step = candidates.find((s) => s.position === stepNo);
    if (step) return step;
  }
  return candidates[0] ?? model.steps.find((s) => s.enabled);
}

export const formUrl = (applicationId: string) => `/application-form/${applicationId}`;

/** Setting the breadcrumb resets the step: the breadcrumb's URL names no step. */
export const crumbUrl = (applicationId: string, crumb: Pick<FormCrumb, 'position'>) =>
  `${formUrl(applicationId)}/breadcrumb/${crumb.position}`;

export const stepUrl = (applicationId: string, step: Pick<FormStep, 'position' | 'breadcrumbPosition'>) =>
  `${formUrl(applicationId)}/breadcrumb/${step.breadcrumbPosition}/step/${step.position}`;

/** The URL of a step named by its reference id (a review result's stepId), if the form has it. */
export function stepUrlById(applicationId: string, model: FormModel, stepId: string | undefined) {
  const step = stepId === undefined ? undefined : model.steps.find((s) => s.id === stepId);
  return step ? { step, href: stepUrl(applicationId, step) } : undefined;
}

export const submittedUrl = (applicationId: string) => `/application-submitted/${applicationId}`;

/** Where leaving to does not save the step (docs/applications.md: except when moving to /application-submitted). */
export const isSubmittedPath = (path: string) => /^\/application-submitted(\/|$)/.test(path);
