import {
  councilCredentials,
  limitCouncil,
  listCouncils,
  onboardCouncil,
  retireSecret,
  revokeCouncil,
  rotateSecret,
} from '../operator';
import type { CouncilCommand } from './types';

/** The operator's commands (docs/council-api.md §1): onboarding, hand-over, rotation, revocation. */
export const operatorCommands: CouncilCommand[] = [
  {
    name: 'onboard',
    usage: 'onboard <authority>',
    summary:
      'onboards an authority: its council app client (created locally; made by CDK in AWS), its row, serviceable; prints the credentials',
    positionals: ['authority'],
    run: ({ positionals, ctx }) => onboardCouncil(ctx.target(), positionals[0]!),
  },
  {
    name: 'credentials',
    usage: 'credentials <authority>',
    summary: "prints an onboarded authority's client id, secret, token URL and API URL",
    positionals: ['authority'],
    run: ({ positionals, ctx }) => councilCredentials(ctx.target(), positionals[0]!),
  },
  {
    name: 'rotate-secret',
    usage: 'rotate-secret <authority>',
    summary: "adds a second secret to the authority's client (hand it over, then retire-secret the old one)",
    positionals: ['authority'],
    run: ({ positionals, ctx }) => rotateSecret(ctx.target(), positionals[0]!),
  },
  {
    name: 'retire-secret',
    usage: 'retire-secret <authority> <clientSecretId>',
    summary: "deletes one of the authority's client secrets",
    positionals: ['authority', 'clientSecretId'],
    run: ({ positionals, ctx }) => retireSecret(ctx.target(), positionals[0]!, positionals[1]!),
  },
  {
    name: 'revoke',
    usage: 'revoke <authority>',
    summary: "revokes the authority's credentials (the next call is 401) and makes it not serviceable",
    positionals: ['authority'],
    run: ({ positionals, ctx }) => revokeCouncil(ctx.target(), positionals[0]!),
  },
  {
    name: 'limit',
    usage: 'limit <authority> (--per-second <n> --burst <n> | --default)',
    summary:
      "sets the authority's own rate limit (a token bucket: sustained calls a second, calls at once), or back to the stage's",
    positionals: ['authority'],
    options: { 'per-second': { type: 'string' }, burst: { type: 'string' }, default: { type: 'boolean' } },
    run: ({ positionals, values }) => {
      if (values.default === true) return limitCouncil(positionals[0]!, undefined);
      if (values['per-second'] === undefined || values.burst === undefined)
        throw new Error('limit needs --per-second and --burst, or --default');
      return limitCouncil(positionals[0]!, {
        perSecond: Number(values['per-second']),
        burst: Number(values.burst),
      });
    },
  },
  {
    name: 'councils',
    usage: 'councils',
    summary: 'lists the council clients: authority, client id, status, dates',
    run: () => listCouncils(),
  },
];
