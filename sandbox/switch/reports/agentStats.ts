/**
 * Agent Stats: per agent extension and day, the actions In, Paused (lunch), In, Out; keyed by
 * extension, then by action ID. Either Date (default today) or DateStart with DateEnd.
 */
import { customerOf, extensionOf, has, text, type ApiContext } from '../api';
import { Fail, REASONS } from '../fail';
import { reportsOf } from './config';
import { between } from './random';
import { DAY_MS, dateTimeOf, dayStart, parseBound } from '../../time';

const MAX_DAYS = 366;
const SHIFT = [
	{ Action: 'In', hour: 8, ReasonCode: '' },
	{ Action: 'Paused', hour: 12, ReasonCode: 'Lunch' },
	{ Action: 'In', hour: 13, ReasonCode: '' },
	{ Action: 'Out', hour: 17, ReasonCode: '' },
];

function daysOf(ctx: ApiContext): { first: number; last: number } {
	const bounds = ['DateStart', 'DateEnd'].filter((n) => has(ctx, n));
	if (bounds.length === 1) throw new Fail(REASONS.bothDates);
	if (bounds.length === 2) {
		const first = parseBound(text(ctx, 'DateStart')!, false);
		const last = parseBound(text(ctx, 'DateEnd')!, false);
		if (first === undefined || last === undefined || last < first || last - first > MAX_DAYS * DAY_MS) {
			throw new Fail(REASONS.noMatchingEnd);
		}
		return { first: dayStart(first), last: dayStart(last) };
	}
	const date = text(ctx, 'Date');
	const day = date === undefined ? Date.now() : parseBound(date, false);
	if (day === undefined) throw new Fail(REASONS.noMatchingEnd);
	return { first: dayStart(day), last: dayStart(day) };
}

export function agentStats(ctx: ApiContext) {
	const customer = customerOf(ctx);
	const { first, last } = daysOf(ctx);
	const only = has(ctx, 'Extension') ? extensionOf(ctx, customer).ExtensionNumber : undefined;
	const seed = reportsOf(ctx.state).config.seed;
	const agents = [...ctx.state.extensions.values()].filter(
		(e) => e.Customer === customer && /^2\d\d$/.test(e.ExtensionNumber) && (!only || e.ExtensionNumber === only),
	);
	const answer: Record<string, unknown> = { Status: 'OK' };
	for (const agent of agents) {
		const actions: Record<string, unknown> = {};
		for (let day = first; day <= last; day += DAY_MS) {
			const dayNumber = Math.floor(day / DAY_MS);
			SHIFT.forEach((step, k) => {
				const ms = day + step.hour * 3600000 + between(0, 29, seed, agent.ID, dayNumber, k) * 60000;
				actions[String(dayNumber * 100 + agent.ID * 4 + k)] = {
					Action: step.Action,
					DateTime: dateTimeOf(ms),
					DateTimeUnix: Math.floor(ms / 1000),
					ReasonCode: step.ReasonCode,
				};
			});
		}
		answer[agent.ExtensionNumber] = actions;
	}
	if (Object.keys(answer).length === 1) throw new Fail(REASONS.noRecords);
	return answer;
}
