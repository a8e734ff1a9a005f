/**
 * How a reply text travels to the person who texted: one object per way, chosen once per callback
 * (handlers/message.ts, by channelFor.ts) and handed to the answering functions
 * (gatewayAnswers.ts), which never ask which way it is.
 *
 * The ways, one file each:
 * - callbackBody.ts: the reply is the Body of the callback's answer (a short code;
 *   messaging-gateway.md, "MO callback response": "Body: Optional. SMS on short codes only.");
 * - sms.ts: an MT SMS from the code, sent before the answer, which then carries Status only (a long
 *   code, whose answer Body the gateway drops).
 *
 * A third way (an RCS message, a chat app) is one more file here implementing ReplyChannel, plus its
 * line in channelFor.ts: what the gateway hears when it could not go (503 RETRY, and the reply kept as
 * pending under the channel's name, so the redelivery delivers it and nothing runs twice), and
 * whether delivering it again is harmless (`repeatable`).
 */
import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';
import type { PendingReply } from '../../shared/messaging/replyMemory';

/** What the gateway hears once a reply was delivered (or tried). */
export interface GatewayAnswer {
	status: number;
	json: IDataObject;
}

/** A reply delivered (or tried): what the gateway hears, and what the reply memory keeps for a redelivery. */
export interface Delivery {
	answer: GatewayAnswer;
	/** The reply Body the answer carries, if any. */
	body?: string;
	/** The reply, when it could not go out yet: the redelivery delivers it. */
	pending?: PendingReply;
}

export interface ReplyChannel {
	/** The channel's name, kept with a pending reply (RememberedReply.pending.channel). */
	readonly name: string;
	/**
	 * Delivering the same reply again is harmless: it travels in the answer, and the gateway
	 * delivers the Body of the one answer it took. Such a reply, given by the trigger alone (INFO,
	 * HELP, a keyword reply), is not remembered. A reply that leaves before the answer is remembered
	 * once it went out: a redelivery must not send it twice.
	 */
	readonly repeatable: boolean;
	/**
	 * Whether the reply Body of the workflow's own answer is taken out of it and delivered by this
	 * channel, the gateway then getting Status only.
	 */
	readonly takesWorkflowReply: boolean;
	/** Delivers a reply: at once (nothing to send first) or once it was sent. Never throws. */
	deliver(fn: IWebhookFunctions, text: string): Delivery | Promise<Delivery>;
}
