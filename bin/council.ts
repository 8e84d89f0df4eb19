/**
 * `npm run council -- <command>`: the council operator's commands (onboard, credentials,
 * rotate-secret, retire-secret, revoke, councils) and the simulator's. `npm run council -- help`
 * lists them. infra/council/cli.ts.
 */
import { runCouncilCli } from '../infra/council/cli';

process.exitCode = await runCouncilCli(process.argv.slice(2));
