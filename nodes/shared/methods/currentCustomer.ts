/**
 * The customer a dropdown should list for: the node's Customer (field or Additional Fields), else
 * the credential's Default Customer, else none (the switch's default, 1).
 */
import type { ILoadOptionsFunctions } from 'n8n-workflow';
import { locatorValue } from '../../engine/generators/values';

export async function currentCustomer(ctx: ILoadOptionsFunctions, credential = 'solSwitchApi'): Promise<string> {
	for (const path of ['Customer', 'additionalFields.Customer']) {
		let value: unknown;
		try {
			value = locatorValue(ctx.getCurrentNodeParameter(path));
		} catch {
			value = undefined;
		}
		if (value !== undefined && value !== null && String(value).trim() !== '' && !String(value).startsWith('=')) return String(value).trim();
	}
	const credentials = await ctx.getCredentials(credential);
	return String(credentials.customer ?? '').trim();
}
