import amendmentDetails from '../reference/formio/amendment-details.json';
import bcBuildingCode from '../reference/formio/bc-building-code.json';
import bcComplianceSchedule from '../reference/formio/bc-compliance-schedule.json';
import bcProject from '../reference/formio/bc-project.json';
import cccApplication from '../reference/formio/ccc-application.json';
import cpuApplication from '../reference/formio/cpu-application.json';
import eotApplication from '../reference/formio/eot-application.json';
import { FormioForm, FormioName, type FormioName as Name } from '../schemas/formio.js';

/**
 * The Form.io definitions of the Formio steps, bundled into the Lambda (imported, not read from
 * disk). Each is parsed once, on first use, so a definition that breaks the allowed subset fails
 * loudly instead of reaching a renderer or the validator.
 */
const raw: Record<Name, unknown> = {
  'bc-project': bcProject,
  'bc-building-code': bcBuildingCode,
  'bc-compliance-schedule': bcComplianceSchedule,
  'ccc-application': cccApplication,
  'eot-application': eotApplication,
  'amendment-details': amendmentDetails,
  'cpu-application': cpuApplication,
};

const parsed = new Map<Name, FormioForm>();

/** The definition called `name`, or undefined for a name that is not one of ours. */
export function getFormioDefinition(name: string): FormioForm | undefined {
  const known = FormioName.safeParse(name);
  if (!known.success) return undefined;
  let form = parsed.get(known.data);
  if (!form) {
    form = FormioForm.parse(raw[known.data]);
    if (form.name !== known.data) throw new Error(`formio/${known.data}.json is named ${form.name}`);
    parsed.set(known.data, form);
  }
  return form;
}
