/**
 * Calls the package places, under every reading of the switch the documents allow (profiles.ts,
 * test/helpers/switchProfiles.ts): the SolSwitch node's New Call and Call and Wait for Keypress place
 * calls through the sandbox's switch, which writes them as the profile says (caller ID the extension
 * or a DID, numbers in the notifications' and the records' own forms, whatever form the node sent),
 * and notifies the SolSwitch Trigger (Missed Call and Call Ended at one URL). Under each profile:
 * a placed call that ends unanswered is outbound and no Missed Call (one Call Ended, missed); a Call
 * and Wait call answered with the approve key resumes its own wait (the waiting webhook run as n8n
 * runs it at the resume URL the switch posted to) with answeredBy written as `to`, and is one Call
 * Ended, outbound and answered.
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { IDataObject, INodeParameters, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';
import { runNode } from '../../../scripts/n8n-engine/n8nEngine';
import { callAndWaitWebhook } from '../../../nodes/SolSwitch/callAndWait/webhook';
import { hashOf } from '../../../nodes/SolSwitch/callAndWait/secret';
import { callbacksOf } from '../../../sandbox/switch/callbacks';
import { settingsOf, writeNumber } from '../../../sandbox/switch/profiles';
import { EVERY_PROFILE } from '../../helpers/switchProfiles';
import { useSandbox } from '../../helpers/sandbox';
import { startTriggerServer, type TriggerServer } from '../../helpers/triggerServer';
import { until as waitUntil } from '../../helpers/until';
import { callAndWaitParameters } from '../../helpers/callAndWaitParameters';

jest.setTimeout(60_000);

const env = useSandbox();
let host: TriggerServer;

/**
 * n8n's waiting webhooks: each post to a resume URL runs the Call and Wait node's webhook as n8n
 * would (its query, headers and body; the parameters of the run that made the URL), which answers
 * the switch itself; what it resumes is kept by the wait's hash.
 */
const n8n = {
	server: undefined as Server | undefined,
	base: '',
	parameters: {} as IDataObject,
	resumed: [] as Array<{ wait: string; data: IDataObject }>,
};

function waitingWebhook(url: URL, headers: IDataObject, body: IDataObject, res: ServerResponse): Promise<IWebhookResponseData> {
	const fn = {
		getHeaderData: () => headers,
		getQueryData: () => Object.fromEntries(url.searchParams),
		getBodyData: () => body,
		getNodeParameter: (name: string, fallback: unknown) => (name in n8n.parameters ? n8n.parameters[name] : fallback),
		getNode: () => ({ type: 'n8n-nodes-solswitch.solSwitch', name: 'Node Under Test', id: 'node-under-test' }),
		getResponseObject: () => res,
	} as unknown as IWebhookFunctions;
	return callAndWaitWebhook.call(fn);
}

beforeAll(async () => {
	host = await startTriggerServer({
		type: 'solSwitchTrigger',
		typeVersion: 2,
		parameters: { event: 'call-events' },
		credentials: { ...env.switchCredentials(), solSwitchCallbacksApi: { packetApiKey: '', sharedSecret: 'call-secret' } },
	});
	n8n.server = createServer((req, res) => {
		let text = '';
		req.on('data', (c) => (text += c));
		req.on('end', () => {
			const url = new URL(req.url!, 'http://127.0.0.1');
			void waitingWebhook(url, req.headers as IDataObject, JSON.parse(text || '{}') as IDataObject, res).then((result) => {
				const data = result.workflowData?.[0]?.[0]?.json.data as IDataObject | undefined;
				if (data) n8n.resumed.push({ wait: url.searchParams.get('wait') ?? '', data });
			});
		});
	});
	await new Promise<void>((resolve) => n8n.server!.listen(0, '127.0.0.1', resolve));
	n8n.base = `http://127.0.0.1:${(n8n.server!.address() as AddressInfo).port}/webhook-waiting`;
});
afterAll(async () => {
	await host?.close();
	await new Promise((resolve) => n8n.server?.close(resolve));
});
beforeEach(() => {
	host.started.length = 0;
	n8n.resumed = [];
});

const items = () => host.executions.flat().map((i) => i.json as Record<string, any>);
const of = (event: string, callId: string) => items().filter((i) => i.CallEvent === event && i.CallID === callId);
const until = <T>(what: string, probe: () => T | undefined | Promise<T | undefined>, timeoutMs = 30_000) => waitUntil(what, probe, timeoutMs);
/** The call's Call Ended item, once the trigger started its run (Missed Call, when there is one, comes in the same run). */
async function callEnded(callId: string) {
	const [ended] = await until(`Call Ended of ${callId}`, () => (of('call-ended', callId).length ? of('call-ended', callId) : undefined));
	return ended;
}

async function phone(number: string, turns: Array<Record<string, unknown>>) {
	await fetch(`${env.sandbox.url}/_sandbox/digit-validation/phone`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ number, turns }) });
}
let seq = 0;
/** A fresh phone per call, given to the node as a person types it: +1 and spaces (the node sends it as 1 and ten digits, the number the phone is scripted under). */
const nextPhone = () => {
	const ten = `450555${String(4000 + ++seq)}`;
	return { ten, typed: `+1 ${ten.slice(0, 3)} ${ten.slice(3, 6)} ${ten.slice(6)}` };
};

const callAndWait = (destination: string, over: Record<string, unknown> = {}): IDataObject => callAndWaitParameters(destination, over) as IDataObject;
const run = (parameters: IDataObject) =>
	runNode({ type: 'solSwitch', typeVersion: 2, parameters: parameters as INodeParameters, credentials: env.switchCredentials(), input: [{ json: {} }], urls: { webhookWaitingBaseUrl: n8n.base } });
const placedCallIds = () => env.received('newcall').map((e) => e.body as IDataObject);

describe.each(EVERY_PROFILE)('calls the package places, under the %s profile', (profile) => {
	const settings = settingsOf(profile);
	beforeAll(() => {
		env.sandbox.state.settings = settings;
		host.parameters = { event: 'call-events', callEvents: ['missed-call', 'call-ended'] };
		callbacksOf(env.sandbox).configure({ sipNotificationUrls: [host.urlFor('call-events', '?secret=call-secret')] });
	});
	afterAll(() => {
		env.sandbox.state.settings = settingsOf('default');
		callbacksOf(env.sandbox).configure({ sipNotificationUrls: [] });
	});

	it('New Call (the node\'s Call > New Call) that rings out unanswered: outbound, one Call Ended, no Missed Call', async () => {
		const to = nextPhone();
		await phone(to.ten, [{ answer: 'noAnswer' }]);
		const { items: placed, error } = await run({ resource: 'call', operation: 'newCall', Extension: '201', Destination: to.ten, additionalFields: { Timeout: 5 } });
		expect(error).toBeUndefined();
		const callId = String(placed[0].json.CallID);
		const ended = await callEnded(callId);
		await callbacksOf(env.sandbox).idle();
		expect(of('missed-call', callId)).toEqual([]);
		expect(ended).toMatchObject({ Direction: 'outbound', Outcome: 'missed', LegCount: 1 });
		expect(ended.CallerNumber).toBe(writeNumber(settings.outboundCallerId === 'did' ? '5145550100' : '201', settings.cdrNumbers));
		expect(ended.CalledNumber).toBe(writeNumber(to.ten, settings.cdrNumbers));
	});

	it('Call and Wait nobody answers: outbound, one Call Ended, no Missed Call; the wait resumes unanswered', async () => {
		const to = nextPhone();
		await phone(`1${to.ten}`, [{ answer: 'noAnswer' }]);
		n8n.parameters = callAndWait(to.typed, { additionalFields: { Timeout: 5 }, options: { retries: 0 } });
		const { run: result } = await run(n8n.parameters);
		expect(result.status).toBe('waiting');
		const [resumed] = await until('the unanswered report', () => (n8n.resumed.length ? n8n.resumed : undefined));
		expect(resumed.data).toMatchObject({ approved: false, answered: false, outcome: 'noAnswer' });
		const [callId] = (resumed.data.attempts as IDataObject[]).map((a) => String(a.callId));
		const ended = await callEnded(callId);
		await callbacksOf(env.sandbox).idle();
		expect(of('missed-call', callId)).toEqual([]);
		expect(ended).toMatchObject({ Direction: 'outbound', Outcome: 'missed' });
		expect(placedCallIds()).toHaveLength(1);
	});

	it('Call and Wait answered with the approve key: the DV\'s post, its CIDNum in the profile\'s form, resumes this wait with answeredBy as `to`; Call Ended outbound, answered', async () => {
		const to = nextPhone();
		await phone(`1${to.ten}`, [{ answer: 'answer', presses: ['1'] }]);
		n8n.parameters = callAndWait(to.typed, { additionalFields: { Timeout: 5 } });
		const { run: result } = await run(n8n.parameters);
		expect(result.status).toBe('waiting');
		const [sent] = placedCallIds();
		const [resumed] = await until('the approval', () => (n8n.resumed.length ? n8n.resumed : undefined));
		// This run's wait: the hash of the secret this run gave the switch.
		expect(resumed.wait).toBe(hashOf((sent.CustomDVData as IDataObject & { AuthInfo: { credentials: string } }).AuthInfo.credentials));
		expect(resumed.data).toMatchObject({ approved: true, digits: '1', answeredBy: `1${to.ten}`, to: `1${to.ten}`, extension: '510' });
		// The sandbox records its post once the answer is back, which can be after the wait resumed.
		const post = await until('the DV post recorded', () =>
			env.sandbox.exchanges.find({ direction: 'out', service: 'digitValidation' }).find((e) => (e.body as IDataObject).CDRCallID === resumed.data.callId),
		);
		expect((post.body as IDataObject).CIDNum).toBe(writeNumber(to.ten, settings.notificationNumbers));
		expect(post.answer).toBe('thanks');
		const callId = String(resumed.data.callId);
		const ended = await callEnded(callId);
		await callbacksOf(env.sandbox).idle();
		expect(of('missed-call', callId)).toEqual([]);
		expect(ended).toMatchObject({ Direction: 'outbound', Outcome: 'answered', AnsweredBy: writeNumber(to.ten, settings.cdrNumbers) });
	});
});
