import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { table as tableDef } from '../../functions/platform/data/table.js';
import { propsOf, sharedTestApp, template } from './helpers.js';

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
          PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
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
