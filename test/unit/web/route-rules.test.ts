import { describe, expect, it } from 'vitest';
import {
  APPLICATION_DETAILS_SECTIONS,
  isNumericId,
  resolveChildApplicationType,
  resolveDetailsSection,
  resolveNewApplicationStep,
  resolveProjectsTab,
} from '../../../web/src/lib/urls/rules';
import { parsePropertyQuery } from '../../../web/src/lib/urls/propertyQuery';
import { AccessRequestParam, decodeParam, encodeParam } from '../../../web/src/lib/urls/queryCodec';
import { accessRequestFromSearch } from '../../../web/src/features/dashboard/accessRequestQuery';
import { Address } from '../../../shared/schemas/common';

const q = (s: string) => new URLSearchParams(s);

describe('route rules', () => {
  it('projects tab: All or Archived, case-insensitive; default All; else redirect', () => {
    expect(resolveProjectsTab(q(''))).toEqual({ tab: 'All' });
    expect(resolveProjectsTab(q('tab=archived'))).toEqual({ tab: 'Archived' });
    expect(resolveProjectsTab(q('tab=aLL'))).toEqual({ tab: 'All' });
    expect(resolveProjectsTab(q('tab=Draft'))).toEqual({ redirect: '/projects?tab=All' });
  });

  it('details section: the nine sections case-insensitive, unknown or missing gives Overview', () => {
    expect(APPLICATION_DETAILS_SECTIONS).toEqual([
      'Overview',
      'Applications',
      'Forms',
      'RFIs',
      'Inspections',
      'Documents',
      'People',
      'Payments',
      'Notifications',
    ]);
    for (const section of APPLICATION_DETAILS_SECTIONS) {
      expect(resolveDetailsSection(q(`section=${section.toLowerCase()}`)).section).toBe(section);
    }
    expect(resolveDetailsSection(q('section=Nope&subSection=x'))).toEqual({
      section: 'Overview',
      subSection: 'x',
    });
    expect(resolveDetailsSection(q(''))).toEqual({ section: 'Overview', subSection: undefined });
  });

  it('numeric ids', () => {
    expect(isNumericId('0')).toBe(true);
    expect(isNumericId('123')).toBe(true);
    for (const v of ['', ' 1', '1.5', '-1', 'a1', undefined]) expect(isNumericId(v)).toBe(false);
  });

  it('new-application steps and child types', () => {
    expect(resolveNewApplicationStep('form-selection')).toBe('form-selection');
    expect(resolveNewApplicationStep('whatever')).toBeUndefined();
    expect(resolveNewApplicationStep('')).toBeUndefined();
    expect(resolveChildApplicationType(q('type=AMENDMENT'))).toBe('amendment');
    expect(resolveChildApplicationType(q('type=other'))).toBeUndefined();
  });

  it('property query: an encoded address and an authority', () => {
    const address = { address1: '1 Queen Street', city: 'Auckland' };
    expect(
      parsePropertyQuery(q(`address=${encodeParam(address)}&authority-id=7&intention=from-scratch`)),
    ).toEqual({
      address,
      authorityId: '7',
      intention: 'from-scratch',
      refApplicationId: undefined,
    });
    expect(parsePropertyQuery(q(`address=${encodeParam(address)}`))).toBeUndefined();
    expect(parsePropertyQuery(q('address=%%%&authority-id=7'))).toBeUndefined();
  });
});

describe('encoded query values', () => {
  it('round-trips unicode through base64url', () => {
    const value = { address1: 'Māori Hill', city: 'Dunedin', fullAddress: 'Māori Hill, Dunedin 9010' };
    const encoded = encodeParam(value);
    expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeParam(encoded, Address)).toEqual(value);
  });

  it('gives undefined for anything that does not parse', () => {
    expect(decodeParam(null, Address)).toBeUndefined();
    expect(decodeParam('', Address)).toBeUndefined();
    expect(decodeParam('@@', Address)).toBeUndefined();
    expect(decodeParam(encodeParam([1]), Address)).toBeUndefined();
    expect(decodeParam('bm90IGpzb24', Address)).toBeUndefined(); // "not json"
  });

  it('access_request: an encoded application id', () => {
    expect(decodeParam(encodeParam({ applicationId: 42 }), AccessRequestParam)).toEqual({
      applicationId: '42',
    });
    expect(accessRequestFromSearch(q(`access_request=${encodeParam({ applicationId: '7' })}`))).toEqual({
      applicationId: '7',
    });
    expect(
      accessRequestFromSearch(q(`access_request=${encodeParam({ applicationId: 'x' })}`)),
    ).toBeUndefined();
    expect(accessRequestFromSearch(q(''))).toBeUndefined();
  });
});
