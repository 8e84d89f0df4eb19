import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { table as tableDef } from '../../functions/platform/data/table.js';
import { keyPrefixes } from '../../functions/documents/model/keys.js';
import { PITR_WINDOW_DAYS } from '../../infra/stacks/data-stack.js';
import { restoredTableFrom, restoredTableOf, withRestoredTable } from '../../infra/stacks/restored-table.js';
import { buildTestApp, propsOf, sharedTestApp, template } from './helpers.js';

describe('DataStack', () => {
  let t: Template;
  beforeAll(() => {
    t = template(sharedTestApp().stacks.data);
  });

  describe('table', () => {
    it('has the keys and GSIs of functions/platform/data/table.ts (ALL projection), on demand', () => {
      t.resourceCountIs('AWS::DynamoDB::Table', 1);
      const p = propsOf(t, 'AWS::DynamoDB::Table')[0]!;
      expect(p.KeySchema).toEqual([
        { AttributeName: tableDef.partitionKey, KeyType: 'HASH' },
        { AttributeName: tableDef.sortKey, KeyType: 'RANGE' },
      ]);
      expect(p.BillingMode).toBe('PAY_PER_REQUEST');
      const gsis = (
        p.GlobalSecondaryIndexes as { IndexName: string; KeySchema: unknown; Projection: unknown }[]
      ).map((g) => ({ IndexName: g.IndexName, KeySchema: g.KeySchema, Projection: g.Projection }));
      expect(gsis).toEqual(
        tableDef.globalSecondaryIndexes.map((g) => ({
          IndexName: g.indexName,
          KeySchema: [
            { AttributeName: g.partitionKey, KeyType: 'HASH' },
            { AttributeName: g.sortKey, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        })),
      );
      const keyNames = [
        tableDef.partitionKey,
        tableDef.sortKey,
        ...tableDef.globalSecondaryIndexes.flatMap((g) => [g.partitionKey, g.sortKey]),
      ];
      expect(
        (p.AttributeDefinitions as { AttributeName: string; AttributeType: string }[]).sort((a, b) =>
          a.AttributeName.localeCompare(b.AttributeName),
        ),
      ).toEqual([...new Set(keyNames)].sort().map((n) => ({ AttributeName: n, AttributeType: 'S' })));
    });

    it('has PITR, the stream, TTL and encryption, and is retained', () => {
      t.hasResource('AWS::DynamoDB::Table', {
        DeletionPolicy: 'Retain',
        UpdateReplacePolicy: 'Retain',
        Properties: Match.objectLike({
          PointInTimeRecoverySpecification: {
            PointInTimeRecoveryEnabled: true,
            RecoveryPeriodInDays: PITR_WINDOW_DAYS,
          },
          StreamSpecification: { StreamViewType: tableDef.stream },
          TimeToLiveSpecification: { AttributeName: tableDef.timeToLiveAttribute, Enabled: true },
          SSESpecification: { SSEEnabled: true },
        }),
      });
    });
  });

  describe('uploads bucket', () => {
    const uploads = () => {
      const [id, res] = Object.entries(t.findResources('AWS::S3::Bucket')).find(([id]) =>
        id.startsWith('Uploads'),
      )!;
      return { id, props: (res as { Properties: Record<string, unknown> }).Properties };
    };

    it('blocks all public access, is encrypted, versioned and logs access', () => {
      expect(uploads().props).toMatchObject({
        PublicAccessBlockConfiguration: {
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        },
        BucketEncryption: {
          ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
        },
        VersioningConfiguration: { Status: 'Enabled' },
        LoggingConfiguration: { DestinationBucketName: { Ref: expect.stringMatching(/^AccessLogs/) } },
      });
    });

    it('sets no CORS itself: the Web stack sets it to the portal’s own origins', () => {
      expect(uploads().props.CorsConfiguration).toBeUndefined();
    });

    it("keeps a deleted or overwritten document's old version as long as the table's point-in-time window", () => {
      // A document item restored from any point of the window names a version (storedVersionId)
      // that is still there (docs/reliability.md "Backup and restore").
      expect(PITR_WINDOW_DAYS).toBe(35);
      const rules = (uploads().props.LifecycleConfiguration as { Rules: Record<string, unknown>[] }).Rules;
      const oldVersions = rules.filter((r) => r.Id === 'expire-old-versions');
      expect(oldVersions).toEqual([
        {
          Id: 'expire-old-versions',
          NoncurrentVersionExpiration: { NoncurrentDays: PITR_WINDOW_DAYS },
          Status: 'Enabled',
        },
      ]);
      // Only uploads awaiting their scan and one-day uploads lose their old versions sooner.
      const sooner = rules
        .filter((r) => {
          const days = (r.NoncurrentVersionExpiration as { NoncurrentDays?: number } | undefined)
            ?.NoncurrentDays;
          return days !== undefined && days < PITR_WINDOW_DAYS;
        })
        .map((r) => r.Prefix);
      expect(sooner.sort()).toEqual([keyPrefixes.incoming, 'organisation-images/', 'thumbnails/'].sort());
    });

    it('aborts incomplete multipart uploads after 1 day', () => {
      const rules = (uploads().props.LifecycleConfiguration as { Rules: Record<string, unknown>[] }).Rules;
      expect(rules).toContainEqual(
        expect.objectContaining({
          AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 },
          Status: 'Enabled',
        }),
      );
    });

    it('expires unused template thumbnail uploads (thumbnails/) after 1 day, with their versions', () => {
      const rules = (uploads().props.LifecycleConfiguration as { Rules: Record<string, unknown>[] }).Rules;
      expect(rules).toContainEqual(
        expect.objectContaining({
          Prefix: 'thumbnails/',
          ExpirationInDays: 1,
          NoncurrentVersionExpiration: { NoncurrentDays: 1 },
          Status: 'Enabled',
        }),
      );
    });

    it('expires unused organisation image uploads (organisation-images/) after 1 day, with their versions', () => {
      const rules = (uploads().props.LifecycleConfiguration as { Rules: Record<string, unknown>[] }).Rules;
      expect(rules).toContainEqual(
        expect.objectContaining({
          Prefix: 'organisation-images/',
          ExpirationInDays: 1,
          NoncurrentVersionExpiration: { NoncurrentDays: 1 },
          Status: 'Enabled',
        }),
      );
    });

    it('denies every request that is not over TLS', () => {
      const { id } = uploads();
      t.hasResourceProperties('AWS::S3::BucketPolicy', {
        Bucket: { Ref: id },
        PolicyDocument: {
          Statement: Match.arrayWith([
            Match.objectLike({
              Effect: 'Deny',
              Action: 's3:*',
              Principal: { AWS: '*' },
              Condition: { Bool: { 'aws:SecureTransport': 'false' } },
            }),
          ]),
        },
      });
    });
  });

  it('outputs TableName and UploadsBucket', () => {
    const outputs = Object.keys(t.findOutputs('*')).filter((k) => !k.startsWith('ExportsOutput'));
    expect(outputs.sort()).toEqual(['TableName', 'UploadsBucket']);
  });
});

describe('DataStack after a point-in-time restore (docs/reliability.md "Backup and restore")', () => {
  const restored = {
    tableName: 'consent-portal-dev-restored-20261130',
    streamArn:
      'arn:aws:dynamodb:ap-southeast-2:123456789012:table/consent-portal-dev-restored-20261130/stream/2026-11-30T04:00:00.000',
  };
  let stacks: ReturnType<typeof buildTestApp>['stacks'];
  beforeAll(() => {
    stacks = buildTestApp({ config: { restoredTable: restored } }).stacks;
  });

  it('creates no table: the stage runs on the restored one, by name', () => {
    const t = template(stacks.data);
    t.resourceCountIs('AWS::DynamoDB::Table', 0);
    expect(t.findOutputs('TableName').TableName?.Value).toBe(restored.tableName);
    // The uploads bucket is the same bucket (same logical id): documents keep their objects.
    expect(Object.keys(t.findResources('AWS::S3::Bucket')).some((id) => id.startsWith('Uploads'))).toBe(true);
  });

  it("every function's TABLE_NAME is the restored table, and every stream mapping reads its stream", () => {
    const all = [stacks.auth, stacks.workflows, stacks.api].map((s) => template(s));
    const names = all.flatMap((t) =>
      propsOf(t, 'AWS::Lambda::Function')
        .map(
          (p) =>
            (p.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables?.TABLE_NAME,
        )
        .filter((v) => v !== undefined),
    );
    expect(names.length).toBeGreaterThan(10);
    expect(new Set(names.map((n) => JSON.stringify(n)))).toEqual(
      new Set([JSON.stringify(restored.tableName)]),
    );
    const sources = all.flatMap((t) =>
      propsOf(t, 'AWS::Lambda::EventSourceMapping').map((p) => p.EventSourceArn),
    );
    expect(sources.length).toBeGreaterThan(0);
    expect(new Set(sources)).toEqual(new Set([restored.streamArn]));
    // Nothing imports the old table's exports any more (deploy order: docs/reliability.md).
    const tableImports = (ts: Template[]) =>
      ts
        .flatMap((t) => [...JSON.stringify(t.toJSON()).matchAll(/"Fn::ImportValue":"([^"]+)"/g)])
        .map((m) => m[1]!)
        .filter((i) => /Table/.test(i));
    expect(tableImports(all)).toEqual([]);
    // (The stage's own table is imported by them: what the deploy order in the docs is about.)
    expect(tableImports([template(sharedTestApp().stacks.api)]).length).toBeGreaterThan(0);
  });

  it('reads the restored table from context (both keys) or infra/restored-tables.json, checked', () => {
    expect(restoredTableFrom('dev', restored.tableName, restored.streamArn)).toEqual(restored);
    expect(() => restoredTableFrom('dev', restored.tableName, undefined)).toThrow(/go together/);
    expect(() => restoredTableFrom('dev', 'another-table', restored.streamArn)).toThrow(
      /stream of tableName/,
    );
    expect(() => restoredTableFrom('dev', restored.tableName, 'not-an-arn')).toThrow(/stream ARN/);
    // The committed file has no stage on a restored table.
    for (const stage of ['dev', 'test', 'staging', 'prod']) expect(restoredTableOf(stage)).toBeUndefined();
    const text = withRestoredTable('{"$comment": "x"}', 'prod', {
      ...restored,
      restorePoint: '2026-11-30T03:00:00Z',
    });
    expect(JSON.parse(text)).toEqual({
      $comment: 'x',
      prod: { ...restored, restorePoint: '2026-11-30T03:00:00Z' },
    });
  });
});
