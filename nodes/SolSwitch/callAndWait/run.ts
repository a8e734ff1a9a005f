/**
 * Call and Wait for Keypress, execute side (the catalog entry's local runner, run for the first item
 * only: LocalOperation.waits). In this order:
 *   1. check the settings and the number (before anything is called);
 *   2. draw the wait's secret and take n8n's signed resume URL carrying the secret's hash (secret.ts;
 *      1.x: after asking n8n to check the signature);
 *   3. New Call from the Digit Validation extension to the number, with CustomDVData that sends the
 *      pressed digits to that URL (URL, Method POST, Auth Header with the secret);
 *   4. start the call watcher (watcher.ts: the call's records, the retries of busy and unanswered
 *      calls, the report when nobody answered) and put the execution to wait at once, until Limit
 *      Wait Time: the keypress resumes it (webhook.ts) whenever it comes after the answer.
 * The wait starts as soon as New Call has answered: a post to the resume URL of an execution that
 * still runs gets n8n's 409 "running already" before any node code runs, and the Digit Validation then
 * takes its failure route. So nothing that takes time (reading the call's records, ringing again)
 * happens before the wait. A switch that answers WaitForStart 1 when the call is placed lets the
 * execution wait before anyone can answer; one that answers only once the call started (the document
 * leaves it open) leaves the few tens of milliseconds n8n takes to save the wait after the answer
 * (measured: docs/maintainers/call-and-wait-internals.md).
 */
import { NodeOperationError, type IDataObject, type INodeExecutionData } from 'n8n-workflow';
import type { ShapeContext } from '../../engine/catalog/types';
import { solswitchRequest } from '../../engine/transport/request';
import { credentialsOnce } from '../../engine/transport/credentialsOnce';
import { switchService } from '../../shared/services';
import { waitTillOf } from '../../shared/humanInTheLoop/waitTill';
import { RETRIES, RETRY_INTERVAL } from './properties';
import { AUTH_TYPE, newWaitSecret, WAIT_QUERY } from './secret';
import { dialable, keypressSpecOf, keypressSpecProblem } from './spec';
import { NEW_CALL_PATH, newCallTimeoutMs, watchCalls, type Attempt } from './watcher';

export { NEW_CALL_PATH, WATCH_EVERY_MS } from './watcher';
export type { Attempt } from './watcher';
const DEFAULT_RING_S = 25;

interface MaybeSignatureValidation {
	setSignatureValidationRequired?: () => void;
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

	if (Date.now() >= waitTill.getTime()) return [{ json: { data: unanswered(node.type, destination, [], 'timeout') } }];
	const credentials = await credentialsOnce(fn, switchService.credential);
	const answer = await solswitchRequest(fn, { service: switchService, path: NEW_CALL_PATH, body: request, attributes: Object.keys(request), itemIndex, credentials, timeout: newCallTimeoutMs(ringSeconds) });
	const firstCallId = String(((answer.kind === 'ok' ? answer.data : {}) as IDataObject).CallID ?? '');
	// Not awaited: the watcher goes on while the execution waits (it never throws).
	void watchCalls(fn, { credentials, request, customer: body.Customer, firstCallId, retries, intervalMs, ringSeconds, waitTill, resumeUrl, secret });
	await fn.putExecutionToWait(waitTill);
	return [fn.getInputData()[itemIndex]];
}

/** The output when nobody answered any call (webhook.ts, from the watcher's report; here when the limit is already past). */
export function unanswered(nodeType: string, destination: string, attempts: Attempt[], fallbackOutcome = 'timeout'): IDataObject {
	const last = attempts.at(-1);
	const data: IDataObject = {
		approved: false,
		answered: false,
		outcome: last?.outcome ?? fallbackOutcome,
		to: destination,
		callId: last?.callId ?? '',
		attempts: attempts as unknown as IDataObject[],
		respondedAt: new Date().toISOString(),
	};
	// The generated review tool's agent reads chatInput as what the person said: tell it nobody did.
	if (nodeType.endsWith('HitlTool')) data.chatInput = `Nobody answered the call to ${destination} (${attempts.length} attempts, last: ${data.outcome}). The tool call was not approved.`;
	return data;
}
