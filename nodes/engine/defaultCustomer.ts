/**
 * The credential's Default Customer as the number sent for `Customer`: empty is none, anything but
 * a numeric customer ID (convention 5) is refused, so a typo never reaches the switch as a customer.
 * Used at run time (execute) and by the credential itself (its authenticate, so its test too).
 */
export function defaultCustomerOf(value: unknown): number | undefined {
	const text = typeof value === 'number' ? String(value) : String(value ?? '').trim();
	if (!text) return undefined;
	if (!/^\d+$/.test(text)) throw new Error(`The credential's Default Customer must be a numeric customer ID (it is "${text}")`);
	return Number(text);
}
