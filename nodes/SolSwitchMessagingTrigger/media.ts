/**
 * Downloads an MO MMS file into the item's binary data. A failed download does not drop the message:
 * the item says why, and the link stays valid for 7 days.
 */
import type { IDataObject, INodeExecutionData, IWebhookFunctions } from 'n8n-workflow';

export async function downloadMedia(fn: IWebhookFunctions, output: INodeExecutionData, property: string) {
	const mms = output.json.mms as IDataObject;
	try {
		const response = (await fn.helpers.httpRequest({
			method: 'GET',
			url: String(mms.url),
			encoding: 'arraybuffer',
			returnFullResponse: true,
			timeout: 60000,
		})) as { body: ArrayBuffer | Buffer; headers: IDataObject };
		const buffer = Buffer.isBuffer(response.body) ? response.body : Buffer.from(response.body);
		const mimeType = String(mms.contentType || response.headers['content-type'] || 'application/octet-stream');
		output.binary = { [property]: await fn.helpers.prepareBinaryData(buffer, String(mms.filename || 'mms'), mimeType) };
	} catch (error) {
		output.json.mediaError = `The MMS file could not be downloaded: ${(error as Error).message}`;
	}
}
