/**
 * What became of a placed call, read from CDR Leg Details by CallID (switch-calls-reporting.md: each
 * detail's State is Routed, Answered or Ended; Action is text describing what happens). Answered as
 * soon as a detail says so; ended unanswered when an Ended detail comes first (Action "Busy" is told
 * apart from every other end, which counts as no answer); otherwise still ringing (or not in the
 * records yet).
 */
import type { IDataObject } from 'n8n-workflow';

export type CallFate = 'answered' | 'busy' | 'noAnswer' | 'ringing';

export function fateOf(details: unknown): CallFate {
	const rows = Array.isArray(details) ? (details as IDataObject[]) : [];
	if (rows.some((d) => String(d.State ?? '') === 'Answered')) return 'answered';
	const ended = rows.find((d) => String(d.State ?? '') === 'Ended');
	if (!ended) return 'ringing';
	return /busy/i.test(String(ended.Action ?? '')) ? 'busy' : 'noAnswer';
}
