#!/usr/bin/env node
/**
 * The CDK app: `npx cdk synth` / `npx cdk deploy` (cdk.json runs it with tsx).
 *
 * Context (or environment): stage (CONSENT_PORTAL_STAGE, default dev), region
 * (CONSENT_PORTAL_REGION, default ap-southeast-2), account (CDK_DEFAULT_ACCOUNT), prodLike,
 * clamavLayerArn (the ClamAV Lambda layer: a deploy-time input), webOrigins (CORS origins of the
 * uploads bucket), webDist, threatProtection. See infra/stacks/config.ts.
 */
import { App } from 'aws-cdk-lib';
import { buildApp } from '../infra/stacks/index.js';

const app = new App();
buildApp(app);
app.synth();
