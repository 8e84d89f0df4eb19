import type { Template } from 'aws-cdk-lib/assertions';

/** One IAM policy statement of a synthesised template. */
export interface Statement {
  Effect?: string;
  Action: string | string[];
  Resource: unknown;
  Condition?: Record<string, Record<string, unknown>>;
}

export const actionsOf = (st: Statement): string[] => [st.Action].flat();

/**
 * The statements of the policies attached to a Lambda's role: by the Lambda's id (`accounts`: the
 * construct `Fn-accounts`), or by its construct id (`Scheduled-payments`, `WebhookDelivery`).
 */
export function policyOf(t: Template, id: string): Statement[] {
  const prefix = /^[A-Z]/.test(id) ? id.replace(/-/g, '') : `Fn${id.replace(/-/g, '')}`;
  // Exactly that construct (`Fnapplications…` must not find `Fnapplicationslists…`): the id and CDK's hash.
  const fnLogical = Object.keys(t.findResources('AWS::Lambda::Function')).find(
    (k) => k.startsWith(prefix) && /^[0-9A-F]{8}$/.test(k.slice(prefix.length)),
  );
  if (!fnLogical) throw new Error(`no function ${id}`);
  return policyOfFunction(t, fnLogical);
}

/** The statements of the policies attached to the role of the function with logical id `fnLogical`. */
export function policyOfFunction(t: Template, fnLogical: string): Statement[] {
  const fn = t.findResources('AWS::Lambda::Function')[fnLogical] as { Properties: { Role: unknown } };
  const roleId = (fn.Properties.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
  return Object.values(t.findResources('AWS::IAM::Policy'))
    .map((p) => p as { Properties: { Roles: unknown[]; PolicyDocument: { Statement: Statement[] } } })
    .filter((p) => p.Properties.Roles.some((r) => JSON.stringify(r).includes(`"${roleId}"`)))
    .flatMap((p) => p.Properties.PolicyDocument.Statement);
}
