/**
 * When the wait ends without a reply: Limit Wait Time read exactly as n8n's own send-and-wait nodes
 * read it (n8n-nodes-base utils/sendAndWait/configureWaitTillDate.util), n8n's "indefinitely" without it.
 */
import { WAIT_INDEFINITELY, type IDataObject } from 'n8n-workflow';

const UNIT_MS: Record<string, number> = { minutes: 60_000, hours: 3_600_000, days: 86_400_000 };

/** The end of the wait, or a sentence saying why the setting cannot be used. */
export function waitTillOf(limit: IDataObject | undefined, now: number): Date | string {
	if (!limit || !Object.keys(limit).length) return WAIT_INDEFINITELY;
	let until: Date;
	if ((limit.limitType ?? 'afterTimeInterval') === 'afterTimeInterval') {
		const amount = Number(limit.resumeAmount ?? 1);
		const unit = UNIT_MS[String(limit.resumeUnit ?? 'hours')];
		if (!Number.isFinite(amount) || amount < 0 || unit === undefined) return 'Limit Wait Time: the amount or unit is not valid';
		until = new Date(now + amount * unit);
	} else {
		until = new Date(String(limit.maxDateAndTime ?? ''));
	}
	if (isNaN(until.getTime())) return 'Limit Wait Time: invalid date format';
	return until;
}
