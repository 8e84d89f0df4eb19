import * as z from 'zod';
import { FormioName } from './formio-names.js';

/**
 * The subset of Form.io JSON the portal allows (docs/applications.md Step, DESIGN §8).
 *
 * Definitions live in shared/reference/formio/<name>.json, are drawn by our own Cloudscape renderer
 * and validated by @formio/core in the browser and in the step handler. Only declarative features
 * are allowed: every object is strict, so JavaScript hooks (`validate.custom`, `customConditional`,
 * `calculateValue`, `logic`, `customDefaultValue`, JSON logic) and unsupported component types fail
 * to parse.
 */

export { FormioName, formioNames } from './formio-names.js';

/** Component types the Cloudscape renderer draws. */
export const formioComponentTypes = [
  'textfield',
  'textarea',
  'number',
  'currency',
  'select',
  'radio',
  'selectboxes',
  'checkbox',
  'datetime',
  'datagrid',
  'panel',
  'fieldset',
] as const;
export type FormioComponentType = (typeof formioComponentTypes)[number];

/** A data key: a JavaScript identifier without `.`/`[` (they would split the submission path). */
const Key = z.string().regex(/^[A-Za-z][A-Za-z0-9]*$/, 'A key is letters and digits, starting with a letter');
const Text = z.string().min(1).max(500);

/** A regular expression that compiles (Form.io anchors it: the whole value must match). */
const Pattern = z
  .string()
  .min(1)
  .refine(
    (p) => {
      try {
        new RegExp(`^${p}$`);
        return true;
      } catch {
        return false;
      }
    },
    { message: 'The pattern is not a valid regular expression' },
  );

export const FormioValidate = z.strictObject({
  required: z.boolean().optional(),
  min: z.number().optional(),
  max: z.number().optional(),
  minLength: z.number().int().nonnegative().optional(),
  maxLength: z.number().int().positive().optional(),
  pattern: Pattern.optional(),
  onlyAvailableItems: z.boolean().optional(),
  /** A fixed message in place of Form.io's; interpolation of `{{field}}` only. */
  customMessage: Text.optional(),
});
export type FormioValidate = z.infer<typeof FormioValidate>;

/** A simple conditional: show when all (or any) conditions hold. No JavaScript, no JSON logic. */
export const FormioConditional = z.strictObject({
  show: z.boolean(),
  conjunction: z.enum(['all', 'any']),
  conditions: z
    .array(
      z.strictObject({
        component: Key,
        operator: z.enum(['isEqual', 'isNotEqual', 'isEmpty', 'isNotEmpty', 'greaterThan', 'lessThan']),
        value: z.union([z.string(), z.number(), z.boolean()]).optional(),
      }),
    )
    .min(1),
});
export type FormioConditional = z.infer<typeof FormioConditional>;

export const FormioOption = z.strictObject({
  label: Text,
  value: Key,
});
export type FormioOption = z.infer<typeof FormioOption>;

const Options = z
  .array(FormioOption)
  .min(1)
  .refine((os) => new Set(os.map((o) => o.value)).size === os.length, {
    message: 'Option values must be unique',
  });

/** What every input component may carry. */
const input = {
  key: Key,
  label: Text,
  input: z.literal(true),
  description: z.string().max(1000).optional(),
  tooltip: z.string().max(1000).optional(),
  placeholder: z.string().max(200).optional(),
  validate: FormioValidate.optional(),
  conditional: FormioConditional.optional(),
};
const integerish = {
  decimalLimit: z.number().int().min(0).max(4).optional(),
  requireDecimal: z.boolean().optional(),
  delimiter: z.boolean().optional(),
};

export const FormioTextfield = z.strictObject({ type: z.literal('textfield'), ...input });
export const FormioTextarea = z.strictObject({
  type: z.literal('textarea'),
  ...input,
  rows: z.number().int().min(1).max(20).optional(),
});
export const FormioNumber = z.strictObject({ type: z.literal('number'), ...input, ...integerish });
export const FormioCurrency = z.strictObject({
  type: z.literal('currency'),
  ...input,
  ...integerish,
  currency: z.literal('NZD'),
});
export const FormioSelect = z.strictObject({
  type: z.literal('select'),
  ...input,
  dataSrc: z.literal('values'),
  data: z.strictObject({ values: Options }),
  widget: z.enum(['choicesjs', 'html5']).optional(),
});
export const FormioRadio = z.strictObject({
  type: z.literal('radio'),
  ...input,
  values: Options,
  inline: z.boolean().optional(),
});
export const FormioSelectboxes = z.strictObject({
  type: z.literal('selectboxes'),
  ...input,
  values: Options,
  inline: z.boolean().optional(),
});
export const FormioCheckbox = z.strictObject({ type: z.literal('checkbox'), ...input });
export const FormioDatetime = z.strictObject({
  type: z.literal('datetime'),
  ...input,
  enableTime: z.boolean(),
  format: z.enum(['dd/MM/yyyy', 'dd/MM/yyyy HH:mm']),
});

/** Inputs: what a datagrid row may hold (no nesting inside rows). */
export const FormioInput = z.discriminatedUnion('type', [
  FormioTextfield,
  FormioTextarea,
  FormioNumber,
  FormioCurrency,
  FormioSelect,
  FormioRadio,
  FormioSelectboxes,
  FormioCheckbox,
  FormioDatetime,
]);
export type FormioInput = z.infer<typeof FormioInput>;

/** A repeating group of rows (drawn as Cloudscape's AttributeEditor); min/maxLength count rows. */
export const FormioDatagrid = z.strictObject({
  type: z.literal('datagrid'),
  ...input,
  // Row cells show unconditionally: a row-scoped condition is more than the renderer draws.
  components: z
    .array(FormioInput)
    .min(1)
    .refine((cs) => cs.every((c) => c.conditional === undefined), {
      message: 'A datagrid column has no conditional',
    }),
});
export type FormioDatagrid = z.infer<typeof FormioDatagrid>;

export type FormioLayout =
  | {
      type: 'panel';
      key: string;
      title: string;
      input: false;
      conditional?: FormioConditional | undefined;
      components: FormioComponent[];
    }
  | {
      type: 'fieldset';
      key: string;
      legend: string;
      input: false;
      conditional?: FormioConditional | undefined;
      components: FormioComponent[];
    };
export type FormioComponent = FormioInput | FormioDatagrid | FormioLayout;

const layout = {
  key: Key,
  input: z.literal(false),
  conditional: FormioConditional.optional(),
  components: z.array(z.lazy((): z.ZodType<FormioComponent> => FormioComponent)).min(1),
};
export const FormioPanel = z.strictObject({ type: z.literal('panel'), title: Text, ...layout });
export const FormioFieldset = z.strictObject({ type: z.literal('fieldset'), legend: Text, ...layout });

export const FormioComponent: z.ZodType<FormioComponent> = z
  .lazy(() =>
    z.discriminatedUnion('type', [
      FormioTextfield,
      FormioTextarea,
      FormioNumber,
      FormioCurrency,
      FormioSelect,
      FormioRadio,
      FormioSelectboxes,
      FormioCheckbox,
      FormioDatetime,
      FormioDatagrid,
      FormioPanel,
      FormioFieldset,
    ]),
  )
  .meta({ id: 'FormioComponent' });

/** Every component of a tree, depth first (datagrid columns included). */
export function eachFormioComponent(components: readonly FormioComponent[]): FormioComponent[] {
  return components.flatMap((c) => ('components' in c ? [c, ...eachFormioComponent(c.components)] : [c]));
}

/** A whole definition: what GET /public/formio/{name} returns as `formJson`. */
export const FormioForm = z
  .strictObject({
    name: FormioName,
    title: Text,
    display: z.literal('form'),
    components: z.array(FormioComponent).min(1),
  })
  .superRefine((form, ctx) => {
    // Panels and fieldsets do not nest data: keys must be unique across the form, except inside
    // datagrid rows, which have their own scope.
    const top = (cs: readonly FormioComponent[]): FormioComponent[] =>
      cs.flatMap((c) => (c.type === 'panel' || c.type === 'fieldset' ? [c, ...top(c.components)] : [c]));
    const seen = new Map<string, FormioComponent>();
    for (const c of top(form.components)) {
      if (seen.has(c.key))
        ctx.addIssue({ code: 'custom', message: `Duplicate key ${c.key}`, path: ['components'] });
      seen.set(c.key, c);
    }
    // A condition names a component of the form, and compares with one of its option values.
    for (const c of eachFormioComponent(form.components)) {
      for (const cond of c.conditional?.conditions ?? []) {
        const target = seen.get(cond.component);
        if (!target || target.key === c.key) {
          ctx.addIssue({
            code: 'custom',
            message: `${c.key}: the condition names an unknown component ${cond.component}`,
            path: ['components'],
          });
          continue;
        }
        const values =
          target.type === 'select'
            ? target.data.values
            : target.type === 'radio' || target.type === 'selectboxes'
              ? target.values
              : undefined;
        if (values && typeof cond.value === 'string' && !values.some((o) => o.value === cond.value)) {
          ctx.addIssue({
            code: 'custom',
            message: `${c.key}: ${cond.value} is not an option of ${cond.component}`,
            path: ['components'],
          });
        }
      }
    }
  });
export type FormioForm = z.infer<typeof FormioForm>;

/** GET /public/formio/{name} */
export const FormioDefinitionParams = z.object({ name: z.string().min(1).max(100) });
export const FormioDefinitionResponse = z.object({ formJson: FormioForm });
export type FormioDefinitionResponse = z.infer<typeof FormioDefinitionResponse>;

/** One field's validation error: the submission path (`practitioners[0].lbpNumber`) and the message. */
export const FormioFieldError = z.object({ field: z.string(), reason: z.string() });
export type FormioFieldError = z.infer<typeof FormioFieldError>;
