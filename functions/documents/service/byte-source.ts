/**
 * A file the checks read by ranges (the scanner's held copy on disk, or bytes in memory in tests):
 * reading a 250 MB upload never needs it whole in memory.
 */
export interface ByteSource {
  readonly size: number;
  /** Up to `length` bytes from `position` (fewer at the end of the file). */
  read(position: number, length: number): Promise<Uint8Array>;
}

/** Bytes in memory as a source (no copy). */
export function bytesSource(bytes: Uint8Array): ByteSource {
  return {
    size: bytes.byteLength,
    read: async (position, length) =>
      bytes.subarray(Math.min(position, bytes.byteLength), Math.min(position + length, bytes.byteLength)),
  };
}

export const asSource = (input: Uint8Array | ByteSource): ByteSource =>
  input instanceof Uint8Array ? bytesSource(input) : input;
