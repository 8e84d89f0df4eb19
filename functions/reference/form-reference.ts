import { referenceData } from './data.js';
import type { ReferenceData } from './data.js';
import type {
  Breadcrumb,
  DocumentContainer,
  Form,
  ParticipantType,
  Step,
} from '../../shared/schemas/reference.js';

/** One form's reference data: the form, its breadcrumbs and steps in order, and what its rules read. */
export interface FormReference {
  form: Form;
  breadcrumbs: Breadcrumb[];
  steps: Step[];
  participantTypes: ParticipantType[];
  documentContainers: DocumentContainer[];
}

/**
 * The reference data of one form from the bundled, checked reference data (the same JSON the loader
 * writes to the table): the form, its breadcrumbs and its steps in breadcrumb then step order, the
 * participant types and the document containers. Undefined for an unknown form.
 */
export function formReference(
  formId: string,
  data: ReferenceData = referenceData(),
): FormReference | undefined {
  const form = data.forms.find((f) => f.id === formId);
  if (!form) return undefined;
  const breadcrumbs = data.breadcrumbs
    .filter((b) => b.formId === formId)
    .sort((a, b) => a.displayOrder - b.displayOrder);
  const order = new Map(breadcrumbs.map((b, i) => [b.id, i]));
  const steps: Step[] = data.steps
    .filter((s) => order.has(s.breadcrumbId))
    .sort(
      (a, b) =>
        (order.get(a.breadcrumbId) ?? 0) - (order.get(b.breadcrumbId) ?? 0) ||
        a.displayOrder - b.displayOrder,
    );
  return {
    form,
    breadcrumbs,
    steps,
    participantTypes: data.participantTypes,
    documentContainers: data.documentContainers,
  };
}
