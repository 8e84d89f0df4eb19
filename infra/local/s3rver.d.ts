declare module 's3rver' {
  import type { IncomingMessage, ServerResponse } from 'node:http';
  import type { EventEmitter } from 'node:events';

  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    resetOnClose?: boolean;
    allowMismatchedSignatures?: boolean;
    vhostBuckets?: boolean;
    serviceEndpoint?: string;
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  }

  export interface S3rverEventRecord {
    eventName: string;
    eventTime: string;
    s3: {
      bucket: { name: string };
      object: { key: string; size?: number; eTag?: string; sequencer: string };
    };
    requestParameters: { sourceIPAddress: string };
  }

  /** The filesystem store (lib/stores/filesystem.js): the parts infra/local/s3.ts replaces. */
  interface FilesystemStore {
    getResourcePath(bucket: string, key: string, resource: string): string;
    deleteObject(bucket: string, key: string): Promise<void>;
  }

  class S3rver extends EventEmitter {
    constructor(options?: S3rverOptions);
    readonly store: FilesystemStore;
    configureBuckets(): Promise<void>;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
    reset(): void;
    on(event: 'event', listener: (e: { Records: S3rverEventRecord[] }) => void): this;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }
  export default S3rver;
}
