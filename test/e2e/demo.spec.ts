/**
 * The demo a fresh `npm start` opens on (docs/demo.md: "… and opens each demo
 * application; axe clean"): the same seed (infra/local/demo, through the API and the council API
 * only) run on the suite's stack for two fresh users in the demo users' places, so the other
 * journeys' counts stay as they are. The applicant opens each demo application and reads its state: the drafts, the submitted one, the clock of the one in assessment, the
 * inspections of the granted one, the CCC, the consent with its amendment. Axe on each page.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from './support/fixtures';
import { readOutputs } from './support/outputs';
import { expectNoAxeViolations } from './support/axe';
import { registeredUser } from '../support/accounts';
import { seedDemo } from '../../infra/local/demo/index';
import { SignInPage } from './pages/SignInPage';
import { ShellPage } from './pages/ShellPage';
import { ApplicationDetailsPage } from './pages/ApplicationDetailsPage';

test.setTimeout(360_000);

test('each demo application opens and shows where it is in the lifecycle', async ({ page }) => {
  const o = readOutputs();
  const [applicant, agent] = await Promise.all([
    registeredUser('demo-e2e'),
    registeredUser('demo-e2e-agent'),
  ]);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'demo-e2e-'));
  let seeded: Awaited<ReturnType<typeof seedDemo>>;
  try {
    seeded = await seedDemo({
      outputs: {
        ...o,
        CognitoEndpoint: String(o.CognitoEndpoint),
        CouncilCredentialsDir: String(o.CouncilCredentialsDir),
        DemoUsers: [applicant, agent],
      },
      dataDir,
    });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const id = (name: string) => seeded.applications.find((a) => a.name.startsWith(name))!.id;
  expect(seeded.applications).toHaveLength(9);

  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.signIn(applicant.email, applicant.password);
  await expect(new ShellPage(page).dashboardHeading).toBeVisible();
  await expectNoAxeViolations(page, 'demo: dashboard');

  const details = new ApplicationDetailsPage(page);
  const stages = page.getByRole('list', { name: 'Workflow stages' });
  for (const a of seeded.applications) {
    await details.goto(a.id, 'Overview');
    await expect(page.getByRole('heading', { name: 'Application summary' })).toBeVisible();
    await expectNoAxeViolations(page, `demo: ${a.name}`);
  }

  // In assessment: the clock runs and the assessment is under way.
  await details.goto(id('Extension'), 'Overview');
  await expect(page.getByRole('heading', { name: 'Statutory clock' })).toBeVisible();
  // The council's count agrees with the clock (one source per fact): lodged and accepted today.
  await expect(stages.getByText('(0/20 Completed)')).toBeVisible();
  await expect(page.getByText('0 of 20', { exact: true })).toBeVisible();
  // Granted with inspections under way: the consent number and the inspections with their results.
  await details.goto(id('Townhouse'), 'Inspections');
  await expect(page.getByText(/^Consent number WCC-BC-\d{4}-\d+ · /)).toBeVisible();
  await expect(page.getByText(/^Completed · /).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Book inspection' })).toBeVisible();
  await expectNoAxeViolations(page, 'demo: inspections under way');
  // The CCC issued: the application is Completed.
  await details.goto(id('Bathroom'), 'Overview');
  // Each stage is its name and its chip (two elements): the Certificates stage's chip reads Issued.
  await expect(stages.getByRole('listitem').filter({ hasText: 'Certificates' })).toContainText('Issued');
  // The consent with its amendment: the amendment among its child applications.
  await details.goto(id('Re-roof'), 'Applications');
  const children = page.getByRole('list', { name: 'Child applications' });
  await expect(children.getByRole('link', { name: 'Amendment to a building consent' })).toHaveAttribute(
    'href',
    `/application-form/${id('Amendment')}`,
  );
  await expectNoAxeViolations(page, 'demo: a consent with its amendment');
});
