/** Answers of the management document that none of the shared response kinds covers. */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';
import { isRecord } from '../engine/shapers/entries';
import { appendItems } from '../engine/items';

/**
 * Toll Rates: with tollPrefix the answer holds one rate's Prefix, Area and Value; without it "an
 * array of objects". The document does not say where that array sits, so any form of it is read:
 * the answer itself, an array under some key, or numbered entries. One item per rate.
 */
export function shapeTollRates(answer: unknown): INodeExecutionData[] {
	const rate = (v: unknown) => isRecord(v) && 'Prefix' in v;
	if (Array.isArray(answer)) return answer.filter(rate).map((json) => ({ json: json as IDataObject }));
	if (!isRecord(answer)) return [];
	if ('Prefix' in answer) {
		const single = Object.fromEntries(Object.entries(answer).filter(([k]) => k !== 'Status' && k !== 'Reason'));
		return [{ json: single as IDataObject }];
	}
	const rates: IDataObject[] = [];
	for (const value of Object.values(answer)) {
		if (Array.isArray(value)) appendItems(rates, value.filter(rate) as IDataObject[]);
		else if (rate(value)) rates.push(value as IDataObject);
	}
	return rates.map((json) => ({ json }));
}
