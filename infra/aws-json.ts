/**
 * A minimal signed AWS JSON 1.0 client for the two APIs the event tooling needs and the project has
 * no SDK client for: DynamoDB Streams (DescribeStream, GetShardIterator, GetRecords) and SQS
 * (ReceiveMessage, DeleteMessage, ChangeMessageVisibility). Used by the local stream poller
 * (infra/local/streams.ts, against DynamoDB Local) and by the AWS redrive
 * (infra/seed/redrive-events.ts). `@aws-sdk/client-dynamodb-streams` and `@aws-sdk/client-sqs` would
 * replace it; they are not dependencies yet. Credentials and region come from the DynamoDB client's
 * default chain (or are given).
 */
import { createHash, createHmac } from 'node:crypto';
import { SignatureV4 } from '@smithy/signature-v4';
import type { AwsCredentialIdentity, Provider, SourceData } from '@smithy/types';

/** SHA-256 (HMAC-SHA-256 with a secret) for the signer, from node:crypto. */
class Sha256 {
  private readonly hash;
  constructor(secret?: SourceData) {
    this.hash = secret === undefined ? createHash('sha256') : createHmac('sha256', toBuffer(secret));
  }
  update(data: SourceData): void {
    this.hash.update(toBuffer(data));
  }
  digest(): Promise<Uint8Array> {
    return Promise.resolve(new Uint8Array(this.hash.digest()));
  }
}

function toBuffer(data: SourceData): Buffer {
  if (typeof data === 'string') return Buffer.from(data, 'utf8');
  if (ArrayBuffer.isView(data)) return Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  return Buffer.from(data);
}

export class AwsJsonError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly status: number,
  ) {
    super(`${type}: ${message}`);
    this.name = type;
  }
}

export interface AwsJsonClientOptions {
  /** Signing name: `dynamodb` for DynamoDB Streams, `sqs` for SQS. */
  service: string;
  /** `DynamoDBStreams_20120810` or `AmazonSQS`. */
  targetPrefix: string;
  endpoint: string;
  region: string;
  credentials: AwsCredentialIdentity | Provider<AwsCredentialIdentity>;
}

export type AwsJsonCall = <T>(action: string, body: object) => Promise<T>;

export function awsJsonClient(options: AwsJsonClientOptions): AwsJsonCall {
  const signer = new SignatureV4({
    service: options.service,
    region: options.region,
    credentials: options.credentials,
    sha256: Sha256,
  });
  const url = new URL(options.endpoint);
  return async <T>(action: string, body: object): Promise<T> => {
    const payload = JSON.stringify(body);
    const signed = await signer.sign({
      method: 'POST',
      protocol: url.protocol,
      hostname: url.hostname,
      port: url.port ? Number(url.port) : undefined,
      path: url.pathname || '/',
      query: {},
      headers: {
        host: url.host,
        'content-type': 'application/x-amz-json-1.0',
        'x-amz-target': `${options.targetPrefix}.${action}`,
      },
      body: payload,
    });
    const res = await fetch(url, { method: 'POST', headers: signed.headers, body: payload });
    const text = await res.text();
    const json = (text ? JSON.parse(text) : {}) as Record<string, unknown>;
    if (!res.ok) {
      const type = String(json.__type ?? `HTTP${res.status}`)
        .split('#')
        .pop()!;
      throw new AwsJsonError(type, String(json.message ?? json.Message ?? text), res.status);
    }
    return json as T;
  };
}

/** The stream endpoint of a region (DynamoDB Local serves streams on its own endpoint). */
export const streamsEndpoint = (region: string) => `https://streams.dynamodb.${region}.amazonaws.com`;
export const sqsEndpoint = (region: string) => `https://sqs.${region}.amazonaws.com`;

// --- DynamoDB Streams shapes (the parts used) --------------------------------------------------

export interface StreamShard {
  ShardId: string;
  ParentShardId?: string;
  SequenceNumberRange?: { StartingSequenceNumber?: string; EndingSequenceNumber?: string };
}

export interface DescribeStreamOutput {
  StreamDescription: {
    StreamArn: string;
    StreamStatus?: string;
    Shards?: StreamShard[];
    LastEvaluatedShardId?: string;
  };
}

export type ShardIteratorType = 'TRIM_HORIZON' | 'LATEST' | 'AT_SEQUENCE_NUMBER' | 'AFTER_SEQUENCE_NUMBER';

/** A stream record as GetRecords returns it (the Lambda event record without eventSourceARN). */
export interface StreamRecord {
  eventID: string;
  eventName: 'INSERT' | 'MODIFY' | 'REMOVE';
  eventVersion?: string;
  eventSource?: string;
  awsRegion?: string;
  dynamodb: {
    ApproximateCreationDateTime?: number;
    Keys?: Record<string, unknown>;
    NewImage?: Record<string, unknown>;
    OldImage?: Record<string, unknown>;
    SequenceNumber: string;
    SizeBytes?: number;
    StreamViewType?: string;
  };
  userIdentity?: unknown;
}

/** DynamoDB Streams calls over {@link awsJsonClient}. */
export function streamsApi(call: AwsJsonCall) {
  return {
    async listShards(streamArn: string): Promise<StreamShard[]> {
      const shards: StreamShard[] = [];
      let start: string | undefined;
      do {
        const out = await call<DescribeStreamOutput>('DescribeStream', {
          StreamArn: streamArn,
          ...(start ? { ExclusiveStartShardId: start } : {}),
        });
        shards.push(...(out.StreamDescription.Shards ?? []));
        start = out.StreamDescription.LastEvaluatedShardId;
      } while (start);
      return shards;
    },
    async shardIterator(
      streamArn: string,
      shardId: string,
      type: ShardIteratorType,
      sequenceNumber?: string,
    ): Promise<string | undefined> {
      const out = await call<{ ShardIterator?: string }>('GetShardIterator', {
        StreamArn: streamArn,
        ShardId: shardId,
        ShardIteratorType: type,
        ...(sequenceNumber ? { SequenceNumber: sequenceNumber } : {}),
      });
      return out.ShardIterator;
    },
    getRecords(iterator: string, limit = 1000) {
      return call<{ Records?: StreamRecord[]; NextShardIterator?: string }>('GetRecords', {
        ShardIterator: iterator,
        Limit: limit,
      });
    },
  };
}
