import { interpolateErrors, processSync, Processors } from '@formio/core';
import type { Component, FieldError, ProcessContext, ValidationScope } from '@formio/core';
import { messages } from '../domain/validation.js';
import type { FormioFieldError, FormioForm } from '../schemas/formio.js';
import { getFormioDefinition } from './definitions.js';
import { prepareData, shapeData } from './shape.js';

/** Thrown for a definition name that is not one of ours (a programming error, not bad input). */
export class UnknownFormioDefinition extends Error {
  override readonly name = 'UnknownFormioDefinition';
  constructor(readonly formioName: string) {
    super(`No Form.io definition ${formioName}`);
  }
}

export interface FormioValidation {
  /** The field errors, in form order; empty when the submission is valid. */
  errors: FormioFieldError[];
  /** The submission to store: only the definition's keys, values of hidden (conditional) fields removed. */
  data: Record<string, unknown>;
}

/**
 * Validates submission data against a definition with @formio/core, running every processor
 * (defaults, conditions, clearing hidden fields, then validation) as the browser does: with fewer
 * processors conditionally hidden fields would still be required. Pure (no Node APIs), so the web
 * can run the same function.
 */
export function validateFormio(form: FormioForm, data: unknown): FormioValidation {
  const raw: Record<string, unknown> = prepareData(
    form.components,
    typeof data === 'object' && data !== null && !Array.isArray(data)
      ? (structuredClone(data) as Record<string, unknown>)
      : {},
  );
  const submission = structuredClone(raw);
  const context: ProcessContext<ValidationScope> = {
    form,
    submission: { data: submission },
    components: form.components as unknown as Component[],
    data: submission,
    scope: { errors: [] },
    processors: Processors,
  } as ProcessContext<ValidationScope>;
  processSync(context);
  const errors = interpolateErrors(context.scope.errors as FieldError[]).map((e) => ({
    field: e.context.path,
    // A missing value reads as the spec's "Required", as everywhere else in the API.
    reason: e.context.validator === 'required' ? messages.required : e.message,
  }));
  // Type checks @formio/core does not make; one error per field (its own come first).
  const shaped = shapeData(form.components, context.data as Record<string, unknown>, raw);
  const reported = new Set(errors.map((e) => e.field));
  errors.push(...shaped.errors.filter((e) => !reported.has(e.field)));
  return { errors, data: shaped.data };
}

/** `validateFormio` for one of our definitions by name: the field errors [{field, reason}]. */
export function validateSubmission(name: string, data: unknown): FormioFieldError[] {
  const form = getFormioDefinition(name);
  if (!form) throw new UnknownFormioDefinition(name);
  return validateFormio(form, data).errors;
}
