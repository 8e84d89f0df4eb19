import { Tracer } from '@aws-lambda-powertools/tracer';
import { DomainError } from '../errors.js';
import type { DomainErrorKind } from '../errors.js';

/**
 * The Powertools Tracer itself, with the aws-xray-sdk-core it brings: loaded by ./tracer.ts only in
 * a Lambda with tracing on, on the first invocation (docs/tracing.md "Cold-start cost").
 */
const serverKinds = new Set<DomainErrorKind>(['upstream', 'unavailable', 'internal']);

export class PortalTracer extends Tracer {
  /** Never: responses carry personal data. */
  public override addResponseAsMetadata(): void {}

  /**
   * The failure flag only, never the error's message or stack (see above): `error` for what the
   * caller did wrong (a domain error answered with a 4xx), `fault` for everything else.
   */
  public override addErrorAsMetadata(error: Error): void {
    if (!this.isTracingEnabled()) return;
    const segment = this.getSegment();
    if (!segment) return;
    if (error instanceof DomainError && !serverKinds.has(error.kind)) segment.addErrorFlag();
    else segment.addFaultFlag();
  }
}

export const createTracer = () =>
  new PortalTracer({
    serviceName: process.env.POWERTOOLS_SERVICE_NAME || 'consent-portal',
    captureHTTPsRequests: false,
  });
