/** Port layout of the local stack: one base, fixed offsets (PORT_BASE or options.portBase). */
export interface Ports {
  web: number;
  api: number;
  dynamodb: number;
  s3: number;
  /** The Cognito endpoint the world sees: the proxy in front of cognito-local. */
  cognito: number;
  /** cognito-local itself (only the proxy talks to it). */
  cognitoInternal: number;
  /** Step Functions stand-in (AWS JSON 1.0 StartExecution / DescribeExecution). */
  sfn: number;
  /** Lambda's asynchronous invoke (the merge worker). */
  lambda: number;
  /** The card gateway stand-in (infra/local/payment-gateway.ts). */
  paymentGateway: number;
}

export function portsFrom(base: number): Ports {
  return {
    web: base,
    api: base + 1,
    dynamodb: base + 2,
    s3: base + 3,
    cognito: base + 4,
    cognitoInternal: base + 5,
    sfn: base + 6,
    lambda: base + 7,
    paymentGateway: base + 8,
  };
}

export const HOST = '127.0.0.1';
