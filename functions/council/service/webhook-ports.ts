import { lookup } from 'node:dns/promises';
import { InvokeCommand } from '@aws-sdk/client-lambda';
import { lambdaClient } from '../../platform/adapters/aws/lambda.js';
import * as repo from '../repository/webhooks.js';
import type { MintedSecret, RedeliveryOutcome, WebhookDeliveryRequest } from '../webhooks-events.js';
import type { WebhookPorts } from './webhooks.js';

/**
 * Whether council webhooks may go to http(s)://127.0.0.1 (COUNCIL_WEBHOOK_ALLOW_LOOPBACK=true): the
 * local stack's receivers, and nothing else. Never in a deployed function: CDK never sets the flag
 * (test/infra), and a function that runs in Lambda (AWS_LAMBDA_FUNCTION_NAME, set by the Lambda
 * runtime) refuses to start with it.
 */
export function allowLoopbackFrom(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.COUNCIL_WEBHOOK_ALLOW_LOOPBACK !== 'true') return false;
  if (env.AWS_LAMBDA_FUNCTION_NAME)
    throw new Error(
      'COUNCIL_WEBHOOK_ALLOW_LOOPBACK is for the local stack only: refused in a deployed function',
    );
  return true;
}

/** Invokes the delivery function (RequestResponse) and answers what it returned. */
async function invokeDelivery<T>(request: WebhookDeliveryRequest): Promise<T> {
  const functionName = process.env.COUNCIL_WEBHOOK_DELIVERY_FUNCTION;
  if (!functionName) throw new Error('COUNCIL_WEBHOOK_DELIVERY_FUNCTION is not set');
  const out = await lambdaClient().send(
    new InvokeCommand({
      FunctionName: functionName,
      InvocationType: 'RequestResponse',
      Payload: new TextEncoder().encode(JSON.stringify(request)),
    }),
  );
  const text = out.Payload ? new TextDecoder().decode(out.Payload) : '';
  if (out.FunctionError)
    throw new Error(`webhook delivery function: ${out.FunctionError}: ${text.slice(0, 500)}`);
  return JSON.parse(text) as T;
}

/**
 * The webhooks Lambda's ports: the table (registration, log), DNS for the registration's check,
 * and the delivery function for what needs a signing secret (minting one, a redelivery).
 */
export function tableWebhookPorts(): WebhookPorts {
  return {
    getWebhook: repo.getWebhook,
    putWebhook: repo.putWebhook,
    deleteWebhook: repo.deleteWebhook,
    listDeliveries: repo.listDeliveries,
    storeAnswer: repo.storeAnswer,
    resolve: async (host) => (await lookup(host, { all: true })).map((a) => a.address),
    allowLoopback: allowLoopbackFrom(),
    mintSecret: (authorityId) => invokeDelivery<MintedSecret>({ action: 'mint', authorityId }),
    redeliver: (authorityId, eventId) =>
      invokeDelivery<RedeliveryOutcome>({ action: 'redeliver', authorityId, eventId }),
    now: () => new Date(),
  };
}
