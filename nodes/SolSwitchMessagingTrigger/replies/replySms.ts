/**
 * A reply sent as an MT SMS from the code that received the message to its sender (answerBy.ts says
 * when), through the gateway's MT API with the trigger's credential (Base URL and Sending Key) and
 * n8n's request helper, as Send SMS sends (engine/transport/request.ts). The outcome is returned,
 * never thrown: the caller decides what the gateway hears (gatewayAnswers.ts: Status only once the
 * SMS went out, else 503 so the gateway sends the message again and the SMS is tried again).
 */
import type { IWebhookFunctions } from 'n8n-workflow';
import { solswitchRequest } from '../../engine/transport/request';
import { credentialAccepts } from '../../engine/trigger/keptCredential';
import { bodyProblem } from '../../shared/messaging/body';
import { gatewayService, SMS_PATH } from '../../shared/services';
import { CREDENTIAL_TYPE } from '../inboundCredential';

export type SmsOutcome = { sent: true; id: string } | { sent: false; reason: string; permanent: boolean };

/** Where a reply SMS goes: from the code that received the message, to the person who sent it. */
export interface SmsRoute {
	code: string;
	person: string;
}

export async function sendReplySms(fn: IWebhookFunctions, route: SmsRoute, text: string): Promise<SmsOutcome> {
	// The same rule as a callback Body and an MT Body (1 to 136 characters): the texts are checked
	// where they are written; a workflow's own reply that breaks it cannot be sent by trying again.
	const problem = bodyProblem(text, 'The reply');
	if (problem) return { sent: false, reason: problem, permanent: true };
	try {
		// Read the kept way (keptCredential.ts): a reply on a long code costs no credential read per message.
		const { value: credentials } = await credentialAccepts(
			fn,
			CREDENTIAL_TYPE,
			(c) => ({ baseUrl: c.baseUrl, apiKey: c.apiKey, inboundApiKey: c.inboundApiKey }),
			(c) => typeof c.baseUrl === 'string' && c.baseUrl.trim() !== '',
			Date.now(),
			'replySms',
		);
		const answer = await solswitchRequest(fn, {
			service: gatewayService,
			path: SMS_PATH,
			// No Receipt: a report of the reply would come back to this trigger as an event.
			body: { From: route.code, To: route.person, Body: text },
			credentials,
			timeout: 15_000,
		});
		const id = answer.kind === 'ok' ? String((answer.data as { ID?: unknown }).ID ?? '') : '';
		return { sent: true, id };
	} catch (error) {
		// Scrubbed by the transport: no key in the message.
		return { sent: false, reason: String((error as Error).message ?? error), permanent: false };
	}
}
