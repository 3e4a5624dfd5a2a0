/** Polls `probe` until it gives a value (not undefined), every `intervalMs`; fails after `timeoutMs`. */
export async function waitFor<T>(
  probe: () => Promise<T | undefined> | T | undefined,
  { timeoutMs = 10_000, intervalMs = 50 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting`);
}
