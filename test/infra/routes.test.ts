/**
 * The route table (functions/routes.ts) is the one source of truth: the synthesised HTTP API has
 * exactly its routes, each with the authorization its caller kind needs, and each served by the
 * Lambda of its feature. (The local gateway's side is proved over HTTP in
 * test/integration/local-gateway.test.ts: every route key answers from its handler.)
 */
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, test } from 'vitest';
import { routeKey, routes } from '../../functions/routes';
import { propsOf, routeKeysOfTemplate, sharedTestApp } from './helpers';

let api: Template;
beforeAll(() => {
  api = Template.fromStack(sharedTestApp().stacks.api);
});

describe('routes: table = CDK template', () => {
  test('the HTTP API has exactly the routes of the table', () => {
    const table = routes.map((r) => routeKey(r)).sort();
    expect(routeKeysOfTemplate(api)).toEqual(table);
  });

  test('public routes have no authorizer; user routes need the Cognito JWT authorizer', () => {
    const byKey = new Map(
      propsOf(api, 'AWS::ApiGatewayV2::Route').map((p) => [p.RouteKey as string, p.AuthorizationType]),
    );
    for (const r of routes) {
      expect(byKey.get(routeKey(r)), routeKey(r)).toBe(r.caller === 'public' ? 'NONE' : 'JWT');
    }
  });
});
