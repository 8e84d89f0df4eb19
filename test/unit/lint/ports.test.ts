/**
 * One composition root per feature (docs/architecture.md "Services and ports"): the adapters of
 * functions/platform/adapters (mail, scheduler, captcha, images, scanner, lookups, the Lambda invoke,
 * the payment gateway, the web address) are wired into a feature's services in its `ports.ts` (or a
 * sub-feature's: documents/merge/ports.ts, documents/scan/ports.ts); a Lambda's handler gets its
 * services from there. A repository may use the AWS clients (platform/adapters/aws*): it is the
 * feature's own adapter to the table and the bucket. Type-only imports are no wiring.
 *
 * What still imports an adapter elsewhere is listed below with its reason; the list may only shrink
 * (the test fails when a listed file no longer imports one, so it cannot outlive its reason).
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { root, runtimeImports, sourceFiles } from './import-graph.js';

const ADAPTERS = 'functions/platform/adapters/';

/** Files outside ports.ts that import an adapter's code today, and why (may only shrink). */
const ADAPTER_USERS_OUTSIDE_PORTS: Record<string, string> = {
  'functions/access-requests/consumers.ts': 'the expiry job consumers schedule and cancel directly',
  'functions/accounts/custom-message.ts': "the Cognito trigger reads the web's address",
  'functions/accounts/service.ts': "the face's wired captcha check (requireCaptcha) for organisations",
  'functions/applications/form.ts': "the form Lambda's thumbnail port and upload storage",
  'functions/council/invitations/consumers.ts': 'the invitation mail consumer sends mail directly',
  'functions/council/service/webhook-ports.ts': "the webhook Lambdas' ports, not yet in council/ports.ts",
  'functions/council/service/webhook-seal.ts': "the webhook secret's seal reads Secrets Manager",
  'functions/documents/checks/service/file-type.ts': "sniffs an image's type with the images adapter",
  'functions/documents/checks/service/image-to-pdf.ts': "converts images with the images adapter's Jimp",
  'functions/documents/extraction/handler.ts': "the state machine's steps read and write S3 inline",
  'functions/documents/extraction/service/workflows.ts': 'starts the state machine (Step Functions client)',
  'functions/documents/merge/consumers.ts': 'hands the job to the worker (asynchronous Lambda invoke)',
  'functions/documents/merge/service/storage.ts': "the merge's S3 reads and multipart sink",
  'functions/documents/multipart/service/storage.ts': "S3's multipart calls",
  'functions/documents/service/storage.ts': 'presigned links and prefix removal on the uploads bucket',
  'functions/payments/service/payments.ts':
    "the gateway port's GatewayUnavailable answers 503 with the spec's message",
  'functions/lookups/service.ts': 'LookupServiceError, the adapters’ error class, to map failures',
  'functions/organisations/consumers.ts': 'the invitation and merge consumers mail and schedule directly',
  'functions/organisations/profile.ts': "the profile Lambda's thumbnail port and upload storage",
  'functions/participants/consumers.ts': 'the invitation mail consumer sends mail directly',
};

const isPorts = (file: string) => path.basename(file) === 'ports.ts';
const isRepository = (file: string) => /\/repository(\/|\.ts$|-)/.test(file);
const isAwsClient = (target: string) =>
  /^functions\/platform\/adapters\/(aws\/|aws-clients\.ts$)/.test(target);

const featureFiles = sourceFiles(['functions']).filter(
  (f) => !f.startsWith('functions/platform/') && f.split('/').length > 2,
);

/** The adapter modules a file loads when it runs (type-only imports are not wiring). */
const adaptersOf = (file: string) =>
  runtimeImports(file)
    .filter((target) => target.startsWith(ADAPTERS))
    .filter((target) => !(isRepository(file) && isAwsClient(target)));

const users = featureFiles.filter((f) => !isPorts(f) && adaptersOf(f).length > 0);

describe('one composition root per feature: ports.ts wires the adapters', () => {
  it('no other file of a feature imports an adapter, but those listed with their reason', () => {
    expect(users.filter((f) => !(f in ADAPTER_USERS_OUTSIDE_PORTS))).toEqual([]);
  });

  it('the list only shrinks: each listed file still imports an adapter', () => {
    expect(Object.keys(ADAPTER_USERS_OUTSIDE_PORTS).filter((f) => !users.includes(f))).toEqual([]);
  });

  it("an HTTP Lambda's handler.ts gets its services from ports.ts, never an adapter itself", () => {
    expect(users.filter((f) => path.basename(f) === 'handler.ts' && !f.includes('/extraction/'))).toEqual([]);
  });

  it('every feature that wires an adapter has a ports.ts; those that wire none are named', () => {
    const features = readdirSync(path.join(root, 'functions')).filter(
      (d) => d !== 'platform' && statSync(path.join(root, 'functions', d)).isDirectory(),
    );
    const wiring = features.filter((feature) =>
      featureFiles.some((f) => f.startsWith(`functions/${feature}/`) && adaptersOf(f).length > 0),
    );
    const hasPorts = (feature: string) =>
      featureFiles.some((f) => f.startsWith(`functions/${feature}/`) && isPorts(f));
    expect(wiring.filter((feature) => !hasPorts(feature))).toEqual([]);
    // docs/architecture.md names these: they wire no adapter (their repositories use the AWS clients).
    expect(features.filter((feature) => !hasPorts(feature)).sort()).toEqual(['reference', 'site']);
  });

  it('ports.ts of the features import what they wire (the rule sees imports through ts)', () => {
    expect(existsSync(path.join(root, 'functions/documents/scan/ports.ts'))).toBe(true);
    expect(adaptersOf('functions/documents/scan/ports.ts')).toEqual(
      expect.arrayContaining(['functions/platform/adapters/scanner.ts']),
    );
    // A handler that wired the scanner itself would be refused.
    expect(adaptersOf('functions/documents/scan/handler.ts')).toEqual([]);
  });
});
