import { ExecutionAlreadyExists, StartExecutionCommand } from '@aws-sdk/client-sfn';
import { sfnClient } from '../../../platform/adapters/aws-clients.js';
import { requireEnv } from '../../../platform/config.js';

/**
 * Starts the extraction state machine (infra/workflows/extraction.asl.json; locally the
 * aws-local-stepfunctions runner at AWS_ENDPOINT_URL_SFN). The execution is named `name` (the
 * settle event's id): starting it again finds it there, which is no error (idempotent).
 */
export async function startExtraction(name: string, input: Record<string, string>): Promise<void> {
  try {
    await sfnClient().send(
      new StartExecutionCommand({
        stateMachineArn: requireEnv('EXTRACTION_STATE_MACHINE_ARN'),
        name: name.replace(/[^A-Za-z0-9_-]/g, '-').slice(0, 80),
        input: JSON.stringify(input),
      }),
    );
  } catch (err) {
    if (
      err instanceof ExecutionAlreadyExists ||
      (err as { name?: string })?.name === 'ExecutionAlreadyExists'
    )
      return;
    throw err;
  }
}
