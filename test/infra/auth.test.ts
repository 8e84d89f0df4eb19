import { Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, propsOf, sharedTestApp, template, validPaymentOptions } from './helpers.js';
import type { Template } from 'aws-cdk-lib/assertions';

describe('AuthStack', () => {
  let t: Template;
  let prod: Template;
  beforeAll(() => {
    t = template(sharedTestApp().stacks.auth);
    prod = template(
      buildTestApp({
        config: {
          stage: 'prod',
          prodLike: true,
          paymentGatewayUrl: 'https://sec.windcave.com',
          paymentOptions: validPaymentOptions,
        },
      }).stacks.auth,
    );
  });

  it('has one user pool: email sign-in, self sign-up, auto-verified email, email-only recovery', () => {
    // The other pool is the council pool (no users, no sign-up: docs/council-api.md §1).
    t.resourceCountIs('AWS::Cognito::UserPool', 2);
    t.hasResourceProperties('AWS::Cognito::UserPool', {
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
    });
    t.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
      AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }] },
      UsernameConfiguration: { CaseSensitive: false },
    });
  });

  it('offers optional two-step sign-in with an authenticator app (TOTP) only, no SMS', () => {
    for (const stack of [t, prod]) {
      stack.hasResourceProperties('AWS::Cognito::UserPool', {
        MfaConfiguration: 'OPTIONAL',
        EnabledMfas: ['SOFTWARE_TOKEN_MFA'],
      });
      const pool = propsOf(stack, 'AWS::Cognito::UserPool')[0]!;
      expect(pool.SmsConfiguration).toBeUndefined();
    }
  });

  it("enforces the spec's password policy (8+ chars, lower, upper, digit, special)", () => {
    t.hasResourceProperties('AWS::Cognito::UserPool', {
      Policies: {
        PasswordPolicy: Match.objectLike({
          MinimumLength: 8,
          RequireLowercase: true,
          RequireUppercase: true,
          RequireNumbers: true,
          RequireSymbols: true,
        }),
      },
    });
  });

  it('wires the PostConfirmation trigger to a Node.js 22 function that can write the table', () => {
    const pool = propsOf(t, 'AWS::Cognito::UserPool')[0]!;
    expect(pool.LambdaConfig).toEqual({
      PostConfirmation: { 'Fn::GetAtt': [expect.stringMatching(/^PostConfirmation/), 'Arn'] },
      CustomMessage: { 'Fn::GetAtt': [expect.stringMatching(/^CustomMessage/), 'Arn'] },
    });
    t.hasResourceProperties('AWS::Lambda::Function', { Runtime: 'nodejs22.x', Architectures: ['arm64'] });
    t.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Action: Match.arrayWith(['dynamodb:PutItem', 'dynamodb:UpdateItem']),
            Effect: 'Allow',
          }),
        ]),
      },
    });
  });

  it('the PostConfirmation trigger may sign a user of its own pool out everywhere (after a password reset), and nothing more of Cognito', () => {
    const policies = Object.entries(t.findResources('AWS::IAM::Policy')) as [
      string,
      { Properties: { PolicyDocument: { Statement: { Action: string | string[]; Resource: unknown }[] } } },
    ][];
    const cognito = policies
      .flatMap(([, p]) => p.Properties.PolicyDocument.Statement)
      .filter((st) => [st.Action].flat().some((a) => a.startsWith('cognito-idp:')));
    expect(cognito).toEqual([
      expect.objectContaining({
        Action: 'cognito-idp:AdminUserGlobalSignOut',
        Resource: { 'Fn::GetAtt': [expect.stringMatching(/^UserPool/), 'Arn'] },
      }),
    ]);
    // On the trigger's role (a policy of its own: the pool already depends on the function).
    const [id] = policies.find(([, p]) => JSON.stringify(p).includes('AdminUserGlobalSignOut'))!;
    const roles = (t.findResources('AWS::IAM::Policy')[id] as { Properties: { Roles: { Ref: string }[] } })
      .Properties.Roles;
    expect(roles).toEqual([{ Ref: expect.stringMatching(/^PostConfirmation.*Role/) }]);
  });

  it('has a web client: SRP + refresh only (no USER_PASSWORD_AUTH), no secret, explicit validities, no user-existence errors', () => {
    t.resourceCountIs('AWS::Cognito::UserPoolClient', 1);
    const client = propsOf(t, 'AWS::Cognito::UserPoolClient')[0]!;
    expect([...(client.ExplicitAuthFlows as string[])].sort()).toEqual([
      'ALLOW_REFRESH_TOKEN_AUTH',
      'ALLOW_USER_SRP_AUTH',
    ]);
    expect(client.GenerateSecret).toBe(false);
    expect(client.PreventUserExistenceErrors).toBe('ENABLED');
    expect(client).toMatchObject({
      AccessTokenValidity: 60,
      IdTokenValidity: 60,
      RefreshTokenValidity: 43200,
      TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'minutes' },
    });
    expect(client.AllowedOAuthFlows).toBeUndefined();
  });

  it('wires the CustomMessage trigger; it reads the web URL from the SSM parameter the Web stack writes', () => {
    const fns = Object.entries(t.findResources('AWS::Lambda::Function')) as [
      string,
      { Properties: { Environment?: { Variables?: Record<string, unknown> } } },
    ][];
    const [, fn] = fns.find(([id]) => id.startsWith('CustomMessage'))!;
    expect(fn.Properties.Environment?.Variables).toMatchObject({
      WEB_URL_PARAMETER: '/consent-portal/dev/web-url',
    });
    expect(fn.Properties.Environment?.Variables?.WEB_URL).toBeUndefined();
    const [, policy] = Object.entries(t.findResources('AWS::IAM::Policy')).find(([id]) =>
      id.startsWith('CustomMessage'),
    )!;
    const doc = JSON.stringify(policy);
    expect(doc).toContain('ssm:GetParameter');
    expect(doc).toContain(':parameter/consent-portal/dev/web-url');
    expect(doc).not.toContain('dynamodb:');
  });

  it('with context webUrl the CustomMessage trigger gets it directly and needs no SSM', () => {
    const custom = template(buildTestApp({ context: { webUrl: 'https://portal.example.nz/' } }).stacks.auth);
    custom.hasResourceProperties('AWS::Lambda::Function', {
      Environment: { Variables: Match.objectLike({ WEB_URL: 'https://portal.example.nz' }) },
    });
    expect(JSON.stringify(custom.findResources('AWS::IAM::Policy'))).not.toContain('ssm:GetParameter');
    expect(() => buildTestApp({ context: { webUrl: 'http://insecure.example.nz' } })).toThrow(/webUrl/);
  });

  it('keeps the pool of a prod-like stage (deletion protection, RETAIN); dev pools are disposable', () => {
    prod.hasResource('AWS::Cognito::UserPool', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({ DeletionProtection: 'ACTIVE' }),
    });
    t.hasResource('AWS::Cognito::UserPool', {
      DeletionPolicy: 'Delete',
      Properties: Match.objectLike({ DeletionProtection: 'INACTIVE' }),
    });
  });

  it('outputs UserPoolId, UserPoolClientId, Region and the real Cognito endpoint', () => {
    const outputs = t.findOutputs('*');
    expect(
      Object.keys(outputs)
        .filter((k) => !k.startsWith('ExportsOutput'))
        .sort(),
    ).toEqual([
      'CognitoEndpoint',
      'CouncilTokenUrl',
      'CouncilUserPoolId',
      'Region',
      'UserPoolClientId',
      'UserPoolId',
    ]);
    expect(JSON.stringify(outputs.CognitoEndpoint)).toContain('https://cognito-idp.ap-southeast-2.');
  });
});
