import { App, type Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { routeKeysOfTemplate } from '../../infra/stacks/api-stack.js';
import { buildApp, type PortalConfig, type PortalStacks } from '../../infra/stacks/index.js';
import paymentOptions from '../../shared/reference/payment-options.json' with { type: 'json' };

/**
 * The repository's payment options with every deposit account a valid one (IRD's worked example
 * 01-902-0068389-00, not a council's): what a prod-like stage needs to synth, since it refuses the
 * placeholders (infra/stacks/config.ts, test/infra/prod-settings.test.ts).
 */
export const validPaymentOptions = Object.fromEntries(
  Object.entries(paymentOptions).map(([id, o]) => [
    id,
    { ...o, deposit: { ...o.deposit, accountNumber: '01-0902-0068389-00' } },
  ]),
);

/** A minimal built SPA, so tests do not depend on (or zip) the real web/dist. */
export function fakeWebDist(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-web-dist-'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>portal</title>');
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'assets', 'app.js'), 'console.log(1)');
  return dir;
}

export interface SynthOptions {
  config?: Partial<PortalConfig>;
  context?: Record<string, unknown>;
  /** Register the cdk-nag plugin (synth then fails on violations). */
  nag?: boolean;
}

/**
 * The whole portal app as bin/app.ts builds it, without bundling Lambda code (context
 * `aws:cdk:bundling-stacks: []`), so a synth takes seconds.
 */
export function buildTestApp(options: SynthOptions = {}): { app: App; stacks: PortalStacks } {
  const app = new App({
    context: { 'aws:cdk:bundling-stacks': [], ...options.context },
    outdir: mkdtempSync(path.join(tmpdir(), 'portal-cdk-out-')),
  });
  const stacks = buildApp(app, {
    nag: options.nag ?? false,
    config: { webDistPath: fakeWebDist(), ...options.config },
  });
  return { app, stacks };
}

const shared = new Map<string, { app: App; stacks: PortalStacks }>();

/**
 * The app of these options, built once per run and shared by every test file that asks for the same
 * options: the infra project runs its files in one worker with one module cache (vitest.config.ts,
 * `isolate: false`), and `Template.fromStack` synthesises an app once. For tests that only read the
 * app; a test that adds to it or synthesises it differently builds its own with {@link buildTestApp}.
 */
export function sharedTestApp(options: SynthOptions = {}): { app: App; stacks: PortalStacks } {
  const key = JSON.stringify(options);
  let built = shared.get(key);
  if (!built) {
    built = buildTestApp(options);
    shared.set(key, built);
  }
  return built;
}

export const template = (stack: Stack): Template => Template.fromStack(stack);

/** Resources of a type, as a list of their Properties. */
export function propsOf(t: Template, type: string): Record<string, unknown>[] {
  return Object.values(t.findResources(type)).map(
    (r) => (r as { Properties: Record<string, unknown> }).Properties,
  );
}

export { routeKeysOfTemplate } from '../../infra/stacks/api-stack.js';

/** `'METHOD /path'` of every route of the synthesised Api stack, sorted (for test/infra/routes.test.ts). */
export function apiRouteKeys(options: SynthOptions = {}): string[] {
  return routeKeysOfTemplate(Template.fromStack(buildTestApp(options).stacks.api));
}
