/**
 * `npm run council -- <command> [arguments] [--outputs file]` (bin/council.ts): the operator's and
 * the simulator's commands, each a {@link CouncilCommand} of ./commands/index.ts. The target is a
 * stack outputs file: the local stack's (default `.local/outputs.json`, or CONSENT_PORTAL_OUTPUTS)
 * or `cdk deploy --outputs-file` (credentials and region from the usual AWS chain).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { councilCommands } from './commands/index';
import type { CommandContext, CouncilCommand, OptionValues } from './commands/types';
import type { CouncilTarget } from './operator';

const globalOptions = {
  outputs: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

export function usage(commands: CouncilCommand[] = councilCommands): string {
  // Each command's usage line, then what it does indented below it (usages run to 100 characters).
  return [
    'usage: npm run council -- <command> [arguments] [--outputs <outputs.json>]',
    '',
    ...commands.map((c) => `  ${c.usage}\n      ${c.summary}`),
  ].join('\n');
}

export type Parsed =
  | { kind: 'help' }
  | { kind: 'run'; command: CouncilCommand; positionals: string[]; values: OptionValues; outputs?: string };

/** The command and its arguments; throws with a message on anything unknown or missing. */
export function parseCouncilArgs(argv: string[], commands: CouncilCommand[] = councilCommands): Parsed {
  const [name, ...rest] = argv;
  if (!name || name === 'help' || name === '--help' || name === '-h') return { kind: 'help' };
  const command = commands.find((c) => c.name === name);
  if (!command) throw new Error(`unknown command ${name}`);
  const { values, positionals } = parseArgs({
    args: rest,
    options: { ...globalOptions, ...command.options },
    allowPositionals: true,
    strict: true,
  });
  if (values.help) return { kind: 'help' };
  const wanted = command.positionals ?? [];
  if (positionals.length < wanted.length)
    throw new Error(`${command.name} needs ${wanted.map((w) => `<${w}>`).join(' ')}`);
  if (positionals.length > wanted.length && !command.variadic)
    throw new Error(`${command.name}: unexpected ${positionals.slice(wanted.length).join(' ')}`);
  const { outputs, help: _help, ...own } = values as OptionValues & { outputs?: string };
  return { kind: 'run', command, positionals, values: own, ...(outputs ? { outputs } : {}) };
}

/** Reads the outputs file (stacks merged) and points the table client at it before any data import. */
export function commandContext(file: string): CommandContext {
  const outputsFile = path.resolve(file);
  const raw = JSON.parse(readFileSync(outputsFile, 'utf8')) as Record<string, Record<string, unknown>>;
  const outputs = Object.assign({}, ...Object.values(raw)) as Record<string, unknown>;
  const str = (k: string) => {
    const v = outputs[k];
    if (typeof v !== 'string') throw new Error(`${outputsFile}: no ${k}`);
    return v;
  };
  const local = typeof outputs.DynamoDbEndpoint === 'string';
  process.env.TABLE_NAME = str('TableName');
  if (typeof outputs.Region === 'string') process.env.AWS_REGION ??= outputs.Region;
  if (local) {
    process.env.AWS_ENDPOINT_URL_DYNAMODB = str('DynamoDbEndpoint');
    process.env.AWS_ACCESS_KEY_ID ??= 'local';
    process.env.AWS_SECRET_ACCESS_KEY ??= 'local';
  }
  let target: CouncilTarget | undefined;
  return {
    outputs,
    outputsFile,
    target: () =>
      (target ??= {
        cognito: new CognitoIdentityProviderClient(
          local
            ? {
                endpoint: str('CognitoEndpoint'),
                region: String(outputs.Region ?? 'ap-southeast-2'),
                credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
              }
            : { region: String(outputs.Region ?? process.env.AWS_REGION) },
        ),
        councilUserPoolId: str('CouncilUserPoolId'),
        tokenUrl: str('CouncilTokenUrl'),
        apiUrl: str('ApiUrl'),
        ...(local && typeof outputs.CouncilCredentialsDir === 'string'
          ? { localDir: outputs.CouncilCredentialsDir }
          : {}),
      }),
  };
}

/** Runs one command line; returns the exit code. */
export async function runCouncilCli(
  argv: string[],
  io: { out: (s: string) => void; err: (s: string) => void } = {
    out: (s) => console.log(s),
    err: (s) => console.error(s),
  },
): Promise<number> {
  let parsed: Parsed;
  try {
    parsed = parseCouncilArgs(argv);
  } catch (err) {
    io.err(`council: ${(err as Error).message}\n\n${usage()}`);
    return 2;
  }
  if (parsed.kind === 'help') {
    io.out(usage());
    return 0;
  }
  try {
    const ctx = commandContext(parsed.outputs ?? process.env.CONSENT_PORTAL_OUTPUTS ?? '.local/outputs.json');
    const result = await parsed.command.run({ positionals: parsed.positionals, values: parsed.values, ctx });
    if (result !== undefined) io.out(typeof result === 'string' ? result : JSON.stringify(result, null, 2));
    return 0;
  } catch (err) {
    io.err(`council ${parsed.command.name}: ${(err as Error).message}`);
    return 1;
  }
}
