/** The Lambda client of a Lambda (module scope, created on first use): asynchronous hand-offs. */
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { tracer } from '../../observability/tracer.js';

let client: LambdaClient | undefined;

export function lambdaClient(): LambdaClient {
  return (client ??= tracer.captureAWSv3Client(new LambdaClient({})));
}

/**
 * Hands `payload` to a function asynchronously (InvocationType Event): Lambda queues it and answers
 * 202 at once; the function's own retries and on-failure destination take it from there.
 */
export async function invokeAsync(functionName: string, payload: unknown): Promise<void> {
  const out = await lambdaClient().send(
    new InvokeCommand({
      FunctionName: functionName,
      InvocationType: 'Event',
      Payload: new TextEncoder().encode(JSON.stringify(payload)),
    }),
  );
  if (out.StatusCode !== 202) throw new Error(`invokeAsync ${functionName}: status ${out.StatusCode}`);
}
