/**
 * SIP Packet POST: the switch authenticates itself with APIKey and vouches for the INVITE with
 * PacketHash (MD5 of RawPacket); it expects the plain string SUCCESS and repeats the POST, with a
 * growing AttemptNumber, until it gets it.
 */
import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';
import { replyRefusal } from '../../engine/trigger/replies';
import { constantTimeEqual, md5Hex } from '../../engine/trigger/secrets';
import type { ReceivedEvent } from '../../engine/trigger/types';
import { parseSipRequest } from '../sipMessage';
import { checkSecret } from '../callbackSecrets';

export const SIP_PACKET_ANSWER = 'SUCCESS';

export async function handleSipPacket(fn: IWebhookFunctions, { fields }: ReceivedEvent): Promise<IWebhookResponseData> {
	const res = fn.getResponseObject();
	const key = await checkSecret(fn, 'packetApiKey', (expected) => expected !== '' && constantTimeEqual(String(fields.APIKey), expected));
	if (!key.expected) {
		replyRefusal(res, 500, 'Trigger misconfigured: Packet API Key is not set');
		return { noWebhookResponse: true };
	}
	if (!key.accepted) {
		replyRefusal(res, 401, 'APIKey does not match the Packet API Key');
		return { noWebhookResponse: true };
	}
	const rawPacket = String(fields.RawPacket);
	const hashValid = md5Hex(rawPacket) === String(fields.PacketHash).trim().toLowerCase();
	if (!hashValid && fn.getNodeParameter('hashMismatch', 'reject') === 'reject') {
		replyRefusal(res, 422, 'PacketHash is not the MD5 of RawPacket: the packet was altered in transit');
		return { noWebhookResponse: true };
	}
	// The key authenticated the switch; it has no place in the workflow's data.
	const sent = { ...fields };
	delete sent.APIKey;
	const invite = parseSipRequest(rawPacket);
	// SUCCESS handed to n8n, which n8n 2.40 writes (as text/plain: the description's responseHeaders)
	// once the run is queued: in queue mode a packet whose run could not be queued gets an HTTP error,
	// and the switch sends it again with the next AttemptNumber. n8n 1.x writes it just before queuing.
	return {
		webhookResponse: SIP_PACKET_ANSWER,
		workflowData: [[{ json: { ...sent, HashValid: hashValid, Invite: (invite ?? null) as IDataObject | null } }]],
	};
}
