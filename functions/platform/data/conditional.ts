/** True when a DynamoDB write failed its condition (directly or wrapped by ElectroDB). */
export function isConditionalCheckFailed(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; depth++) {
    if (
      typeof e === 'object' &&
      e !== null &&
      'name' in e &&
      (e as { name: unknown }).name === 'ConditionalCheckFailedException'
    )
      return true;
    e = typeof e === 'object' && e !== null && 'cause' in e ? (e as { cause: unknown }).cause : undefined;
  }
  return false;
}
