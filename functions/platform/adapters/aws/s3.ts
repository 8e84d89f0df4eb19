/** The S3 client of a Lambda (module scope, created on first use). */
import { S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import { tracer } from '../../observability/tracer.js';

/** Options of the S3 client: exported so tests and the local stack can check them. */
export function s3ClientOptions(): S3ClientConfig {
  return {
    forcePathStyle: process.env.S3_FORCE_PATH_STYLE === 'true',
    // Without this, presigned PUT URLs carry an empty-body CRC32 that real S3 may reject.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
}

let client: S3Client | undefined;

export function s3Client(): S3Client {
  return (client ??= tracer.captureAWSv3Client(new S3Client(s3ClientOptions())));
}
