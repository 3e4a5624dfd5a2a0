/**
 * Polls `probe` until it gives a value (not undefined), every `intervalMs`; fails after `timeoutMs`
 * naming `what` it waited for. Tests wait on conditions with deadlines, never on fixed sleeps.
 */
export async function waitFor<T>(
  probe: () => Promise<T | undefined> | T | undefined,
  { timeoutMs = 15_000, intervalMs = 50, what = "a condition" }: { timeoutMs?: number; intervalMs?: number; what?: string } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
