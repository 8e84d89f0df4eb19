import { describe, expect, it } from 'vitest';
import { isProfileComplete, readOrganisationRole } from '../../../shared/domain/user.js';
import { ErrorBody, serverCodeToClientCode } from '../../../shared/schemas/errors.js';
import {
  applicationDocumentKey,
  decodeS3EventKey,
  extractedTextKey,
  userDocumentKey,
} from '../../../functions/documents/model/keys.js';

describe('user rules', () => {
  it('organisation role: Admin stays Admin, anything else reads Normal', () => {
    expect([
      readOrganisationRole('Admin'),
      readOrganisationRole('Normal'),
      readOrganisationRole('admin'),
      readOrganisationRole(undefined),
      readOrganisationRole(3),
    ]).toEqual(['Admin', 'Normal', 'Normal', 'Normal', 'Normal']);
  });
  it('profile complete needs first name, last name, contact number and full address', () => {
    const full = {
      firstName: 'Ana',
      lastName: 'Tui',
      contactNumber: '021 555 0101',
      address: { fullAddress: '1 Queen Street, Auckland 1010' },
    };
    expect(isProfileComplete(full)).toBe(true);
    expect(isProfileComplete({ ...full, contactNumber: ' ' })).toBe(false);
    expect(isProfileComplete({ ...full, address: {} })).toBe(false);
  });
});

describe('error schema', () => {
  it('accepts the spec codes and rejects others; server codes map to client codes', () => {
    expect(
      ErrorBody.safeParse({
        code: 'USER.EXISTS.COGNITO.400',
        message: 'An account already exists with this email',
      }).success,
    ).toBe(true);
    expect(ErrorBody.safeParse({ code: 'Teapot', message: 'x' }).success).toBe(false);
    expect(serverCodeToClientCode['ACCESS.REQUEST.EXIST']).toBe('AccessRequestExist');
  });
});

describe('document keys', () => {
  it('layout of application, user and extracted keys', () => {
    expect(applicationDocumentKey('a1', 'Site Plan.pdf')).toBe('documents/a1/Site Plan.pdf');
    expect(userDocumentKey('u1', 'cv.pdf')).toBe('user-documents/u1/cv.pdf');
    expect(extractedTextKey('documents/a1/x.pdf')).toBe('extracted/documents/a1/x.pdf.txt');
    expect(() => applicationDocumentKey('a1', '../x')).toThrow();
    expect(() => applicationDocumentKey('', 'x.pdf')).toThrow();
  });
  it('S3 event keys are URL-decoded with + as space', () => {
    expect(decodeS3EventKey('documents/a1/Site+Plan%2B1+%C4%81.pdf')).toBe('documents/a1/Site Plan+1 ā.pdf');
  });
});
