/**
 * Call and Wait for Keypress, execute side, through n8n-core's engine against the sandbox switch: the
 * New Call from the Digit Validation with CustomDVData pointing at the signed resume URL (the secret's
 * hash in the URL, the secret in the Header auth), the wait until Limit Wait Time once someone answered,
 * retries of busy and unanswered calls, the answer without a wait when nobody answered, and every
 * refusal before anything is called. The waiting side (the keypress resuming) runs in real n8n
 * (test/e2e/callAndWait.test.ts).
 */
import { WAIT_INDEFINITELY, type INodeParameters } from 'n8n-workflow';
import { runNode } from '../../../scripts/n8n-engine/n8nEngine';
import { hashOf } from '../../../nodes/SolSwitch/callAndWait/secret';
import { useSandbox } from '../../helpers/sandbox';

jest.setTimeout(60_000);

const env = useSandbox();
let phoneSeq = 0;

async function phone(turns: Array<Record<string, unknown>>) {
	const number = `1450555${String(3000 + ++phoneSeq)}`;
	await fetch(`${env.sandbox.url}/_sandbox/digit-validation/phone`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ number, turns }) });
	return number;
}

const params = (destination: string, over: Record<string, unknown> = {}) => ({
	resource: 'call',
	operation: 'sendAndWait',
	Extension: '510',
	Destination: destination,
	approveOption: 'thanks',
	declineOption: 'goodbye',
	otherKeyOption: 'repeat',
	...over,
});
const run = (parameters: Record<string, unknown>) => runNode({ type: 'solSwitch', typeVersion: 2, parameters: parameters as INodeParameters, credentials: env.switchCredentials(), input: [{ json: { alert: 'disk full' } }] });
const newCalls = () => env.received('newcall').map((e) => e.body as Record<string, any>);

describe('Call and Wait for Keypress (execute side)', () => {
	it('calls from the DV with CustomDVData to the signed resume URL, then waits indefinitely; the output is the input', async () => {
		const number = await phone([{ answer: 'answer' }]);
		const { items, error, run: result } = await run(params(`+${number}`, { additionalFields: { CIDName: 'Approval' } }));
		expect(error).toBeUndefined();
		const [sent] = newCalls();
		expect(sent).toMatchObject({ Extension: '510', Destination: number, CIDName: 'Approval', WaitForStart: 1 });
		const { URL, Method, Auth, AuthInfo } = sent.CustomDVData;
		expect({ Method, Auth, type: AuthInfo.type }).toEqual({ Method: 'POST', Auth: 'Header', type: 'Bearer' });
		const url = new globalThis.URL(URL);
		expect(url.pathname).toBe('/webhook-waiting/test-execution/node-under-test');
		expect(url.searchParams.get('signature')).toMatch(/^[0-9a-f]{64}$/);
		// The URL holds only the secret's hash; the switch holds the secret.
		expect(url.searchParams.get('wait')).toBe(hashOf(AuthInfo.credentials));
		expect(URL).not.toContain(AuthInfo.credentials);
		expect(result.status).toBe('waiting');
		expect(result.waitTill?.getTime()).toBe(WAIT_INDEFINITELY.getTime());
		expect(items.map((i) => i.json)).toEqual([{ alert: 'disk full' }]);
		// The secret is in no output, no run data.
		expect(JSON.stringify(result.data.resultData)).not.toContain(AuthInfo.credentials);
	});

	it('waits until Limit Wait Time, as n8n reads it', async () => {
		const number = await phone([{ answer: 'answer' }]);
		const before = Date.now();
		const { run: result } = await run(params(number, { options: { limitWaitTime: { values: { limitType: 'afterTimeInterval', resumeAmount: 5, resumeUnit: 'minutes' } } } }));
		expect(result.waitTill!.getTime()).toBeGreaterThanOrEqual(before + 5 * 60_000);
		expect(result.waitTill!.getTime()).toBeLessThan(Date.now() + 5 * 60_000 + 1000);
	});

	it('calls again after busy and no answer, and waits once someone answers', async () => {
		const number = await phone([{ answer: 'busy' }, { answer: 'noAnswer' }, { answer: 'answer' }]);
		const { run: result } = await run(params(number, { additionalFields: { Timeout: 5 }, options: { retries: 3, retryInterval: 0 } }));
		expect(newCalls()).toHaveLength(3);
		expect(result.status).toBe('waiting');
		// The same wait: one URL and one secret for every attempt.
		expect(new Set(newCalls().map((c) => JSON.stringify(c.CustomDVData))).size).toBe(1);
	});

	it('nobody answers: no wait, the output says so (approved false, answered false, each attempt)', async () => {
		const number = await phone([{ answer: 'noAnswer' }, { answer: 'busy' }]);
		const { items, run: result } = await run(params(number, { additionalFields: { Timeout: 5 }, options: { retries: 1, retryInterval: 0 } }));
		expect(newCalls()).toHaveLength(2);
		expect(result.status).not.toBe('waiting');
		expect(items.map((i) => i.json)).toEqual([
			{
				data: {
					approved: false,
					answered: false,
					outcome: 'busy',
					to: number,
					callId: expect.any(String),
					respondedAt: expect.any(String),
					attempts: [expect.objectContaining({ attempt: 1, outcome: 'noAnswer' }), expect.objectContaining({ attempt: 2, outcome: 'busy' })],
				},
			},
		]);
	});

	it.each([
		['a number that cannot be dialled', { Destination: 'call me' }, /cannot be dialled/],
		['the same key to approve and decline', { approvalOptions: { values: { approveLabel: '1', disapproveLabel: '1' } } }, /must differ/],
		['a two-line option for another key', { otherKeyOption: 'repeat\nagain' }, /Option After Another Key/],
		['an invalid Limit Wait Time', { options: { limitWaitTime: { values: { limitType: 'atSpecifiedTime', maxDateAndTime: 'soon' } } } }, /invalid date/],
	])('refuses %s before calling anyone', async (_label, over, message) => {
		const { error } = await run(params('15145550123', over));
		expect(error?.message).toMatch(message);
		expect(newCalls()).toHaveLength(0);
	});

	it('a switch FAIL (an extension that does not exist) stops the node with the Reason', async () => {
		const { error } = await run(params('15145550123', { Extension: '999' }));
		expect(error?.message).toContain('Unknown Extension Number');
	});
});
