/**
 * The customer a dropdown should list for: the node's Customer (field or Additional Fields), else
 * the service's default customer (the credential's), else none (the switch's default, 1).
 */
import type { ILoadOptionsFunctions } from 'n8n-workflow';
import type { ServiceSpec } from '../../engine/catalog/types';
import { locatorValue } from '../../engine/generators/values';

export async function currentCustomer(ctx: ILoadOptionsFunctions, service: ServiceSpec): Promise<string> {
	for (const path of ['Customer', 'additionalFields.Customer']) {
		let value: unknown;
		try {
			value = locatorValue(ctx.getCurrentNodeParameter(path));
		} catch {
			value = undefined;
		}
		if (value !== undefined && value !== null && String(value).trim() !== '' && !String(value).startsWith('=')) return String(value).trim();
	}
	if (!service.defaultCustomer) return '';
	const credentials = await ctx.getCredentials(service.credential);
	return String(service.defaultCustomer(credentials) ?? '').trim();
}
