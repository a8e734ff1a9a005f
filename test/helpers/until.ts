/** Polls `probe` every 20 ms until it gives a value, or throws naming `what` after `timeoutMs`: tests wait for conditions, never for durations. */
export async function until<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const value = await probe();
		if (value !== undefined) return value;
		if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
		await new Promise((resolve) => setTimeout(resolve, 20));
	}
}
