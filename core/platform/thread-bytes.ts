/**
 * Buffers cross threads as plain Uint8Arrays: the same bytes as a Buffer again, no copy. On both
 * sides of a pool (thread-pool.ts): what a thread is sent and what it answers. A module of its own,
 * so a thread's bundle takes nothing else with it.
 */
export const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
