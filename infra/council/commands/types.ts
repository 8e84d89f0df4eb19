import type { ParseArgsConfig } from 'node:util';
import type { CouncilTarget } from '../operator';

/** What a command runs against, from a stack outputs file (local `.local/outputs.json` or `cdk deploy --outputs-file`). */
export interface CommandContext {
  /** The stack outputs, merged across stacks. */
  outputs: Record<string, unknown>;
  /** The outputs file read. */
  outputsFile: string;
  /** The operator's target (council pool, token URL, API; locally the hand-over folder). */
  target(): CouncilTarget;
}

export type OptionValues = Record<string, string | boolean | string[] | boolean[] | undefined>;

/**
 * One `npm run council -- <name> …` command. The operator's are in ./operator.ts; other files (the
 * simulator's API calls) export theirs and are registered in ./index.ts.
 */
export interface CouncilCommand {
  name: string;
  /** `<name> <arguments> [--options]`, printed by `help`. */
  usage: string;
  summary: string;
  options?: NonNullable<ParseArgsConfig['options']>;
  /** Positional arguments required (their names, for the usage error). */
  positionals?: string[];
  /** More positionals than named are allowed. */
  variadic?: boolean;
  /** The result, printed as JSON (a string is printed as is). */
  run(args: { positionals: string[]; values: OptionValues; ctx: CommandContext }): Promise<unknown>;
}
