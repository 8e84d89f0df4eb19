import { describe, expect, it } from 'vitest';
import { applicationReturnPath, safeReturnPath, withReturnPath } from '../../../shared/domain/returnPath';

describe('the return path after sign-in (same-origin paths only)', () => {
  it.each(['/application-details/101', '/application-details/101?section=People', '/', '/projects?tab=All'])(
    'accepts %s',
    (path) => expect(safeReturnPath(path)).toBe(path),
  );

  it.each([
    'https://evil.example/application-details/1',
    'http:/evil.example',
    '//evil.example/x',
    '/\\evil.example',
    '\\\\evil.example',
    '/application-details/1\\..\\',
    'javascript:alert(1)',
    'application-details/1',
    '/a b',
    '/a\nb',
    '/a\tb',
    '',
    `/${'a'.repeat(200)}`,
    undefined,
    42,
  ])('rejects %j', (value) => expect(safeReturnPath(value)).toBeUndefined());

  it('adds the parameter only when safe', () => {
    expect(withReturnPath('/registration?email=a%40b.nz', applicationReturnPath('101'))).toBe(
      '/registration?email=a%40b.nz&returnTo=%2Fapplication-details%2F101',
    );
    expect(withReturnPath('/', '/application-details/7')).toBe('/?returnTo=%2Fapplication-details%2F7');
    expect(withReturnPath('/', '//evil.example')).toBe('/');
  });
});
