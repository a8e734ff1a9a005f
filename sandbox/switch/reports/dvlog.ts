/**
 * Digit Validation log: six entries a day over the report period, for the customer's Digit
 * Validation extension (510 of customer 1; customer 2 has none). Filter by DID.
 */
import { numeric, ok, text, type ApiContext } from '../api';
import { Fail, REASONS } from '../fail';
import { period, reportsOf } from './config';
import { between, pick, unit } from './random';
import { rangeOf } from './range';
import { DAY_MS } from '../../time';

const PER_DAY = 6;
const CALLERS = [
	['Jean Dupuis', '4385550142'],
	['Acme Corp', '5145550199'],
	['5145550177', '5145550177'],
] as const;

export function dvLog(ctx: ApiContext): unknown {
	const { from, to } = rangeOf(ctx, 'From', 'To');
	const did = text(ctx, 'DID');
	if (did !== undefined) numeric(did);
	// A customer-scoped key sees its own customer's log; a global key sees customer 1's DV.
	const customer = ctx.caller.scope ?? 1;
	const dv = [...ctx.state.extensions.values()].find((e) => e.Customer === customer && e.Name === 'Digit Validation');
	if (!dv) throw new Fail(REASONS.noRecords);
	const dids = [...ctx.state.dids.values()].filter((d) => d.CustID === customer).map((d) => d.DID);
	const { seed } = reportsOf(ctx.state).config;
	const { start, end } = period(reportsOf(ctx.state).config);
	const Logs: Array<Record<string, string>> = [];
	for (let day = start; day <= end; day += DAY_MS) {
		const dayNumber = Math.floor(day / DAY_MS);
		for (let k = 0; k < PER_DAY; k++) {
			const ms = day + (8 + k * 2) * 3600000 + between(0, 3599, seed, dayNumber, k, 1) * 1000;
			if (ms < from || ms > to) continue;
			const entryDid = pick(dids, seed, dayNumber, k, 2);
			if (did !== undefined && entryDid !== did) continue;
			const failed = unit(seed, dayNumber, k, 3) < 0.15;
			const [CIDName, CIDNum] = pick(CALLERS, seed, dayNumber, k, 4);
			Logs.push({
				LogID: String(dayNumber * 10 + k),
				CDRCallID: `${Math.floor(ms / 1000)}.${dayNumber % 1000}${k}`,
				Time: String(Math.floor(ms / 1000)),
				DID: entryDid,
				DVExtension: dv.ExtensionNumber,
				DVDigits: String(between(1000, 9999, seed, dayNumber, k, 5)),
				CIDName,
				CIDNum,
				APIResult: failed ? '' : pick(['approved', 'sales', 'support'], seed, dayNumber, k, 6),
				APIFail: failed ? 'Timeout' : '0',
			});
		}
	}
	if (!Logs.length) throw new Fail(REASONS.noRecords);
	return ok({ Logs });
}
