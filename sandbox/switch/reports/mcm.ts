/**
 * Multichannel Message Export: conversations of the customer's queues (and, for customer 1, the
 * legacy route 9001 of a deleted queue), keyed by queue ID then conversation ID. A conversation is
 * listed with its messages inside the range.
 */
import { customerOf, has, numeric, ok, text, type ApiContext } from '../api';
import { Fail, REASONS } from '../fail';
import { period, reportsOf } from './config';
import { between, pick, unit } from './random';
import { rangeOf } from './range';
import { DAY_MS, dateTimeOf } from '../../time';

const PER_DAY = 4;
export const LEGACY_ROUTE = '9001';
const LINES = {
	Incoming: ['Hi, is my order shipped?', 'I need to change my appointment', 'STOP', 'Thanks!', 'Can someone call me back?'],
	Outgoing: ['Hello! Let me check that for you.', 'It ships tomorrow.', 'Done, see you Tuesday.', 'You are welcome.'],
} as const;

export function mcmExport(ctx: ApiContext): unknown {
	const customer = customerOf(ctx);
	const { from, to } = rangeOf(ctx, 'DateStart', 'DateEnd');
	const queueIds = [...ctx.state.queues.values()].filter((q) => q.Customer === customer).map((q) => String(q.ID));
	if (customer === 1) queueIds.push(LEGACY_ROUTE);
	const onlyQueue = text(ctx, 'queueID');
	if (onlyQueue !== undefined && !queueIds.includes(numeric(onlyQueue))) throw new Fail(REASONS.noRecords);
	const onlySession = has(ctx, 'sessionID') ? text(ctx, 'sessionID') : undefined;
	const { seed } = reportsOf(ctx.state).config;
	const { start, end } = period(reportsOf(ctx.state).config);
	const answer: Record<string, Record<string, unknown>> = {};
	for (let day = start; day <= end; day += DAY_MS) {
		const dayNumber = Math.floor(day / DAY_MS);
		for (let k = 0; k < PER_DAY; k++) {
			// The legacy route only has the odd days' last conversation.
			const legacy = customer === 1 && k === PER_DAY - 1 && dayNumber % 2 === 1;
			const queueId = legacy ? LEGACY_ROUTE : pick(queueIds.filter((q) => q !== LEGACY_ROUTE), seed, customer, dayNumber, k, 1);
			const conversationId = String(dayNumber * 100 + customer * 10 + k);
			if (onlyQueue !== undefined && queueId !== onlyQueue) continue;
			if (onlySession !== undefined && conversationId !== onlySession) continue;
			const sms = unit(seed, dayNumber, k, 2) < 0.6;
			let t = day + (9 + k * 2) * 3600000 + between(0, 1800, seed, dayNumber, k, 3) * 1000;
			const count = between(2, 5, seed, dayNumber, k, 4);
			const Messages: Array<Record<string, string>> = [];
			for (let m = 0; m < count; m++) {
				const Direction = m % 2 === 0 ? 'Incoming' : 'Outgoing';
				if (t >= from && t <= to) {
					Messages.push({
						DateTime: dateTimeOf(t),
						Timestamp: String(Math.floor(t / 1000)),
						Direction,
						User: Direction === 'Incoming' ? 'Customer' : m === 1 && unit(seed, dayNumber, k, 5) < 0.3 ? 'System' : 'alice',
						Message: pick(LINES[Direction], seed, dayNumber, k, m, 6),
					});
				}
				t += between(20, 600, seed, dayNumber, k, m, 7) * 1000;
			}
			if (!Messages.length) continue;
			answer[queueId] ??= {};
			answer[queueId][conversationId] = {
				Type: sms ? 'SMS' : 'Webchat',
				Source: sms ? `514555${String(between(1000, 9999, seed, dayNumber, k, 8))}` : `wc-${dayNumber}-${k}`,
				Label: sms ? '' : pick(['Website visitor', 'Jean (order 1042)', ''], seed, dayNumber, k, 9),
				Messages,
			};
		}
	}
	if (!Object.keys(answer).length) throw new Fail(REASONS.noRecords);
	return ok(answer);
}
