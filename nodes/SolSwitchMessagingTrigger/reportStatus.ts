/** Delivery report Status values and their names (messaging-gateway.md, Delivery report callback). */
export const REPORT_STATUS_NAMES: Record<number, string> = {
	0: 'DELIVERED',
	1: 'EXPIRED',
	2: 'DELETED',
	3: 'IN-TRANSIT',
	5: 'UNDELIVERABLE/FAILED',
	7: 'UNKNOWN',
};

/** The status as a number (it may arrive as a string) with its name; undefined when not a number. */
export function reportStatus(value: unknown): { status: number; statusName: string } | undefined {
	const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
	if (!/^\d+$/.test(text)) return undefined;
	const status = Number(text);
	return { status, statusName: REPORT_STATUS_NAMES[status] ?? 'UNKNOWN' };
}
