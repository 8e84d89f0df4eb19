/** The Step Functions client of a Lambda (module scope, created on first use). */
import { SFNClient } from '@aws-sdk/client-sfn';

let client: SFNClient | undefined;

export function sfnClient(): SFNClient {
  return (client ??= new SFNClient({}));
}
