import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import {
  AccountRecovery,
  FeaturePlan,
  Mfa,
  StandardThreatProtectionMode,
  UserPool,
  UserPoolClient,
  UserPoolOperation,
  VerificationEmailStyle,
} from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Policy, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { acknowledge, findings } from '../constructs/nag.js';
import type { Construct } from 'constructs';
import { PortalFunction } from '../constructs/portal-function.js';
import { CouncilPool } from '../constructs/council-pool.js';
import { webUrlParameterName, type PortalConfig } from './config.js';

export interface AuthStackProps extends StackProps {
  config: PortalConfig;
  table: ITable;
}

/** The spec's password policy (portal-organisation-and-supporting.md, validation patterns). */
export const passwordPolicy = {
  minLength: 8,
  requireLowercase: true,
  requireUppercase: true,
  requireDigits: true,
  requireSymbols: true,
  tempPasswordValidity: Duration.days(7),
} as const;

/** The Cognito user pool, its PostConfirmation and CustomMessage triggers and the web app client. */
export class AuthStack extends Stack {
  readonly userPool: UserPool;
  readonly webClient: UserPoolClient;
  /** The council integration API's pool, domain, resource server and per-authority clients. */
  readonly council: CouncilPool;
  /** `https://cognito-idp.<region>.amazonaws.com`: what the SPA talks to, and the CSP allows. */
  readonly cognitoEndpoint: string;

  constructor(scope: Construct, id: string, props: AuthStackProps) {
    super(scope, id, props);
    const { config } = props;

    this.userPool = new UserPool(this, 'UserPool', {
      signInAliases: { email: true },
      signInCaseSensitive: false,
      selfSignUpEnabled: true,
      autoVerify: { email: true },
      keepOriginal: { email: true },
      standardAttributes: { email: { required: true, mutable: true } },
      userVerification: { emailStyle: VerificationEmailStyle.CODE },
      passwordPolicy,
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      // Optional two-step sign-in with an authenticator app (TOTP), set up from the profile page
      // (ASVS L2 2.8); no SMS: no phone numbers, no SMS role, no toll fraud.
      mfa: Mfa.OPTIONAL,
      mfaSecondFactor: { sms: false, otp: true },
      deletionProtection: config.prodLike,
      removalPolicy: config.prodLike ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      ...(config.threatProtection
        ? {
            featurePlan: FeaturePlan.PLUS,
            standardThreatProtectionMode: StandardThreatProtectionMode.FULL_FUNCTION,
          }
        : { featurePlan: FeaturePlan.ESSENTIALS }),
    });

    const postConfirmation = new PortalFunction(this, 'PostConfirmation', {
      entry: 'functions/accounts/post-confirmation.ts',
      serviceName: 'consent-portal-post-confirmation',
      description: 'Cognito PostConfirmation: creates the user record',
      environment: { TABLE_NAME: props.table.tableName },
    });
    props.table.grantWriteData(postConfirmation);
    this.userPool.addTrigger(UserPoolOperation.POST_CONFIRMATION, postConfirmation);
    // After a password reset (ConfirmForgotPassword) the trigger signs the user out everywhere
    // (functions/accounts/service/confirmation.ts). A policy of its own: the pool depends on the
    // function (its trigger), so the function's default policy cannot name the pool.
    new Policy(this, 'PostConfirmationSignOut', {
      statements: [
        new PolicyStatement({
          actions: ['cognito-idp:AdminUserGlobalSignOut'],
          resources: [this.userPool.userPoolArn],
        }),
      ],
    }).attachToRole(postConfirmation.role!);

    // The portal's words for Cognito's mail: a confirmation link to the web app and the code.
    const customMessage = new PortalFunction(this, 'CustomMessage', {
      entry: 'functions/accounts/custom-message.ts',
      serviceName: 'consent-portal-custom-message',
      description: "Cognito CustomMessage: sign-up link and code, reset code, in the portal's words",
      environment: config.webUrl
        ? { WEB_URL: config.webUrl }
        : { WEB_URL_PARAMETER: webUrlParameterName(config.stage) },
    });
    if (!config.webUrl) {
      customMessage.addToRolePolicy(
        new PolicyStatement({
          actions: ['ssm:GetParameter'],
          resources: [
            `arn:${this.partition}:ssm:${this.region}:${this.account}:parameter${webUrlParameterName(config.stage)}`,
          ],
        }),
      );
    }
    this.userPool.addTrigger(UserPoolOperation.CUSTOM_MESSAGE, customMessage);

    this.webClient = this.userPool.addClient('WebClient', {
      // SRP only: the password never leaves the browser (USER_PASSWORD_AUTH is the local stand-in's).
      authFlows: { userSrp: true },
      generateSecret: false,
      disableOAuth: true,
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      idTokenValidity: Duration.hours(1),
      accessTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
      authSessionValidity: Duration.minutes(3),
    });

    this.cognitoEndpoint = `https://cognito-idp.${this.region}.${this.urlSuffix}`;

    this.council = new CouncilPool(this, 'Council', {
      stage: config.stage,
      prodLike: config.prodLike,
      councils: config.councils,
    });

    if (!config.threatProtection) {
      acknowledge(this.userPool, [
        {
          id: 'AwsSolutions-COG8',
          reason:
            'Threat protection (Plus feature plan) is a paid per-MAU option; it is switched on per stage with context threatProtection=true. The spec has no risk-based sign-in requirement.',
        },
      ]);
    }
    acknowledge(this.userPool, [
      {
        id: 'AwsSolutions-COG2',
        reason:
          'MFA is OPTIONAL (TOTP only): each person can turn on two-step sign-in from their profile page. The spec defines sign-in as email + password (portal-core "Authentication"), so it is not REQUIRED for everyone.',
      },
    ]);
    acknowledge(postConfirmation, [
      {
        id: 'AwsSolutions-IAM5',
        reason:
          'Table write grant includes its GSIs (`<table arn>/index/*`), generated by Table.grantWriteData.',
        appliesTo: [findings.tableIndexes],
      },
    ]);

    new CfnOutput(this, 'UserPoolId', { value: this.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.webClient.userPoolClientId });
    new CfnOutput(this, 'Region', { value: this.region });
    new CfnOutput(this, 'CognitoEndpoint', { value: this.cognitoEndpoint });
  }
}
