import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { GetParameterCommand, ParameterNotFound, SSMClient } from '@aws-sdk/client-ssm';
import type { CustomMessageTriggerEvent } from 'aws-lambda';
import {
  buildCustomMessage,
  confirmationLink,
  customMessage,
  resetWebUrl,
} from '../../../../functions/accounts/custom-message.js';

vi.hoisted(() => {
  process.env.POWERTOOLS_LOG_LEVEL = 'SILENT';
});

const ssm = mockClient(SSMClient);
beforeEach(() => {
  ssm.reset();
  resetWebUrl();
  delete process.env.WEB_URL;
  delete process.env.WEB_URL_PARAMETER;
});

const event = (
  triggerSource: CustomMessageTriggerEvent['triggerSource'],
  attrs: Record<string, string> = { email: 'ana+test@example.nz', given_name: 'Ana <b>' },
): CustomMessageTriggerEvent =>
  ({
    version: '1',
    region: 'ap-southeast-2',
    userPoolId: 'pool',
    userName: 'sub-1',
    callerContext: { awsSdkVersion: '3', clientId: 'web' },
    triggerSource,
    request: {
      userAttributes: attrs,
      codeParameter: '{####}',
      linkParameter: '{##Click Here##}',
      usernameParameter: null,
    },
    response: { smsMessage: null, emailMessage: null, emailSubject: null },
  }) as CustomMessageTriggerEvent;

describe('Cognito CustomMessage', () => {
  it('sign-up: a link to /confirm-registration with the code placeholder and the encoded email, and the code', async () => {
    process.env.WEB_URL = 'https://portal.example.nz/';
    const out = await customMessage(event('CustomMessage_SignUp'));
    const link =
      'https://portal.example.nz/confirm-registration?verification_code={####}&email=ana%2Btest%40example.nz';
    expect(out.response.emailSubject).toBe('Confirm your Consent Portal account');
    expect(out.response.emailMessage).toContain(
      `<a href="${link.replace('&', '&amp;')}">Confirm my account</a>`,
    );
    // The link is what the portal accepts: no bare code to type (no page takes one; docs/accounts.md f11).
    expect(out.response.emailMessage).not.toContain('verification code');
    expect(out.response.emailMessage!.match(/\{####\}/g)).toHaveLength(2); // the button and the address
    expect(out.response.emailMessage).toContain(
      '<p>The link works for 24 hours and only in the newest email we sent you. After confirming, sign in with this email address.</p>',
    );
    // The given name is escaped, never HTML.
    expect(out.response.emailMessage).toContain('<p>Kia ora Ana &lt;b&gt;,</p>');
    expect(out.response.emailMessage!.length).toBeLessThan(20_000);
    expect(ssm.calls()).toHaveLength(0);
  });

  it('sign-up from an invitation: the link carries the safe return path, never another site', async () => {
    process.env.WEB_URL = 'https://portal.example.nz';
    const withMeta = (returnTo: string) => {
      const e = event('CustomMessage_SignUp');
      e.request.clientMetadata = { returnTo };
      return e;
    };
    const out = await customMessage(withMeta('/application-details/101'));
    expect(out.response.emailMessage).toContain(
      'https://portal.example.nz/confirm-registration?verification_code={####}&amp;email=ana%2Btest%40example.nz&amp;returnTo=%2Fapplication-details%2F101',
    );
    const evil = await customMessage(withMeta('//evil.example/x'));
    expect(evil.response.emailMessage).not.toContain('returnTo');
    expect(evil.response.emailMessage).not.toContain('evil');
  });

  it('resend: the same message', async () => {
    process.env.WEB_URL = 'https://portal.example.nz';
    const signUp = await customMessage(event('CustomMessage_SignUp'));
    const resend = await customMessage(event('CustomMessage_ResendCode'));
    expect(resend.response).toEqual(signUp.response);
  });

  it('reads the web URL once from the SSM parameter when WEB_URL is not set', async () => {
    process.env.WEB_URL_PARAMETER = '/consent-portal/dev/web-url';
    ssm.on(GetParameterCommand).resolves({ Parameter: { Value: 'https://d111.cloudfront.net' } });
    await customMessage(event('CustomMessage_SignUp'));
    const out = await customMessage(event('CustomMessage_ResendCode'));
    expect(out.response.emailMessage).toContain(
      'https://d111.cloudfront.net/confirm-registration?verification_code={####}',
    );
    expect(ssm.commandCalls(GetParameterCommand)).toHaveLength(1);
    expect(ssm.commandCalls(GetParameterCommand)[0]!.args[0].input).toEqual({
      Name: '/consent-portal/dev/web-url',
    });
  });

  it('an unreadable parameter gives the code without a link (and is retried next time)', async () => {
    process.env.WEB_URL_PARAMETER = '/consent-portal/dev/web-url';
    ssm.on(GetParameterCommand).rejectsOnce(new ParameterNotFound({ message: 'no', $metadata: {} }));
    const out = await customMessage(event('CustomMessage_SignUp'));
    expect(out.response.emailMessage).not.toContain('href');
    expect(out.response.emailMessage).toContain('{####}');
    ssm.on(GetParameterCommand).resolves({ Parameter: { Value: 'https://d111.cloudfront.net' } });
    expect((await customMessage(event('CustomMessage_SignUp'))).response.emailMessage).toContain('href');
  });

  it('forgot password: the reset code', async () => {
    const out = await customMessage(event('CustomMessage_ForgotPassword'));
    expect(out.response.emailSubject).toBe('Reset your Consent Portal password');
    expect(out.response.emailMessage).toContain('Your password reset code is <strong>{####}</strong>');
    expect(out.response.emailMessage).not.toContain('confirm-registration');
  });

  it('admin-created users: the username and temporary password placeholders', () => {
    const m = buildCustomMessage({
      triggerSource: 'CustomMessage_AdminCreateUser',
      codeParameter: '{####}',
      usernameParameter: '{username}',
    })!;
    expect(m.emailMessage).toContain('{username}');
    expect(m.emailMessage).toContain('{####}');
  });

  it("other sources keep Cognito's default message", async () => {
    const out = await customMessage(event('CustomMessage_UpdateUserAttribute'));
    expect(out.response).toEqual({ smsMessage: null, emailMessage: null, emailSubject: null });
  });

  it('confirmationLink encodes the email and trims the trailing slash', () => {
    expect(confirmationLink('http://127.0.0.1:4000/', '123456', 'a&b@x.nz')).toBe(
      'http://127.0.0.1:4000/confirm-registration?verification_code=123456&email=a%26b%40x.nz',
    );
  });
});
