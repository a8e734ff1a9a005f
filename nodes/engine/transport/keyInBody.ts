/**
 * The interfaces carry the API key as the request attribute `Key` (not a header), in a JSON or a
 * form body alike. An empty key is not sent: the switch may be allowing this server by IP address.
 */
import type { IDataObject, IHttpRequestOptions } from 'n8n-workflow';

export function addKeyToBody(requestOptions: IHttpRequestOptions, key: unknown): IHttpRequestOptions {
	const value = typeof key === 'string' ? key.trim() : '';
	if (!value) return requestOptions;
	const body = requestOptions.body;
	if (body instanceof URLSearchParams) {
		const params = new URLSearchParams(body);
		params.set('Key', value);
		return { ...requestOptions, body: params };
	}
	if (typeof body === 'string') {
		const params = new URLSearchParams(body);
		params.set('Key', value);
		return { ...requestOptions, body: params.toString() };
	}
	return { ...requestOptions, body: { ...((body as IDataObject) ?? {}), Key: value } };
}
