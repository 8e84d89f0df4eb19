/**
 * GET /public/formio/{name} against the local stack: every definition served as { formJson } with
 * public caching, validated with @formio/core exactly as served; unknown names are 404.
 */
import { describe, expect, test } from 'vitest';
import { validateFormio } from '../../shared/formio/validate';
import { FormioDefinitionResponse, formioNames } from '../../shared/schemas/formio';
import { readOutputs } from '../support/outputs';

const o = readOutputs();
const get = (name: string) => fetch(`${o.ApiUrl}/public/formio/${encodeURIComponent(name)}`);

describe('GET /public/formio/{name}', () => {
  test('every definition: 200 { formJson } without a token, cacheable for 5 minutes', async () => {
    for (const name of formioNames) {
      const res = await get(name);
      expect(res.status, name).toBe(200);
      expect(res.headers.get('cache-control'), name).toBe('public, max-age=300');
      const { formJson } = FormioDefinitionResponse.parse(await res.json());
      expect(formJson.name).toBe(name);
      // The served definition is one @formio/core can validate: an empty submission is not valid.
      const { errors } = validateFormio(formJson, {});
      expect(errors.length, name).toBeGreaterThan(0);
      for (const e of errors) expect(e.reason, `${name} ${e.field}`).toBe('Required');
    }
  });

  test('a served definition validates a real submission: extension of time', async () => {
    const { formJson } = FormioDefinitionResponse.parse(await (await get('eot-application')).json());
    const submission = {
      consentNumber: 'BC/2026/1234',
      extensionType: 'codeCompliance',
      workStarted: 'no',
      reason: 'Supply delays for the cladding system',
      requestedNewDate: '2027-06-30T00:00:00+12:00',
    };
    expect(validateFormio(formJson, submission).errors).toEqual([]);
    expect(validateFormio(formJson, { ...submission, consentNumber: '?' }).errors).toEqual([
      {
        field: 'consentNumber',
        reason: 'Enter the number as shown on the document: 3 to 30 letters, digits, spaces, / . or -',
      },
    ]);
  });

  test('an unknown name is 404 ResourceNotFound in the one error shape', async () => {
    for (const name of ['bc-unknown', 'BC-PROJECT', '..%2Fcountries']) {
      const res = await get(name);
      expect(res.status, name).toBe(404);
      const body = (await res.json()) as { code: string; message: string };
      expect(body.code).toBe('ResourceNotFound');
      expect(body.message).toBe('Resource not found');
    }
  });
});
