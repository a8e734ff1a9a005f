/** The choice of a callback's reply channel (channel.ts), made once per callback by handlers/message.ts. */
import type { CallbackType } from '../../shared/messaging/callbackFormat';
import { phoneNumberOf } from '../../shared/messaging/phoneNumber';
import { repliesBySms } from './answerBy';
import { callbackBodyChannel } from './callbackBody';
import type { ReplyChannel } from './channel';
import { smsChannel } from './sms';

/** The sender as a reply SMS is addressed: its digits (a carrier may write "+1 514-..."), else as sent. */
function replyNumber(from: unknown): string {
	const number = phoneNumberOf(from);
	return number.ok ? number.number : String(from);
}

/**
 * The channel of one callback's replies: on a long code (answerBy.ts) an SMS from the code to the
 * sender; otherwise, and for MMS and reports (which get Status only), the answer's Body.
 */
export function channelFor(type: CallbackType, answerBy: unknown, code: string, from: unknown): ReplyChannel {
	if (type === 'sms' && repliesBySms(answerBy, code)) return smsChannel({ code, person: replyNumber(from) });
	return callbackBodyChannel;
}
