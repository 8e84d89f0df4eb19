/**
 * Delivers the local dead letters of domain events again (dataDir/dead-letters/events.jsonl, written
 * by the stream poller after a consumer failed every retry) through the handler that failed each (functions/<feature>/stream.ts, the webhook delivery):
 *
 *   npx tsx infra/local/redrive.ts             # the stack of .local/ (it must be running: DynamoDB Local)
 *   npx tsx infra/local/redrive.ts --list      # show them, deliver nothing
 *   npx tsx infra/local/redrive.ts --data-dir .local-test
 *
 * Delivered letters leave the file; those that fail again stay. Consumers are idempotent, so a
 * letter whose consumers already succeeded changes nothing.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as z from 'zod';
import { HandlerLoader, repoRoot } from './handlers';
import { readDeadLetters, redriveDeadLetters } from './stream-letters';
import { LOCAL_WEBHOOK_SEALING_KEY } from './lambda';

const Outputs = z.object({
  DynamoDbEndpoint: z.string(),
  TableName: z.string(),
  Region: z.string(),
  EventDeadLetterFile: z.string(),
  MailOutboxDir: z.string(),
});

const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string', default: '.local' },
    list: { type: 'boolean', default: false },
  },
});
const dataDir = path.resolve(values['data-dir']);
const outputs = Outputs.parse(
  Object.values(
    JSON.parse(readFileSync(path.join(dataDir, 'outputs.json'), 'utf8')) as Record<string, unknown>,
  )[0],
);

const letters = readDeadLetters(outputs.EventDeadLetterFile);
if (values.list || !letters.length) {
  for (const l of letters) {
    const image = l.record.dynamodb?.NewImage as Record<string, { S?: string }> | undefined;
    console.log(
      `${l.deadLetteredAt}  ${image?.type?.S ?? '?'}  ${image?.eventId?.S ?? '?'}  attempts ${l.attempts}  ${l.reason}`,
    );
  }
  console.log(`${letters.length} dead letter(s) in ${outputs.EventDeadLetterFile}`);
  process.exit(0);
}

// The handler reads the same variables as in the stack.
Object.assign(process.env, {
  AWS_REGION: outputs.Region,
  AWS_ACCESS_KEY_ID: process.env.AWS_ACCESS_KEY_ID ?? 'local',
  AWS_SECRET_ACCESS_KEY: process.env.AWS_SECRET_ACCESS_KEY ?? 'local',
  AWS_ENDPOINT_URL_DYNAMODB: outputs.DynamoDbEndpoint,
  TABLE_NAME: outputs.TableName,
  MAIL_TRANSPORT: 'outbox',
  MAIL_OUTBOX_DIR: outputs.MailOutboxDir,
  POWERTOOLS_SERVICE_NAME: 'consent-portal-events',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'WARN',
  // The webhook delivery function's letters: its key and the local receivers, as in the stack.
  COUNCIL_WEBHOOK_SEALING_KEY: LOCAL_WEBHOOK_SEALING_KEY,
  COUNCIL_WEBHOOK_ALLOW_LOOPBACK: 'true',
});
const loader = new HandlerLoader(path.join(repoRoot, 'functions'));
const result = await redriveDeadLetters(outputs.EventDeadLetterFile, (module) =>
  loader.load<Parameters<typeof redriveDeadLetters>[1] extends (m: string) => Promise<infer H> ? H : never>(
    module,
  ),
);
console.log(`redrive: ${result.delivered} delivered, ${result.failed} still failing`);
process.exit(result.failed ? 1 : 0);
