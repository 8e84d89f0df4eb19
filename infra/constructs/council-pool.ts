import { CfnOutput, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import {
  FeaturePlan,
  OAuthScope,
  ResourceServerScope,
  UserPool,
  type UserPoolClient,
  type UserPoolDomain,
} from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import { COUNCIL_RESOURCE_SERVER, councilScopes } from '../../shared/schemas/council.js';
import { COUNCIL_ACCESS_TOKEN_MINUTES, councilClientName } from '../council/councils.js';
import { acknowledge } from './nag.js';

/**
 * The council pool (docs/council-api.md §1): no users and no sign-up, only one confidential app
 * client per onboarded authority (client credentials, the four scopes of the resource server
 * `council-api`, access tokens of 60 minutes), and a domain for its token endpoint.
 */
export class CouncilPool extends Construct {
  readonly pool: UserPool;
  readonly domain: UserPoolDomain;
  /** By authority id. */
  readonly clients: Record<string, UserPoolClient> = {};
  /** `https://cognito-idp.<region>.amazonaws.com/<pool id>`: the council authorizer's issuer. */
  readonly issuer: string;
  readonly tokenUrl: string;

  constructor(scope: Construct, id: string, props: { stage: string; prodLike: boolean; councils: string[] }) {
    super(scope, id);
    const stack = Stack.of(this);
    this.pool = new UserPool(this, 'Pool', {
      selfSignUpEnabled: false,
      signInAliases: { username: true },
      featurePlan: FeaturePlan.ESSENTIALS,
      deletionProtection: props.prodLike,
      removalPolicy: props.prodLike ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    this.domain = this.pool.addDomain('Domain', {
      cognitoDomain: { domainPrefix: `consent-portal-${props.stage}-council` },
    });
    const scopes = councilScopes.map((s) => new ResourceServerScope({ scopeName: s, scopeDescription: s }));
    const server = this.pool.addResourceServer('CouncilApi', {
      identifier: COUNCIL_RESOURCE_SERVER,
      userPoolResourceServerName: 'Council integration API',
      scopes,
    });
    for (const authorityId of props.councils) {
      // Never change a property that replaces a client: its id would change under the council.
      this.clients[authorityId] = this.pool.addClient(`Council-${authorityId}`, {
        userPoolClientName: councilClientName(authorityId),
        generateSecret: true,
        authFlows: {},
        oAuth: {
          flows: { clientCredentials: true },
          scopes: scopes.map((s) => OAuthScope.resourceServer(server, s)),
        },
        accessTokenValidity: Duration.minutes(COUNCIL_ACCESS_TOKEN_MINUTES),
        enableTokenRevocation: true,
        preventUserExistenceErrors: true,
      });
    }
    this.issuer = `https://cognito-idp.${stack.region}.${stack.urlSuffix}/${this.pool.userPoolId}`;
    this.tokenUrl = `${this.domain.baseUrl()}/oauth2/token`;

    acknowledge(this.pool, [
      {
        id: 'AwsSolutions-COG1',
        reason: 'The council pool has no users and no sign-up: only app clients with client credentials.',
      },
      {
        id: 'AwsSolutions-COG2',
        reason:
          'No users sign in to the council pool (machine-to-machine clients only): MFA has no one to apply to.',
      },
      {
        id: 'AwsSolutions-COG3',
        reason:
          'Threat protection acts on user sign-ins; the council pool has none (client credentials only).',
      },
      {
        id: 'AwsSolutions-COG8',
        reason: 'Threat protection (Plus plan) acts on user sign-ins; the council pool has none.',
      },
    ]);
    new CfnOutput(stack, 'CouncilUserPoolId', { value: this.pool.userPoolId });
    new CfnOutput(stack, 'CouncilTokenUrl', { value: this.tokenUrl });
  }
}
