/**
 * The one request of every dropdown (listSearch method): a view or list function of the service,
 * its answer's data, or an empty object when the service finds nothing (a list's "No Records Found."
 * is an empty dropdown, not an error).
 */
import type { IDataObject, ILoadOptionsFunctions } from 'n8n-workflow';
import type { ServiceSpec } from '../../engine/catalog/types';
import { solswitchRequest } from '../../engine/transport/request';

export async function listRequest(ctx: ILoadOptionsFunctions, service: ServiceSpec, path: string, body: IDataObject): Promise<IDataObject> {
	const answer = await solswitchRequest(ctx, { service, path, body, emptyIsResult: true });
	return answer.kind === 'ok' ? (answer.data as IDataObject) : {};
}
