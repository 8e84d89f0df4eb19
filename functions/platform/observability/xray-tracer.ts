import { Tracer } from '@aws-lambda-powertools/tracer';

/**
 * The Powertools Tracer itself, with the aws-xray-sdk-core it brings: loaded by ./tracer.ts only in
 * a Lambda with tracing on, on the first invocation (docs/tracing.md "Cold-start cost"). In a
 * Lambda this module is not in the function's bundle but a file beside it (xray-tracer.js, built by
 * infra/constructs/tracer-bundle.ts), so it imports nothing of the portal's own code: whatever it
 * needs to know of the portal's errors, ./tracer.ts hands it.
 */
export interface PortalTracerOptions {
  /** Whether an error is the caller's (a 4xx: X-Ray's `error` flag) rather than a failure (`fault`). */
  isCallerError: (error: Error) => boolean;
}

export class PortalTracer extends Tracer {
  readonly #isCallerError: (error: Error) => boolean;

  constructor(options: NonNullable<ConstructorParameters<typeof Tracer>[0]> & PortalTracerOptions) {
    const { isCallerError, ...tracerOptions } = options;
    super(tracerOptions);
    this.#isCallerError = isCallerError;
  }

  /** Never: responses carry personal data. */
  public override addResponseAsMetadata(): void {}

  /**
   * The failure flag only, never the error's message or stack (see ./tracer.ts): `error` for what
   * the caller did wrong (a domain error answered with a 4xx), `fault` for everything else.
   */
  public override addErrorAsMetadata(error: Error): void {
    if (!this.isTracingEnabled()) return;
    const segment = this.getSegment();
    if (!segment) return;
    if (this.#isCallerError(error)) segment.addErrorFlag();
    else segment.addFaultFlag();
  }
}

export const createTracer = (options: PortalTracerOptions) =>
  new PortalTracer({
    serviceName: process.env.POWERTOOLS_SERVICE_NAME || 'consent-portal',
    captureHTTPsRequests: false,
    ...options,
  });
