import {
  councilCredentials,
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
    name: 'councils',
    usage: 'councils',
    summary: 'lists the council clients: authority, client id, status, dates',
    run: () => listCouncils(),
  },
];
