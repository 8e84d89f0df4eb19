/**
 * `npm start`: the whole portal on this machine (see infra/local/index.ts).
 *
 *   npm start                      web with Vite (dev), data in .local/, ports from 4000
 *   npm start -- --reset           wipe .local/ first
 *   npm start -- --web=dist        serve the built web/dist instead (--web=none: no web server)
 *   npm start -- --quiet           warnings and errors only
 *   npm start -- --council=auto    every onboarded council accepts, assesses and grants each lodgement
 *                                  through the council API (infra/council/auto.ts; an RFI round first
 *                                  when the application number ends in an even digit); --council-step=30
 *                                  seconds between its steps
 *   npm start -- --no-demo         no demo applications (else seeded once per data directory, docs/demo.md)
 *   PORT_BASE=4200 npm start       another port range
 */
import { parseArgs } from 'node:util';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { startLocalStack, type WebMode } from '../infra/local/index';
import { councilApiClient, type CouncilCredentials } from '../infra/council/client';
import { startAutoCouncil } from '../infra/council/auto';
import { DEMO_MARKER, seedDemo } from '../infra/local/demo/index';
import { nodeRuntime } from '../infra/local/runtime';

const { values } = parseArgs({
  options: {
    reset: { type: 'boolean', default: false },
    web: { type: 'string', default: 'dev' },
    'data-dir': { type: 'string', default: '.local' },
    'port-base': { type: 'string' },
    quiet: { type: 'boolean', default: false },
    council: { type: 'string', default: 'manual' },
    'council-step': { type: 'string', default: '30' },
    'no-demo': { type: 'boolean', default: false },
  },
  allowPositionals: false,
});

const webMode = values.web as WebMode;
if (!['dev', 'dist', 'none'].includes(webMode)) {
  console.error(`--web must be dev, dist or none (got ${values.web})`);
  process.exit(2);
}

const stepSeconds = Number(values['council-step']);
if (!['manual', 'auto'].includes(values.council) || !(stepSeconds >= 1)) {
  console.error(`--council must be manual or auto, --council-step a number of seconds (1 or more)`);
  process.exit(2);
}

const runtime = nodeRuntime();
if (runtime.warning) console.warn(`[local] ${runtime.warning}`);

const stack = await startLocalStack({
  dataDir: values['data-dir'],
  portBase: values['port-base'] ? Number(values['port-base']) : undefined,
  reset: values.reset,
  webMode,
  quiet: values.quiet,
});

const o = stack.outputs;
// The demo (docs/demo.md): once per data directory, through the API and the council API; a failure
// leaves no marker (the next start tries again) and the portal starts all the same.
let demoLine = values['no-demo'] ? 'not seeded (--no-demo)' : '';
if (!demoLine) {
  if (existsSync(path.join(stack.dataDir, DEMO_MARKER))) demoLine = `seeded earlier (${DEMO_MARKER})`;
  else {
    console.log('  seeding the demo applications ...');
    try {
      const seeded = await seedDemo({ outputs: o, dataDir: stack.dataDir });
      demoLine = `${seeded.applications.length} applications seeded in ${(seeded.ms / 1000).toFixed(1)} s`;
    } catch (e) {
      demoLine = 'NOT seeded (see the warning above; the next start tries again)';
      console.warn(`\n  WARNING: the demo seed failed: ${e instanceof Error ? e.message : String(e)}\n`);
    }
  }
}
const auto: string[] = [];
if (values.council === 'auto') {
  // Each onboarded council's hand-over file: its own credentials, as a back office would hold them.
  for (const file of readdirSync(o.CouncilCredentialsDir).filter((f) => f.endsWith('.json'))) {
    const creds = JSON.parse(
      readFileSync(path.join(o.CouncilCredentialsDir, file), 'utf8'),
    ) as CouncilCredentials & {
      authorityId: string;
    };
    startAutoCouncil({
      council: councilApiClient(creds),
      authorityId: creds.authorityId,
      stepMs: stepSeconds * 1000,
      log: (line) => console.log(line),
    });
    auto.push(creds.authorityId);
  }
}
const mem = process.memoryUsage().rss / 1024 / 1024;
console.log(`
  Consent Portal (local)   ${webMode === 'none' ? '(no web server)' : o.WebUrl}
  API                      ${o.ApiUrl}
  Cognito                  ${o.CognitoEndpoint}  pool ${o.UserPoolId}  client ${o.UserPoolClientId}
  Mail outbox              ${o.MailOutboxDir}
  Event dead letters       ${o.EventDeadLetterFile}  (redrive: npx tsx infra/local/redrive.ts)
  Outputs                  ${stack.outputsFile}
  Node                     ${runtime.line}${runtime.warning ? "  (older than the Lambdas' Node 22: . .ci/node22)" : ''}
  Councils                 ${auto.length ? `automatic (${auto.join(', ')}): a step every ${stepSeconds} s` : 'by hand: npm run council -- help'}

  Demo                     ${demoLine}
  Demo sign-ins:
${o.DemoUsers.map((u) => `    ${u.email.padEnd(28)} ${u.password}`).join('\n')}

  ready in ${(stack.startMs / 1000).toFixed(1)} s (node rss ${mem.toFixed(0)} MB + DynamoDB Local java). Ctrl-C stops everything.
`);
