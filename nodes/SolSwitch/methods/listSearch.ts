/**
 * Dropdowns of the SolSwitch node: the channels of the calls in progress (List Active Calls) for
 * Hold, Transfer and Transmit DTMF, and the customer's extensions for the fields that take an
 * extension number, so nobody copies a channel name or looks an extension up in the portal.
 */
import type { IDataObject, ILoadOptionsFunctions, INodeListSearchItems, INodeListSearchResult } from 'n8n-workflow';
import { currentCustomer } from '../../shared/methods/currentCustomer';
import { listRequest } from '../../shared/methods/listRequest';
import { switchService } from '../../shared/services';

/** A list function of the switch, for the current customer. */
async function ask(ctx: ILoadOptionsFunctions, path: string, body: IDataObject): Promise<IDataObject> {
	const customer = await currentCustomer(ctx, switchService);
	return await listRequest(ctx, switchService, path, { ...body, ...(customer ? { Customer: customer } : {}) });
}

function filtered(items: INodeListSearchItems[], filter?: string): INodeListSearchResult {
	const wanted = (filter ?? '').trim().toLowerCase();
	return { results: wanted ? items.filter((i) => i.name.toLowerCase().includes(wanted)) : items };
}

const text = (v: unknown) => String(v ?? '').trim();

export const listSearch = {
	/** Both channels of every active call, labelled with who is on them. */
	async activeChannels(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
		const answer = await ask(this, 'listactivecalls', {});
		const calls = Array.isArray(answer.Calls) ? (answer.Calls as IDataObject[]) : [];
		const items: INodeListSearchItems[] = [];
		for (const call of calls) {
			const route = `${text(call.SourceNumber)} → ${text(call.DestinationNumber)}, ${text(call.Duration)}`;
			if (call.SourceChannel) items.push({ name: `${text(call.SourceNumber)} (calling side of ${route}): ${text(call.SourceChannel)}`, value: text(call.SourceChannel) });
			if (call.DestinationChannel) {
				items.push({ name: `${text(call.DestinationNumber)} (called side of ${route}): ${text(call.DestinationChannel)}`, value: text(call.DestinationChannel) });
			}
		}
		return filtered(items, filter);
	},

	/** The customer's extensions by number (extension suite view). */
	async extensionNumbers(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
		const answer = await ask(this, 'extension/view', { ViewType: 'Partial' });
		const records = Array.isArray(answer.Results) ? (answer.Results as IDataObject[]) : [];
		const items = records
			.filter((r) => text(r.ExtensionNumber))
			.map((r) => ({ name: `${text(r.ExtensionNumber)} ${text(r.Name)}`.trim(), value: text(r.ExtensionNumber) }));
		return filtered(items, filter);
	},
};

/** The dropdowns a catalog entry may name in `load` (checked when the catalog compiles). */
export type SwitchLists = keyof typeof listSearch;
