/**
 * The sending side of the reply router: the Messaging node registers its wait with the Messaging
 * Trigger's production URL before the SMS goes out (so a reply, however fast, finds the wait), signed
 * with the key derived from the credential's inbound key. The trigger answers with the wait's pin and
 * how many other waits that phone has on that code. Errors say what to fix: the trigger not published
 * (404), no inbound key, another key on the trigger's credential (401), a refused registration.
 */
import { NodeOperationError, type IExecuteFunctions, type IDataObject } from 'n8n-workflow';
import { sign, WAIT_HEADER } from '../../shared/messaging/sendAndWait/signing';

export interface Registered {
	pin: string;
	/** Other waits pending for the same phone and code: the SMS then shows the pin. */
	others: number;
	/** The wait was in the trigger's saved static data when the call began (undefined: a trigger that does not say). */
	saved?: boolean;
}

export interface WaitRegistration {
	id: string;
	nonce: string;
	resumeUrl: string;
	phone: string;
	code: string;
	word: string;
	expiresAt: number;
}

function registrationAnswer(body: unknown): IDataObject {
	if (typeof body === 'string') {
		try {
			return JSON.parse(body) as IDataObject;
		} catch {
			return {};
		}
	}
	return body && typeof body === 'object' ? (body as IDataObject) : {};
}

export async function registerWait(
	fn: IExecuteFunctions,
	triggerUrl: string,
	key: Buffer,
	registration: WaitRegistration,
	now: number,
): Promise<Registered> {
	const node = fn.getNode();
	let url: URL;
	try {
		url = new URL(triggerUrl.trim());
	} catch {
		throw new NodeOperationError(node, 'The Messaging Trigger URL is not a URL', { description: "Copy the trigger's Production URL (Webhook URLs > Production)." });
	}
	const envelope = sign(key, { kind: 'register', ...registration }, now);
	let status: number | undefined;
	let body: unknown;
	try {
		const response = (await fn.helpers.httpRequest({
			method: 'POST',
			url: url.toString(),
			headers: { [WAIT_HEADER]: 'register', 'content-type': 'application/json' },
			body: envelope,
			json: true,
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			timeout: 15_000,
		})) as { statusCode: number; body: unknown };
		status = response.statusCode;
		body = response.body;
	} catch (error) {
		// The error's code only (ECONNREFUSED ...): its message may carry the URL, and n8n rewrites
		// messages that contain such codes into its own generic sentences.
		const code = (error as { code?: unknown; cause?: { code?: unknown } }).code ?? (error as { cause?: { code?: unknown } }).cause?.code;
		throw new NodeOperationError(node, 'The Messaging Trigger could not be reached', {
			description: `${typeof code === 'string' ? `${code}. ` : ''}Check the Messaging Trigger URL (${url.origin}${url.pathname}); n8n must reach its own public webhook URL.`,
		});
	}
	const answer = registrationAnswer(body);
	if (status === 200 && answer.accepted === true && typeof answer.pin === 'string') {
		return { pin: answer.pin, others: typeof answer.others === 'number' ? answer.others : 0, ...(typeof answer.saved === 'boolean' ? { saved: answer.saved } : {}) };
	}
	if (status === 404) {
		throw new NodeOperationError(node, 'The Messaging Trigger URL is not active (HTTP 404)', {
			description:
				"Publish (activate) the workflow that starts with the SolSwitch Messaging Trigger and use its Production URL: a test URL keeps no waits.",
		});
	}
	if (status === 401) {
		throw new NodeOperationError(node, 'The Messaging Trigger refused the registration (HTTP 401)', {
			description: 'This node and the trigger must use SolSwitch Messaging API credentials with the same Inbound Key.',
		});
	}
	if (status === 403 || status === 413) {
		throw new NodeOperationError(node, `The Messaging Trigger refused the registration (HTTP ${status})`, {
			description:
				status === 403
					? "The trigger's Allowed Sources (Options) must include the address this n8n calls its own webhook URL from."
					: "The registration is larger than the trigger's Maximum Body Size (Options).",
		});
	}
	const reason = typeof answer.reason === 'string' ? answer.reason : `HTTP ${status}`;
	throw new NodeOperationError(node, `The Messaging Trigger did not take the wait: ${reason}`, {
		description: "The trigger's workflow must be published, with the same Inbound Key as this node.",
	});
}
