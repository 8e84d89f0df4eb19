import { Stack } from 'aws-cdk-lib';
import { CfnIdentityPool, CfnIdentityPoolRoleAttachment } from 'aws-cdk-lib/aws-cognito';
import { FederatedPrincipal, PolicyStatement, Role } from 'aws-cdk-lib/aws-iam';
import { CfnAppMonitor } from 'aws-cdk-lib/aws-rum';
import { Construct } from 'constructs';
import { acknowledge } from './nag.js';

export interface BrowserErrorsProps {
  stage: string;
  /** The SPA's domains (the distribution's, a custom one): the app monitor takes events from them. */
  domains: string[];
  /** The share of page loads with an error that are reported (the spec's 0.3 "on error"). */
  errorSampleRate: number;
}

/** What the SPA reads from config.json's `rum` (web/src/lib/rum/settings.ts). */
export interface RumRuntimeConfig {
  appMonitorId: string;
  identityPoolId: string;
  region: string;
  errorSampleRate: number;
}

/**
 * Browser error reporting (docs/browser-errors.md): a CloudWatch RUM app monitor for the SPA's
 * domains, and a Cognito identity pool whose unauthenticated (guest) identities get a role that may
 * only put RUM events into this one monitor. No X-Ray (no trace sampling); no CloudWatch Logs copy
 * (RUM keeps the events 30 days: no second store of error texts); custom events on, for the three
 * access-request errors.
 */
export class BrowserErrors extends Construct {
  readonly appMonitor: CfnAppMonitor;
  readonly identityPool: CfnIdentityPool;
  readonly guestRole: Role;
  /** config.json's `rum`. */
  readonly runtimeConfig: RumRuntimeConfig;

  constructor(scope: Construct, id: string, props: BrowserErrorsProps) {
    super(scope, id);
    const stack = Stack.of(this);
    const name = `consent-portal-${props.stage}`;

    this.identityPool = new CfnIdentityPool(this, 'IdentityPool', {
      identityPoolName: `consent_portal_${props.stage.replace(/-/g, '_')}_browser_errors`,
      allowUnauthenticatedIdentities: true,
      // The enhanced (simplified) flow only: GetId and GetCredentialsForIdentity, no STS from the browser.
      allowClassicFlow: false,
    });
    acknowledge(this.identityPool, [
      {
        id: 'AwsSolutions-COG7',
        reason:
          'Browser error reports come from signed-out pages too (sign-in, registration, the payer page): the guest identities of this pool may only call rum:PutRumEvents on this app monitor (docs/browser-errors.md).',
      },
    ]);

    this.guestRole = new Role(this, 'GuestRole', {
      description: `Consent portal (${props.stage}) browser error reporting: RUM events only`,
      assumedBy: new FederatedPrincipal(
        'cognito-identity.amazonaws.com',
        {
          StringEquals: { 'cognito-identity.amazonaws.com:aud': this.identityPool.ref },
          'ForAnyValue:StringLike': { 'cognito-identity.amazonaws.com:amr': 'unauthenticated' },
        },
        'sts:AssumeRoleWithWebIdentity',
      ),
    });
    this.guestRole.addToPolicy(
      new PolicyStatement({
        actions: ['rum:PutRumEvents'],
        resources: [stack.formatArn({ service: 'rum', resource: 'appmonitor', resourceName: name })],
      }),
    );
    new CfnIdentityPoolRoleAttachment(this, 'Roles', {
      identityPoolId: this.identityPool.ref,
      roles: { unauthenticated: this.guestRole.roleArn },
    });

    this.appMonitor = new CfnAppMonitor(this, 'AppMonitor', {
      name,
      domainList: props.domains,
      cwLogEnabled: false,
      customEvents: { status: 'ENABLED' },
      appMonitorConfiguration: {
        // The SPA's own settings (web/src/lib/rum/recorder.ts) are the ones used; these describe them.
        // It samples before it loads the client (errorSampleRate on a page load's first error), so
        // a loaded client records its whole session.
        sessionSampleRate: 1,
        allowCookies: false,
        enableXRay: false,
        telemetries: ['errors'],
        identityPoolId: this.identityPool.ref,
        guestRoleArn: this.guestRole.roleArn,
      },
    });

    this.runtimeConfig = {
      appMonitorId: this.appMonitor.attrId,
      identityPoolId: this.identityPool.ref,
      region: stack.region,
      errorSampleRate: props.errorSampleRate,
    };
  }
}
