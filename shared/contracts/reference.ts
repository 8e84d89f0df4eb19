import * as z from 'zod';
import { defineContract } from './define.js';
import { Id } from '../schemas/common.js';
import { Country } from '../schemas/country.js';
import { FormioDefinitionParams, FormioDefinitionResponse } from '../schemas/formio.js';
import {
  AuthorityDetectionQuery,
  AuthorityDetectionResponse,
  DocumentTag,
  DocumentTypeDto,
  JurisdictionDto,
  QualificationType,
  UserPropertyDto,
} from '../schemas/reference.js';

export const JurisdictionParams = z.object({ id: Id });
export const FormParams = z.object({ id: Id, formId: Id });
export const ImageParams = z.object({ id: Id });
export const DetectionQuery = z
  .object({ jurisdictionId: z.string().trim().min(1).optional() })
  .and(AuthorityDetectionQuery);

/** Reference data (docs/reference-data.md): public and user-scoped. */
export const contract = defineContract('reference', {
  'GET /public/formio/{name}': {
    params: FormioDefinitionParams,
    response: FormioDefinitionResponse,
    summary: 'The Form.io definition of a Formio step',
  },
  'GET /public/jurisdictions/{id}': {
    params: JurisdictionParams,
    response: JurisdictionDto,
    summary: 'A jurisdiction with its forms, authorities and categories (ETag, 304)',
  },
  'GET /public/jurisdictions/{id}/document-types': {
    params: JurisdictionParams,
    response: z.array(DocumentTypeDto),
    summary: "The jurisdiction's document types",
  },
  'GET /public/jurisdictions/{id}/forms/{formId}/document-types': {
    params: FormParams,
    response: z.array(DocumentTypeDto),
    summary: "A form's document types",
  },
  'GET /public/images/{id}': {
    params: ImageParams,
    raw: ['image/png', 'image/svg+xml'],
    summary: 'A reference image',
  },
  'GET /public/authorities/detection': {
    query: DetectionQuery,
    response: AuthorityDetectionResponse,
    summary: 'The authority of a place',
  },
  'GET /user/qualification-types': { response: z.array(QualificationType), summary: 'Qualification types' },
  'GET /user/documenttags': { response: z.array(DocumentTag), summary: "System tags and the user's own" },
  'GET /user/countries': { response: z.array(Country), summary: 'Countries with dialling codes' },
  'GET /user/properties': { response: z.array(UserPropertyDto), summary: "The user's properties" },
});
