import { lazyEntity } from '../lazy.js';
import { accessLevels, addressAttribute, model, timestamps } from './common.js';

/** Reference data lists live in one static partition per entity (pk without composite attributes). */

export const country = lazyEntity({
  model: model('country'),
  attributes: {
    countryId: { type: 'number', required: true },
    name: { type: 'string', required: true },
    abbreviatedName: { type: 'string', required: true },
    phoneCountryCode: { type: 'string', required: true },
  },
  indexes: {
    all: {
      pk: { field: 'pk', casing: 'none', composite: [] },
      sk: { field: 'sk', casing: 'none', composite: ['countryId'] },
    },
  },
});

export const jurisdiction = lazyEntity({
  model: model('jurisdiction'),
  attributes: {
    jurisdictionId: { type: 'string', required: true },
    name: { type: 'string', required: true },
    displayName: { type: 'string' },
    etag: { type: 'string' },
    isHidden: { type: 'boolean', default: false },
  },
  indexes: {
    byId: {
      collection: 'jurisdiction',
      pk: { field: 'pk', casing: 'none', composite: ['jurisdictionId'] },
      sk: { field: 'sk', casing: 'none', composite: [] },
    },
    byName: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', casing: 'none', composite: ['name'] },
      sk: { field: 'gsi1sk', casing: 'none', composite: [] },
    },
  },
});

export const form = lazyEntity({
  model: model('form'),
  attributes: {
    jurisdictionId: { type: 'string', required: true },
    formId: { type: 'string', required: true },
    name: { type: 'string', required: true },
    displayName: { type: 'string', required: true },
    description: { type: 'string' },
    displayOrder: { type: 'number', default: 0 },
    imageId: { type: 'string' },
    category: { type: 'string' },
    series: { type: 'string' },
    isHidden: { type: 'boolean', default: false },
    declarationText: { type: 'string' },
    /** Document containers an application of the form needs before it can be submitted. */
    requiredDocumentContainers: { type: 'list', items: { type: 'string' } },
  },
  indexes: {
    byJurisdiction: {
      collection: 'jurisdiction',
      pk: { field: 'pk', casing: 'none', composite: ['jurisdictionId'] },
      sk: { field: 'sk', casing: 'none', composite: ['formId'] },
    },
  },
});

export const breadcrumb = lazyEntity({
  model: model('breadcrumb'),
  attributes: {
    formId: { type: 'string', required: true },
    breadcrumbId: { type: 'string', required: true },
    name: { type: 'string', required: true },
    displayName: { type: 'string', required: true },
    displayOrder: { type: 'number', required: true },
  },
  indexes: {
    byForm: {
      collection: 'form',
      pk: { field: 'pk', casing: 'none', composite: ['formId'] },
      sk: { field: 'sk', casing: 'none', composite: ['breadcrumbId'] },
    },
  },
});

export const step = lazyEntity({
  model: model('step'),
  attributes: {
    formId: { type: 'string', required: true },
    breadcrumbId: { type: 'string', required: true },
    stepId: { type: 'string', required: true },
    name: { type: 'string', required: true },
    displayName: { type: 'string', required: true },
    displayOrder: { type: 'number', required: true },
    formioName: { type: 'string' },
    minimumAccessLevel: { type: accessLevels, default: 'ReadOnly' },
    type: {
      type: ['Formio', 'DocumentUpload', 'ApplicationReview', 'Contact', 'TemplateDetails'] as const,
      required: true,
    },
  },
  indexes: {
    byForm: {
      collection: 'form',
      pk: { field: 'pk', casing: 'none', composite: ['formId'] },
      sk: { field: 'sk', casing: 'none', composite: ['breadcrumbId', 'stepId'] },
    },
  },
});

export const authority = lazyEntity({
  model: model('authority'),
  attributes: {
    authorityId: { type: 'string', required: true },
    jurisdictionId: { type: 'string', required: true },
    imageId: { type: 'string' },
    name: { type: 'string', required: true },
    abbr: { type: 'string' },
    displayName: { type: 'string', required: true },
    phone: { type: 'string' },
    email: { type: 'string' },
    website: { type: 'string' },
    postalAddress: addressAttribute,
    address: addressAttribute,
    serviceable: { type: 'boolean', default: true },
    enabledFormSeries: { type: 'list', items: { type: 'string' } },
    isIndependent: { type: 'boolean', default: false },
    defaultIndependent: { type: 'boolean', default: false },
    propertyLookupEnabled: { type: 'boolean', default: false },
    paymentsEnabled: { type: 'boolean', default: false },
    imageConversionEnabled: { type: 'boolean', default: false },
    feesAndChargesUrl: { type: 'string' },
    hidden: { type: 'boolean', default: false },
    statutoryClock: {
      type: 'map',
      properties: { rfiSentDayCounts: { type: 'boolean' }, rfiAnsweredDayCounts: { type: 'boolean' } },
    },
    /** Detection hints (GET /public/authorities/detection); never in a DTO. */
    territorialAuthorities: { type: 'list', items: { type: 'string' } },
    cities: { type: 'list', items: { type: 'string' } },
    postcodePrefixes: { type: 'list', items: { type: 'string' } },
    bounds: {
      type: 'map',
      properties: {
        minLatitude: { type: 'number', required: true },
        minLongitude: { type: 'number', required: true },
        maxLatitude: { type: 'number', required: true },
        maxLongitude: { type: 'number', required: true },
      },
    },
  },
  indexes: {
    byId: {
      pk: { field: 'pk', casing: 'none', composite: ['authorityId'] },
      sk: { field: 'sk', casing: 'none', composite: [] },
    },
    byJurisdiction: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', casing: 'none', composite: ['jurisdictionId'] },
      sk: { field: 'gsi1sk', casing: 'none', composite: ['displayName'] },
    },
  },
});

export const qualificationType = lazyEntity({
  model: model('qualificationType'),
  attributes: {
    qualificationTypeId: { type: 'string', required: true },
    name: { type: 'string', required: true },
    displayName: { type: 'string', required: true },
    displayOrder: { type: 'number', default: 0 },
    regex: { type: 'string' },
    validationErrorMessage: { type: 'string' },
    classes: {
      type: 'list',
      items: {
        type: 'map',
        properties: {
          id: { type: 'string' },
          name: { type: 'string' },
          displayName: { type: 'string' },
          displayOrder: { type: 'number' },
        },
      },
    },
  },
  indexes: {
    all: {
      pk: { field: 'pk', casing: 'none', composite: [] },
      sk: { field: 'sk', casing: 'none', composite: ['qualificationTypeId'] },
    },
  },
});

export const participantType = lazyEntity({
  model: model('participantType'),
  attributes: {
    participantTypeId: { type: 'string', required: true },
    name: { type: 'string', required: true },
    displayName: { type: 'string', required: true },
    displayOrder: { type: 'number', default: 0 },
    required: { type: 'boolean', default: false },
    mandatory: { type: 'boolean', default: false },
    mustInvite: { type: 'boolean', default: false },
    validationRequired: { type: 'boolean', default: false },
    number: {
      type: ['Unrestricted', 'ExactlyOne', 'MinimumOne', 'MaximumOne'] as const,
      default: 'Unrestricted',
    },
    minimumAccessLevel: { type: accessLevels, default: 'None' },
    enableGroups: { type: 'boolean', default: false },
    maskedBy: { type: 'list', items: { type: 'string' } },
    managedBy: { type: 'list', items: { type: 'string' } },
  },
  indexes: {
    all: {
      pk: { field: 'pk', casing: 'none', composite: [] },
      sk: { field: 'sk', casing: 'none', composite: ['participantTypeId'] },
    },
  },
});

export const documentContainer = lazyEntity({
  model: model('documentContainer'),
  attributes: {
    documentContainerId: { type: 'string', required: true },
    name: { type: 'string', required: true },
    displayName: { type: 'string', required: true },
    description: { type: 'string' },
    mergedFileName: { type: 'string' },
    displayOrder: { type: 'number', default: 0 },
    containerType: { type: 'string' },
  },
  indexes: {
    all: {
      pk: { field: 'pk', casing: 'none', composite: [] },
      sk: { field: 'sk', casing: 'none', composite: ['documentContainerId'] },
    },
  },
});

export const documentCategory = lazyEntity({
  model: model('documentCategory'),
  attributes: {
    jurisdictionId: { type: 'string', required: true },
    documentCategoryId: { type: 'string', required: true },
    name: { type: 'string', required: true },
    displayName: { type: 'string', required: true },
    displayOrder: { type: 'number', default: 0 },
    identifier: { type: 'string' },
  },
  indexes: {
    byJurisdiction: {
      collection: 'jurisdiction',
      pk: { field: 'pk', casing: 'none', composite: ['jurisdictionId'] },
      sk: { field: 'sk', casing: 'none', composite: ['documentCategoryId'] },
    },
  },
});

/** A document type of a jurisdiction; scope 'all' or the id of the one form it applies to. */
export const documentType = lazyEntity({
  model: model('documentType'),
  attributes: {
    jurisdictionId: { type: 'string', required: true },
    scope: { type: 'string', required: true, default: 'all' },
    documentTypeId: { type: 'string', required: true },
    name: { type: 'string', required: true },
    displayName: { type: 'string', required: true },
    displayOrder: { type: 'number', default: 0 },
    description: { type: 'string' },
    ...timestamps,
  },
  indexes: {
    byJurisdiction: {
      collection: 'jurisdiction',
      pk: { field: 'pk', casing: 'none', composite: ['jurisdictionId'] },
      sk: { field: 'sk', casing: 'none', composite: ['scope', 'documentTypeId'] },
    },
  },
});
