/** The date range of a report request, checked as the switch does. */
import { required, type ApiContext } from '../api';
import { Fail, REASONS } from '../fail';
import { parseBound } from '../../time';

export function rangeOf(ctx: ApiContext, fromName: string, toName: string): { from: number; to: number } {
	const from = parseBound(required(ctx, fromName), false);
	const to = parseBound(required(ctx, toName), true);
	if (from === undefined || to === undefined || to < from) throw new Fail(REASONS.noMatchingEnd);
	return { from, to };
}
