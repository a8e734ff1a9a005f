/**
 * Call and Wait for Keypress, execute side (the catalog entry's local runner, run for the first item
 * only: LocalOperation.waits). In this order:
 *   1. check the settings and the number (before anything is called);
 *   2. draw the wait's secret and take n8n's signed resume URL carrying the secret's hash (secret.ts;
 *      1.x: after asking n8n to check the signature);
 *   3. New Call from the Digit Validation extension to the number, with CustomDVData that sends the
 *      pressed digits to that URL (URL, Method POST, Auth Header with the secret);
 *   4. watch the call by CDR Leg Details (fate.ts) until it is answered or ends unanswered; busy or
 *      not answered: wait the Retry Interval and call again, up to Retries more times;
 *   5. answered: put the execution to wait until Limit Wait Time (the keypress resumes it: webhook.ts).
 *      Nobody answered any call: no wait; the output says so (approved false, answered false, outcome).
 * n8n ends a timed-out wait without running the node again (the node is skipped, its input passes
 * through), so a retry cannot be a wait that ends at the retry time: the retries happen here, before
 * the wait, which is why the execution stays active while a call rings and between attempts.
 */
import { NodeOperationError, sleep, type IDataObject, type IExecuteFunctions, type INodeExecutionData } from 'n8n-workflow';
import type { ShapeContext } from '../../engine/catalog/types';
import { solswitchRequest } from '../../engine/transport/request';
import { switchService } from '../../shared/services';
import { waitTillOf } from '../../shared/humanInTheLoop/waitTill';
import { fateOf, type CallFate } from './fate';
import { RETRIES, RETRY_INTERVAL } from './properties';
import { AUTH_TYPE, newWaitSecret, WAIT_QUERY } from './secret';
import { dialable, keypressSpecOf, keypressSpecProblem } from './spec';

export const NEW_CALL_PATH = 'newcall';
const DETAILS_PATH = 'cdrlegdetailsapi';
/** How often the call's legs are read while it rings. */
export const WATCH_EVERY_MS = 1000;
/** Read the legs this long past the ring timeout before assuming the call was answered. */
const WATCH_MARGIN_S = 15;
const DEFAULT_RING_S = 25;

interface MaybeSignatureValidation {
	setSignatureValidationRequired?: () => void;
}

export interface Attempt {
	attempt: number;
	callId: string;
	outcome: CallFate | 'unknown';
	at: string;
}

export async function callAndWait(body: IDataObject, ctx: ShapeContext): Promise<INodeExecutionData[]> {
	const { fn, itemIndex, options } = ctx;
	const node = fn.getNode();
	const spec = keypressSpecOf((name, fallback) => fn.getNodeParameter(name, itemIndex, fallback));
	const problem = keypressSpecProblem(spec);
	if (problem) throw new NodeOperationError(node, problem, { itemIndex, description: 'Set the keys under Approval Options and the options your Digit Validation has.' });
	const destination = dialable(body.Destination);
	if (!destination) {
		throw new NodeOperationError(node, `Number to Call cannot be dialled: "${String(body.Destination ?? '')}"`, {
			itemIndex,
			description: 'Give 3 to 15 digits; spaces, dashes, dots, parentheses and a leading + are removed.',
		});
	}
	const waitTill = waitTillOf((options.limitWaitTime as IDataObject | undefined)?.values as IDataObject | undefined, Date.now());
	if (typeof waitTill === 'string') throw new NodeOperationError(node, waitTill, { itemIndex });
	// An AI agent's plain tool call runs without an execution to pause: n8n's review tool is the way there.
	if (typeof fn.putExecutionToWait !== 'function') {
		throw new NodeOperationError(node, 'Call and Wait for Keypress cannot run as a plain tool', {
			itemIndex,
			description: "Connect the node as the agent's human review tool (SolSwitch under Tools > Human in the Loop) instead.",
		});
	}
	const retries = Math.max(0, Math.min(10, Math.floor(Number(options[RETRIES] ?? 2))));
	const intervalMs = Math.max(0, Math.min(600, Number(options[RETRY_INTERVAL] ?? 60))) * 1000;
	const ringSeconds = body.Timeout === undefined ? DEFAULT_RING_S : Number(body.Timeout);

	const { secret, hash } = newWaitSecret();
	(fn as unknown as MaybeSignatureValidation).setSignatureValidationRequired?.();
	const resumeUrl = fn.getSignedResumeUrl({ [WAIT_QUERY]: hash });
	const request: IDataObject = {
		Extension: body.Extension,
		Destination: destination,
		...(body.Customer !== undefined ? { Customer: body.Customer } : {}),
		...(body.CIDName !== undefined ? { CIDName: body.CIDName } : {}),
		...(body.Timeout !== undefined ? { Timeout: body.Timeout } : {}),
		WaitForStart: 1,
		CustomDVData: { URL: resumeUrl, Method: 'POST', Auth: 'Header', AuthInfo: { type: AUTH_TYPE, credentials: secret } },
	};

	const attempts: Attempt[] = [];
	for (let attempt = 1; attempt <= retries + 1; attempt++) {
		if (attempt > 1) await sleep(intervalMs);
		if (Date.now() >= waitTill.getTime()) break;
		const answer = await solswitchRequest(fn, { service: switchService, path: NEW_CALL_PATH, body: request, attributes: Object.keys(request), itemIndex });
		const callId = String(((answer.kind === 'ok' ? answer.data : {}) as IDataObject).CallID ?? '');
		const outcome = await watch(fn, callId, body.Customer, ringSeconds);
		attempts.push({ attempt, callId, outcome, at: new Date().toISOString() });
		if (outcome === 'answered' || outcome === 'unknown') {
			await fn.putExecutionToWait(waitTill);
			return [fn.getInputData()[itemIndex]];
		}
	}
	const last = attempts.at(-1);
	const data: IDataObject = {
		approved: false,
		answered: false,
		outcome: last?.outcome ?? 'timeout',
		to: destination,
		callId: last?.callId ?? '',
		attempts: attempts as unknown as IDataObject[],
		respondedAt: new Date().toISOString(),
	};
	// The generated review tool's agent reads chatInput as what the person said: tell it nobody did.
	if (node.type.endsWith('HitlTool')) data.chatInput = `Nobody answered the call to ${destination} (${attempts.length} attempts, last: ${data.outcome}). The tool call was not approved.`;
	return [{ json: { data } }];
}

/** Reads the call's legs until it is answered or ends unanswered; 'unknown' when the records never say. */
async function watch(fn: IExecuteFunctions, callId: string, customer: unknown, ringSeconds: number): Promise<CallFate | 'unknown'> {
	if (!callId) return 'unknown';
	const deadline = Date.now() + (ringSeconds + WATCH_MARGIN_S) * 1000;
	while (Date.now() < deadline) {
		try {
			const answer = await solswitchRequest(fn, {
				service: switchService,
				path: DETAILS_PATH,
				body: { CallID: callId, ...(customer !== undefined ? { Customer: customer } : {}) },
				attributes: ['CallID', 'Customer'],
			});
			const fate = fateOf(answer.kind === 'ok' ? (answer.data as IDataObject).Details : undefined);
			if (fate !== 'ringing') return fate;
		} catch {
			// Not in the records yet (Unknown CallID), or the switch did not answer: read again.
		}
		await sleep(WATCH_EVERY_MS);
	}
	return 'unknown';
}
