import type { Template } from 'aws-cdk-lib/assertions';

/** One IAM policy statement of a synthesised template. */
export interface Statement {
  Effect?: string;
  Action: string | string[];
  Resource: unknown;
  Condition?: Record<string, Record<string, unknown>>;
}

export const actionsOf = (st: Statement): string[] => [st.Action].flat();

/** The statements of the policies attached to a Lambda's role (by the Lambda's id, e.g. `accounts`). */
export function policyOf(t: Template, id: string): Statement[] {
  const fnLogical = Object.keys(t.findResources('AWS::Lambda::Function')).find((k) =>
    k.startsWith(`Fn${id.replace(/-/g, '')}`),
  );
  if (!fnLogical) throw new Error(`no function ${id}`);
  const fn = t.findResources('AWS::Lambda::Function')[fnLogical] as { Properties: { Role: unknown } };
  const roleId = (fn.Properties.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
  return Object.values(t.findResources('AWS::IAM::Policy'))
    .map((p) => p as { Properties: { Roles: unknown[]; PolicyDocument: { Statement: Statement[] } } })
    .filter((p) => p.Properties.Roles.some((r) => JSON.stringify(r).includes(`"${roleId}"`)))
    .flatMap((p) => p.Properties.PolicyDocument.Statement);
}
