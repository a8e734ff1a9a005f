/** What a function's response kind says about its answer, for the engine and the generators. */
import type { ResponseSpec } from './types';

/**
 * Whether the function returns a list or a report: only then is a "nothing found" Reason an empty
 * result (no items, or the Emit Empty Marker item); on a command it is a failure.
 */
export function returnsRecords(response: ResponseSpec): boolean {
	switch (response.kind) {
		case 'list':
		case 'keyed':
			return true;
		case 'custom':
			return response.records;
		default:
			return false;
	}
}
