/**
 * Send and Wait for Response, execute side (the catalog entry's local runner, run for the first item
 * only: LocalOperation.waits). In this order, so that a reply however fast finds its wait:
 *   1. check the words and the text: the message, a line break and the instruction ("Reply YES or
 *      NO", with a 4-digit pin when needed) must fit the 136-character rule, pin counted; with
 *      Options > Split Long Text, the message is cut into several SMS instead, the instruction (pin
 *      counted) ending the last one, each part within the rule;
 *   2. take n8n's signed resume URL (1.x: after asking n8n to check its signature);
 *   3. register the wait with the Messaging Trigger (register.ts);
 *   4. send the SMS, or its parts in order (the pin shown when the phone has another wait pending on
 *      that code);
 *   5. confirm the registration: register once more a moment later (the trigger writes it again only
 *      if an overlapping save lost it, and says whether its saved state had it), until the trigger's
 *      saved state has it, at most CONFIRM_ROUNDS times;
 *   6. put the execution to wait until Limit Wait Time.
 */
import { createHash, randomBytes } from 'node:crypto';
import { NodeOperationError, sleep, type IDataObject, type INodeExecutionData } from 'n8n-workflow';
import type { ShapeContext } from '../../engine/catalog/types';
import { credentialsOnce } from '../../engine/transport/credentialsOnce';
import { solswitchRequest } from '../../engine/transport/request';
import { bodyProblem, characterCount } from '../../shared/messaging/body';
import { BODY_MAX } from '../../shared/catalog/rules';
import { gatewayService, SMS_PATH } from '../../shared/services';
import { answerSpecProblem, instructionOf, longestSmsText, PIN_LENGTH, smsText, type AnswerSpec } from '../../shared/messaging/sendAndWait/replyWords';
import { ITERATION_PARAMETER, NONCE_PARAMETER } from '../../shared/messaging/sendAndWait/forwarding';
import { deriveKey } from '../../shared/messaging/sendAndWait/signing';
import { TRIGGER_URL } from './properties';
import { registerWait, type WaitRegistration } from './register';
import { answerSpecOf, waitIdOf } from './spec';
import { iterationOf } from './iteration';
import { waitTillOf } from '../../shared/humanInTheLoop/waitTill';

/** The MT SMS function (messaging-gateway.md, MT SMS request), the one Send SMS calls. */
export { SMS_PATH };

/** When the registration is sent again (after the SMS): longer than a trigger call that could save over it. */
export const ENSURE_AFTER_MS = 1000;

/**
 * How many times the registration is sent again at most, ENSURE_AFTER_MS apart, until the trigger
 * says its saved state (the static data its call loaded) has the wait. With one webhook processor, or
 * the trigger's URL routed to one, the first says so; with several processors and no affinity, an
 * overlapping save by another processor can have erased it (docs/queue-mode.md).
 */
export const CONFIRM_ROUNDS = 4;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** n8n 1.x checks a send-and-wait URL's signature only when asked; 2.x always does and has no such call. */
interface MaybeSignatureValidation {
	setSignatureValidationRequired?: () => void;
}

export async function sendAndWait(body: IDataObject, ctx: ShapeContext): Promise<INodeExecutionData[]> {
	const { fn, itemIndex, options } = ctx;
	const node = fn.getNode();
	const spec = answerSpecOf((name, fallback) => fn.getNodeParameter(name, itemIndex, fallback));
	const wordProblem = answerSpecProblem(spec);
	if (wordProblem) throw new NodeOperationError(node, wordProblem, { itemIndex, description: 'Fix it under Approval Options.' });
	const message = String(body.Body ?? '');
	checkText(fn, itemIndex, message, spec, ctx.splitText);
	const waitTill = waitTillOf((options.limitWaitTime as IDataObject | undefined)?.values as IDataObject | undefined, Date.now());
	if (typeof waitTill === 'string') throw new NodeOperationError(node, waitTill, { itemIndex });

	// An AI agent's plain tool call runs without an execution to pause: n8n's review tool is the way there.
	if (typeof fn.putExecutionToWait !== 'function') {
		throw new NodeOperationError(node, 'Send and Wait for Response cannot run as a plain tool', {
			itemIndex,
			description: "Connect the node as the agent's human review tool (SolSwitch Messaging under Tools > Human in the Loop) instead.",
		});
	}
	const credentials = await credentialsOnce(fn, gatewayService.credential);
	const key = deriveKey(credentials.inboundApiKey, 'register');
	if (!key) {
		throw new NodeOperationError(node, 'Send and Wait needs an Inbound Key in the SolSwitch Messaging API credential', {
			itemIndex,
			description: 'The Messaging Trigger routes a reply only when the gateway authenticates its messages: set the Inbound Key (the same in the trigger\'s credential) and give it to the operator.',
		});
	}
	(fn as unknown as MaybeSignatureValidation).setSignatureValidationRequired?.();
	// The wait's iteration (iteration.ts: the runs n8n holds for the node as this run starts) rides in
	// the resume URL, signed by n8n with the rest of it: in a loop the node waits again under the same
	// URL path, and the waiting node (webhook.ts) takes no forward that came to an earlier iteration's
	// URL. The nonce names this registration (the same one sent again is one wait).
	const iteration = iterationAt(fn, itemIndex);
	const nonce = randomBytes(12).toString('hex');
	const resumeUrl = fn.getSignedResumeUrl({ [ITERATION_PARAMETER]: String(iteration), [NONCE_PARAMETER]: nonce });
	const triggerUrl = String(fn.getNodeParameter(TRIGGER_URL, itemIndex, ''));
	const registration: WaitRegistration = {
		id: waitIdOf(fn.getExecutionId(), node.id, sha256),
		nonce,
		resumeUrl,
		phone: String(body.To),
		code: String(body.From),
		word: spec.responseType === 'approval' ? spec.approveWord.trim() : '',
		expiresAt: waitTill.getTime(),
	};
	const registered = await registerWait(fn, triggerUrl, key, registration, Date.now());
	const pin = registered.others > 0 ? registered.pin : undefined;
	const texts = ctx.splitText ? ctx.splitText(message, instructionOf(spec, pin)) : [smsText(message, spec, pin)];
	for (const [index, text] of texts.entries()) {
		try {
			await solswitchRequest(fn, {
				service: gatewayService,
				path: SMS_PATH,
				body: { From: body.From, To: body.To, Body: text },
				attributes: ['From', 'To', 'Body'],
				itemIndex,
			});
		} catch (error) {
			throw withPartsSent(error, index, texts.length);
		}
	}
	// The registration once more, a moment later: the trigger writes it again only if it is missing
	// (an overlapping webhook call of the trigger's workflow saved over it: waitStore.ts), and says
	// whether its saved state had it; again until it did. Best effort: the SMS is out.
	for (let round = 0; round < CONFIRM_ROUNDS; round++) {
		await sleep(ENSURE_AFTER_MS);
		const again = await registerWait(fn, triggerUrl, key, registration, Date.now()).catch(() => undefined);
		if (!again || again.saved !== false) break;
	}
	await fn.putExecutionToWait(waitTill);
	return [fn.getInputData()[itemIndex]];
}

/** The wait's iteration (iteration.ts), or a node error when n8n gives none. */
function iterationAt(fn: ShapeContext['fn'], itemIndex: number): number {
	try {
		return iterationOf(fn, itemIndex);
	} catch {
		throw new NodeOperationError(fn.getNode(), 'n8n did not give the run index of this node', { itemIndex });
	}
}

/** The longest instruction a wait can get (a pin is added when the phone has another wait). */
const LONGEST_PIN = '0'.repeat(PIN_LENGTH);

/**
 * The 136-character rule, before anything is registered or sent. Unsplit: the message, a line break
 * and the longest instruction must fit one SMS. Split (`split` given): the message is cut so that the
 * longest instruction ends the last part; every part is checked (the pin-less instruction is shorter,
 * so the parts sent later fit too).
 */
function checkText(fn: ShapeContext['fn'], itemIndex: number, message: string, spec: AnswerSpec, split: ShapeContext['splitText']) {
	const node = fn.getNode();
	if (split && message.trim()) {
		let parts: string[];
		try {
			parts = split(message, instructionOf(spec, LONGEST_PIN));
		} catch {
			throw new NodeOperationError(node, `The reply instruction does not fit in one message of ${BODY_MAX} characters`, {
				itemIndex,
				description: `It ends the last part: "${instructionOf(spec, LONGEST_PIN)}". Shorten the approve and decline words.`,
			});
		}
		const bad = parts.findIndex((part) => bodyProblem(part));
		if (bad < 0 && parts.length) return;
		throw new NodeOperationError(node, `Part ${bad + 1} of ${parts.length} of the message does not follow the ${BODY_MAX}-character rule`, { itemIndex });
	}
	const longest = longestSmsText(message, spec);
	if (!message.trim() || bodyProblem(longest)) {
		const over = characterCount(longest) - BODY_MAX;
		throw new NodeOperationError(node, `Message with its reply instruction must be 1 to ${BODY_MAX} characters (it has ${characterCount(longest)})`, {
			itemIndex,
			description:
				over > 0
					? `The SMS ends with a line such as "${longest.split('\n').pop()}": shorten the message by ${over} characters, or send it as several SMS (Options > Split Long Text).`
					: 'Write a message.',
		});
	}
}

/** A part's send failed: say which, and that the parts before it went out (nobody resends them blindly). */
function withPartsSent(error: unknown, index: number, total: number): unknown {
	if (index === 0 || !(error instanceof Error)) return error;
	const sent = index === 1 ? `Part 1 of ${total} was` : `Parts 1 to ${index} of ${total} were`;
	const note = `${sent} sent before part ${index + 1} failed; the wait is registered but the workflow stops here.`;
	const withDescription = error as Error & { description?: string | null };
	withDescription.description = withDescription.description ? `${withDescription.description} ${note}` : note;
	return error;
}
