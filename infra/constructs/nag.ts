import {
  Validations,
  type IPolicyValidationContext,
  type IPolicyValidationPlugin,
  type PolicyValidationPluginReport,
  type PolicyViolation,
} from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';

/**
 * A cdk-nag finding acknowledged with a reason.
 *
 * cdk-nag 3 has no `NagSuppressions`: it reads CDK's native `Validations.of(scope).acknowledge()`,
 * and a rule with several findings per resource (IAM4, IAM5) is acknowledged finding by finding as
 * `RuleId[finding]` (the v2 `appliesTo`). Acknowledging on a construct covers the resources below it.
 *
 * A finding that names a cross-stack reference (`Resource::<Stack>:ExportsOutput...Arn/index/*`)
 * has no stable spelling at construction time, so `appliesTo` also takes a RegExp; those are
 * applied by {@link PortalNagChecks} (which wraps AwsSolutionsChecks) and recorded in the construct
 * metadata beside the native acknowledgements.
 */
export interface NagAck {
  id: string;
  reason: string;
  /** Exact findings (`Action::s3:List*`, `Resource::*`) or patterns over the finding text. */
  appliesTo?: (string | RegExp)[];
}

/** Metadata type of pattern acknowledgements (data: {id, pattern, reason}). */
export const NAG_PATTERN_ACK = 'consent-portal:nag-pattern-ack';

interface PatternAck {
  id: string;
  pattern: string;
  reason: string;
}

export function acknowledge(scope: IConstruct, acks: NagAck[]): void {
  const v = Validations.of(scope);
  for (const a of acks) {
    if (!a.reason.trim()) throw new Error(`cdk-nag acknowledgement ${a.id} needs a reason`);
    if (!a.appliesTo?.length) {
      v.acknowledge({ id: a.id, reason: a.reason });
      continue;
    }
    for (const finding of a.appliesTo) {
      if (typeof finding === 'string') {
        v.acknowledge({ id: `${a.id}[${finding}]`, reason: a.reason });
      } else {
        const data: PatternAck = { id: a.id, pattern: finding.source, reason: a.reason };
        scope.node.addMetadata(NAG_PATTERN_ACK, data);
      }
    }
  }
}

/** `AWSLambdaBasicExecutionRole`: what CDK gives a Lambda's role for CloudWatch Logs. */
export const lambdaBasicExecutionPolicy =
  'Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole';

/** `RuleId[finding]` → [RuleId, finding]. */
const splitRule = (ruleName: string): [string, string | undefined] => {
  const m = /^([^[]+)\[(.*)\]$/s.exec(ruleName);
  return m ? [m[1]!, m[2]] : [ruleName, undefined];
};

function patternAcked(construct: IConstruct | undefined, ruleName: string): boolean {
  const [id, finding] = splitRule(ruleName);
  if (finding === undefined) return false;
  for (let c: IConstruct | undefined = construct; c; c = c.node.scope) {
    for (const entry of c.node.metadata) {
      if (entry.type !== NAG_PATTERN_ACK) continue;
      const ack = entry.data as PatternAck;
      if (ack.id === id && new RegExp(ack.pattern).test(finding)) return true;
    }
  }
  return false;
}

/**
 * AwsSolutionsChecks plus the pattern acknowledgements of {@link acknowledge}. Registered on the
 * app by buildApp; a violation left after both kinds of acknowledgement fails the synth.
 */
export class PortalNagChecks implements IPolicyValidationPlugin {
  readonly name = 'cdk-nag-AwsSolutions';
  private readonly inner: AwsSolutionsChecks;

  constructor(scope: IConstruct, props: { verbose?: boolean } = {}) {
    this.inner = new AwsSolutionsChecks(scope, { verbose: props.verbose ?? true });
  }

  validate(context: IPolicyValidationContext): PolicyValidationPluginReport {
    return this.filter(context.appConstruct, this.inner.validate(context));
  }

  /** Runs the checks on a construct tree directly (tests; after `app.synth()` without the plugin). */
  validateScope(scope: IConstruct): PolicyValidationPluginReport {
    return this.filter(scope, this.inner.validateScope(scope));
  }

  private filter(root: IConstruct, report: PolicyValidationPluginReport): PolicyValidationPluginReport {
    const byPath = new Map(root.node.findAll().map((c) => [c.node.path, c] as const));
    const violations: PolicyViolation[] = [];
    for (const v of report.violations) {
      const left = v.violatingResources.filter(
        (r) => !patternAcked(byPath.get(r.constructPath ?? ''), v.ruleName),
      );
      if (left.length) violations.push({ ...v, violatingResources: left });
    }
    return { ...report, success: violations.length === 0, violations };
  }
}

/**
 * Finding patterns for resources named through (possibly cross-stack) references: a same-stack
 * `<Table1234ABCD.Arn>` or an imported `<Stack>:ExportsOutputFnGetAttTable1234ABCDArn5678EF90`.
 */
export const findings = {
  /** Grants on a table include its GSIs. */
  tableIndexes: /^Resource::.*Table[0-9A-F]{8}\.?Arn[0-9A-F]*>?\/index\/\*$/,
  /** Every object of the uploads bucket. */
  uploadsObjects: /^Resource::.*Uploads[0-9A-F]{8}\.?Arn[0-9A-F]*>?\/\*$/,
  /** Objects under one top-level prefix of the uploads bucket (a feature's `uploadPrefixes`). */
  uploadsPrefixed: /^Resource::.*Uploads[0-9A-F]{8}\.?Arn[0-9A-F]*>?\/[a-z-]+\/\*$/,
  /** Objects under documents/ of the uploads bucket. */
  uploadsDocuments: /^Resource::.*Uploads[0-9A-F]{8}\.?Arn[0-9A-F]*>?\/documents\/\*$/,
  /** Objects under extracted/ of the uploads bucket. */
  uploadsExtracted: /^Resource::.*Uploads[0-9A-F]{8}\.?Arn[0-9A-F]*>?\/extracted\/\*$/,
  /** Text extracted from uploaded documents (extracted/documents/). */
  uploadsExtractedDocuments: /^Resource::.*Uploads[0-9A-F]{8}\.?Arn[0-9A-F]*>?\/extracted\/documents\/\*$/,
  /** Uploads waiting for their scan (incoming/: the presigned PUTs' only target). */
  uploadsIncoming: /^Resource::.*Uploads[0-9A-F]{8}\.?Arn[0-9A-F]*>?\/incoming\/\*$/,
  /** Server-written files (generated/: the summary PDF) and their extracted text. */
  uploadsGenerated: /^Resource::.*Uploads[0-9A-F]{8}\.?Arn[0-9A-F]*>?\/(extracted\/)?generated\/\*$/,
};
