import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import type { HandlerLoader } from './handlers';
import { repoRoot } from './handlers';
import { HOST } from './ports';
import { closeServer, listen, readBody, sendJson, type Log } from './util';
import { createHolds, type HeldInvocation } from './holds';

// aws-local-stepfunctions uses Promise.withResolvers (Node 22); Node 20 lacks it.
if (typeof (Promise as unknown as { withResolvers?: unknown }).withResolvers !== 'function') {
  Object.defineProperty(Promise, 'withResolvers', {
    configurable: true,
    writable: true,
    value: function withResolvers<T>() {
      let resolve!: (v: T | PromiseLike<T>) => void;
      let reject!: (e: unknown) => void;
      const promise = new Promise<T>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      return { promise, resolve, reject };
    },
  });
}

export const LOCAL_EXTRACTION_FUNCTION_ARN =
  'arn:aws:lambda:ap-southeast-2:000000000000:function:consent-portal-extraction-local';
export const LOCAL_EXTRACTION_STATE_MACHINE_ARN =
  'arn:aws:states:ap-southeast-2:000000000000:stateMachine:consent-portal-extraction-local';

type JsonValue = string | number | boolean | null | JsonValue[] | { [k: string]: JsonValue };

export interface Execution {
  executionArn: string;
  stateMachineArn: string;
  name: string;
  status: 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'ABORTED';
  input: JsonValue;
  output?: JsonValue;
  error?: string;
  cause?: string;
  startDate: Date;
  stopDate?: Date;
  /** Resolves when the execution ends (never rejects). */
  done: Promise<Execution>;
}

export interface LocalStepFunctions {
  /** AWS_ENDPOINT_URL_SFN: StartExecution / DescribeExecution over the AWS JSON 1.0 protocol. */
  endpoint: string;
  stateMachineArn: string;
  startExecution(input: unknown, name?: string): Execution;
  describeExecution(executionArn: string): Execution | undefined;
  /** Resolves when every running execution has ended. */
  idle(): Promise<void>;
  /**
   * Fault injection: holds the next run of Task state `stateName` before its function runs; `kill()`
   * fails the Task as Step Functions reports a function whose runtime died (`Lambda.Unknown`), and
   * the state's Retry and Catch apply.
   */
  holdNext(stateName: string, match?: (payload: unknown) => boolean): HeldInvocation;
  stop(): Promise<void>;
}

/** Reads the one ASL definition with the Lambda ARN placeholder substituted. */
export function loadExtractionDefinition(): Record<string, unknown> {
  const text = readFileSync(path.join(repoRoot, 'infra/workflows/extraction.asl.json'), 'utf8');
  return JSON.parse(text.replaceAll('${ExtractionFunctionArn}', LOCAL_EXTRACTION_FUNCTION_ARN)) as Record<
    string,
    unknown
  >;
}

/** The names of every Task state, also inside Map and Parallel states. */
export function taskStateNames(definition: Record<string, unknown>): string[] {
  const names: string[] = [];
  const visit = (def: Record<string, unknown> | undefined) => {
    const states = (def?.States ?? {}) as Record<string, Record<string, unknown>>;
    for (const [name, state] of Object.entries(states)) {
      if (state.Type === 'Task') names.push(name);
      if (state.Type === 'Map') visit((state.ItemProcessor ?? state.Iterator) as Record<string, unknown>);
      if (state.Type === 'Parallel')
        for (const b of (state.Branches ?? []) as Record<string, unknown>[]) visit(b);
    }
  };
  visit(definition);
  return names;
}

export async function startStepFunctions(opts: {
  port: number;
  handlers: HandlerLoader;
  log: Log;
}): Promise<LocalStepFunctions> {
  const { StateMachine } = await import('aws-local-stepfunctions');
  const definition = loadExtractionDefinition();
  const machine = new StateMachine(definition as never, { validationOptions: { checkArn: false } });
  const executions = new Map<string, Execution>();
  const running = new Set<Promise<Execution>>();
  const aborts = new Set<() => void>();
  const holds = createHolds();

  // Every Task is a lambda:invoke of the extraction function: call its handler with the Payload
  // and hand back {Payload} as the Lambda integration does.
  const invoke = async (stateName: string, input: JsonValue): Promise<JsonValue> => {
    const params = (input ?? {}) as { Payload?: JsonValue };
    if (await holds.arrive(stateName, params.Payload ?? null))
      throw Object.assign(
        new Error(`The function of ${stateName} ended without answering (runtime killed)`),
        {
          name: 'Lambda.Unknown',
        },
      );
    const handler = await opts.handlers.load<(p: unknown) => Promise<unknown>>(
      'documents/extraction/handler',
    );
    const result = await handler(params.Payload ?? null);
    return { Payload: (result ?? null) as JsonValue, StatusCode: 200, ExecutedVersion: '$LATEST' };
  };
  const taskResourceLocalHandlers = Object.fromEntries(
    taskStateNames(definition).map((n) => [n, (input: JsonValue) => invoke(n, input)]),
  );

  const startExecution = (input: unknown, name: string = randomUUID()): Execution => {
    const stateMachineArn = LOCAL_EXTRACTION_STATE_MACHINE_ARN;
    const executionArn = `${stateMachineArn.replace(':stateMachine:', ':execution:')}:${name}`;
    if (executions.has(executionArn))
      throw Object.assign(new Error(`Execution Already Exists: '${executionArn}'`), {
        type: 'ExecutionAlreadyExists',
      });
    const execution: Execution = {
      executionArn,
      stateMachineArn,
      name,
      status: 'RUNNING',
      input: (input ?? {}) as JsonValue,
      startDate: new Date(),
      done: undefined as unknown as Promise<Execution>,
    };
    const run = machine.run(execution.input as never, { overrides: { taskResourceLocalHandlers } as never });
    aborts.add(run.abort);
    execution.done = run.result
      .then(
        (output) => {
          execution.status = 'SUCCEEDED';
          execution.output = output as JsonValue;
          return execution;
        },
        (err: unknown) => {
          const e = err as { name?: string; message?: string; cause?: { name?: string; message?: string } };
          if (e?.name === 'ExecutionAbortedError') execution.status = 'ABORTED';
          else {
            execution.status = 'FAILED';
            execution.error = e?.cause?.name ?? e?.name ?? 'Error';
            execution.cause = e?.cause?.message ?? e?.message ?? String(err);
            opts.log(`execution ${name} failed: ${execution.error}: ${execution.cause}`);
          }
          return execution;
        },
      )
      .finally(() => {
        execution.stopDate = new Date();
        aborts.delete(run.abort);
      });
    running.add(execution.done);
    void execution.done.finally(() => running.delete(execution.done));
    executions.set(executionArn, execution);
    return execution;
  };

  const describe = (e: Execution) => ({
    executionArn: e.executionArn,
    stateMachineArn: e.stateMachineArn,
    name: e.name,
    status: e.status,
    startDate: e.startDate.getTime() / 1000,
    ...(e.stopDate ? { stopDate: e.stopDate.getTime() / 1000 } : {}),
    input: JSON.stringify(e.input),
    ...(e.output !== undefined ? { output: JSON.stringify(e.output) } : {}),
    ...(e.error ? { error: e.error, cause: e.cause } : {}),
  });

  // A tiny AWS JSON 1.0 endpoint, so handlers use the real @aws-sdk/client-sfn unchanged with
  // AWS_ENDPOINT_URL_SFN pointing here.
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const target = String(req.headers['x-amz-target'] ?? '').split('.')[1] ?? '';
    const headers = { 'content-type': 'application/x-amz-json-1.0', 'x-amzn-requestid': randomUUID() };
    const fail = (type: string, message: string) => sendJson(res, 400, { __type: type, message }, headers);
    let body: Record<string, unknown>;
    try {
      body = JSON.parse((await readBody(req)).toString() || '{}') as Record<string, unknown>;
    } catch {
      fail('SerializationException', 'Invalid JSON');
      return;
    }
    switch (target) {
      case 'StartExecution': {
        if (body.stateMachineArn !== LOCAL_EXTRACTION_STATE_MACHINE_ARN) {
          fail('StateMachineDoesNotExist', `State Machine Does Not Exist: '${String(body.stateMachineArn)}'`);
          return;
        }
        let input: unknown = {};
        try {
          input = body.input === undefined ? {} : JSON.parse(String(body.input));
        } catch {
          fail('InvalidExecutionInput', 'Invalid State Machine Execution Input');
          return;
        }
        try {
          const e = startExecution(input, typeof body.name === 'string' ? body.name : undefined);
          sendJson(
            res,
            200,
            { executionArn: e.executionArn, startDate: e.startDate.getTime() / 1000 },
            headers,
          );
        } catch (err) {
          fail((err as { type?: string }).type ?? 'InvalidArn', (err as Error).message);
        }
        return;
      }
      case 'DescribeExecution': {
        const e = executions.get(String(body.executionArn));
        if (!e) {
          fail('ExecutionDoesNotExist', `Execution Does Not Exist: '${String(body.executionArn)}'`);
          return;
        }
        sendJson(res, 200, describe(e), headers);
        return;
      }
      default:
        fail('UnknownOperationException', `Operation ${target} is not supported by the local Step Functions`);
    }
  };
  const server: Server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      opts.log(`sfn endpoint error: ${String(err)}`);
      if (!res.headersSent) sendJson(res, 500, { __type: 'InternalError', message: 'Internal error' });
    });
  });
  await listen(server, opts.port, HOST);
  const idle = async () => {
    while (running.size) await Promise.allSettled([...running]);
  };
  return {
    endpoint: `http://${HOST}:${opts.port}`,
    stateMachineArn: LOCAL_EXTRACTION_STATE_MACHINE_ARN,
    startExecution,
    describeExecution: (arn) => executions.get(arn),
    idle,
    holdNext: (stateName, match) => holds.holdNext(stateName, match),
    stop: async () => {
      holds.releaseAll();
      await closeServer(server);
      for (const abort of aborts) abort();
      await idle();
    },
  };
}
