/**
 * The dropdowns of the resource locators (`load` in the catalog): each calls the suite's view
 * function and lists its records, so a person picks a customer or an extension instead of looking
 * its ID up in the portal.
 */
import type { IDataObject, ILoadOptionsFunctions, INodeListSearchItems, INodeListSearchResult } from 'n8n-workflow';
import { currentCustomer } from '../../shared/methods/currentCustomer';
import { listRequest } from '../../shared/methods/listRequest';
import { switchService } from '../../shared/services';

type Labeller = (record: IDataObject) => string;

const field = (record: IDataObject, name: string) => String(record[name] ?? '').trim();
const joined = (...parts: string[]) => parts.filter(Boolean).join(' ');

/** The records of a view function as dropdown entries, filtered by what the person typed. */
async function listRecords(
	ctx: ILoadOptionsFunctions,
	path: string,
	body: IDataObject,
	label: Labeller,
	filter?: string,
): Promise<INodeListSearchResult> {
	const records = (await listRequest(ctx, switchService, path, { ViewType: 'Partial', ...body })).Results;
	const wanted = (filter ?? '').trim().toLowerCase();
	const results: INodeListSearchItems[] = [];
	for (const record of Array.isArray(records) ? (records as IDataObject[]) : []) {
		const value = field(record, 'ID');
		const name = `${label(record)} (ID ${value})`;
		if (wanted && !name.toLowerCase().includes(wanted)) continue;
		results.push({ name, value });
	}
	return { results };
}

/** Only the Customer field's own value: a customer-scoped key may not read the customer suite. */
async function ownCustomerOnly(ctx: ILoadOptionsFunctions, error: unknown): Promise<INodeListSearchResult> {
	const credentials = await ctx.getCredentials(switchService.credential);
	const own = String(switchService.defaultCustomer?.(credentials) ?? '').trim();
	if (!own) throw error;
	return { results: [{ name: `Customer ${own} (the credential's default customer)`, value: own }] };
}

const withCustomer = async (ctx: ILoadOptionsFunctions): Promise<IDataObject> => {
	const customer = await currentCustomer(ctx, switchService);
	return customer ? { Customer: customer } : {};
};

export const listSearch = {
	async customers(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
		try {
			return await listRecords(
				this,
				'customer/view',
				{},
				(c) => joined(field(c, 'Company') || joined(field(c, 'FirstName'), field(c, 'LastName')), `[${field(c, 'CustomerNumber')}]`),
				filter,
			);
		} catch (error) {
			// The customer suite needs a global key; with a customer-scoped one, offer its own customer.
			return await ownCustomerOnly(this, error);
		}
	},
	async extensions(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
		return await listRecords(this, 'extension/view', await withCustomer(this), (e) => joined(field(e, 'ExtensionNumber'), field(e, 'Name')), filter);
	},
	async sipAccounts(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
		return await listRecords(this, 'sipaccount/view', {}, (s) => joined(field(s, 'Username'), field(s, 'Description') && `- ${field(s, 'Description')}`), filter);
	},
	async dids(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
		return await listRecords(this, 'did/view', {}, (d) => joined(field(d, 'DID'), field(d, 'Description') && `- ${field(d, 'Description')}`), filter);
	},
	async trunks(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
		return await listRecords(this, 'trunk/view', {}, (t) => field(t, 'Name'), filter);
	},
	async voicemailBoxes(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
		return await listRecords(this, 'voicemail/view', await withCustomer(this), (v) => joined(field(v, 'ExtensionNumber'), field(v, 'Name')), filter);
	},
	async firewallRules(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
		return await listRecords(this, 'firewall/view', {}, (r) => field(r, 'Name'), filter);
	},
};

/** The dropdowns a catalog entry may name in `load` (checked when the catalog compiles). */
export type AdminLists = keyof typeof listSearch;
