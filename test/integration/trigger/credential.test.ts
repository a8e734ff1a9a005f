/**
 * The SolSwitch Trigger's secrets in the SolSwitch Callbacks API credential (version 2), version 1's
 * node fields still honoured, and the guard pipeline the Messaging Trigger shares with it.
 */
import { createHash } from 'node:crypto';
import type { IDataObject, IHookFunctions } from 'n8n-workflow';
import { forgetKeptCredentials } from '../../../nodes/engine/trigger/keptCredential';
import { SolSwitchTrigger } from '../../../nodes/SolSwitchTrigger/SolSwitchTrigger.node';
import { startTriggerServer, type TriggerServer } from '../../helpers/triggerServer';
import { useSandbox } from '../../helpers/sandbox';
import { messagingCredentials } from '../messaging/env';

const env = useSandbox();
let host: TriggerServer | undefined;

afterEach(async () => {
	await host?.close();
	host = undefined;
	forgetKeptCredentials();
});

const RAW = 'INVITE sip:1@x SIP/2.0\r\n\r\n';
const packet = (apiKey: string) => JSON.stringify({ APIKey: apiKey, RawPacket: RAW, PacketHash: createHash('md5').update(RAW).digest('hex'), AttemptNumber: 1 });
const post = (url: string, body: string) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
const note = JSON.stringify({ Event: 'Incoming', CallID: '1.9' });

/** A SolSwitch Trigger of the given version with a SolSwitch Callbacks API credential holding these secrets. */
const withCredential = (typeVersion: number, parameters: IDataObject, secrets: { packetApiKey?: string; sharedSecret?: string }) =>
	startTriggerServer({
		type: 'solSwitchTrigger',
		typeVersion,
		parameters,
		credentials: { solSwitchCallbacksApi: { packetApiKey: '', sharedSecret: '', ...secrets } },
	});

describe('SolSwitch Trigger version 2: secrets from the SolSwitch Callbacks API credential', () => {
	it('checks APIKey against the credential\'s Packet API Key, and keeps it out of the item', async () => {
		host = await withCredential(2, { event: 'sip-packet' }, { packetApiKey: 'cred-packet-key' });
		const good = await post(host.urlFor('sip-packet'), packet('cred-packet-key'));
		expect([good.status, await good.text()]).toEqual([200, 'SUCCESS']);
		const bad = await post(host.urlFor('sip-packet'), packet('cred-packet-kez'));
		expect([bad.status, ((await bad.json()) as { Reason: string }).Reason]).toEqual([401, 'APIKey does not match the Packet API Key']);
		expect(host.started).toHaveLength(1);
		expect(JSON.stringify(host.started[0].items)).not.toContain('cred-packet-key');
	});

	it('ignores a Packet API Key left in the node\'s parameters: without the credential the key is not set', async () => {
		host = await startTriggerServer({ type: 'solSwitchTrigger', typeVersion: 2, parameters: { event: 'sip-packet', packetApiKey: 'node-key' } });
		const answer = await post(host.urlFor('sip-packet'), packet('node-key'));
		expect(answer.status).toBe(500);
		expect(await answer.json()).toEqual({ Status: 'FAIL', Reason: 'Trigger misconfigured: Packet API Key is not set' });
		expect(host.started).toHaveLength(0);
	});

	it('requires the credential\'s Shared Secret in the URL or the header', async () => {
		host = await withCredential(2, { event: 'sip-notification' }, { sharedSecret: 'cred-secret' });
		expect((await post(host.urlFor('sip-notification'), note)).status).toBe(401);
		expect((await post(host.urlFor('sip-notification', '?secret=wrong'), note)).status).toBe(401);
		expect((await post(host.urlFor('sip-notification', '?secret=cred-secret'), note)).status).toBe(200);
		expect(host.started).toHaveLength(1);
	});

	it('reads the credential once for several callbacks (kept for a while, like the Messaging Trigger\'s)', async () => {
		host = await withCredential(2, { event: 'sip-notification' }, { sharedSecret: 'cred-secret' });
		const reads = jest.spyOn(host.credentialsHelper, 'getDecrypted');
		for (let i = 0; i < 3; i++) expect((await post(host.urlFor('sip-notification', '?secret=cred-secret'), note)).status).toBe(200);
		expect(reads).toHaveBeenCalledTimes(1);
	});

	it('a version 1 node with the credential attached takes the credential\'s key', async () => {
		host = await withCredential(1, { event: 'sip-packet', packetApiKey: 'old-node-key' }, { packetApiKey: 'cred-packet-key' });
		expect((await post(host.urlFor('sip-packet'), packet('cred-packet-key'))).status).toBe(200);
		expect((await post(host.urlFor('sip-packet'), packet('old-node-key'))).status).toBe(401);
	});

	it('refuses to publish a SIP Packet POST trigger without a Packet API Key', async () => {
		const create = new SolSwitchTrigger().webhookMethods.default.create;
		const hook = (typeVersion: number, parameters: Record<string, unknown>, credential?: Record<string, string>) =>
			({
				getNodeParameter: (name: string, fallback?: unknown) => parameters[name] ?? fallback,
				getNode: () => ({ typeVersion, credentials: credential ? { solSwitchCallbacksApi: { id: '1', name: 'c' } } : undefined }),
				getCredentials: async () => credential,
			}) as unknown as IHookFunctions;
		await expect(create.call(hook(2, { event: 'sip-packet', packetApiKey: 'node-key' }))).rejects.toThrow(
			'Packet API Key is required to check the APIKey the switch sends: set it in the SolSwitch Callbacks API credential',
		);
		await expect(create.call(hook(2, { event: 'sip-packet' }, { packetApiKey: 'k' }))).resolves.toBe(true);
		await expect(create.call(hook(1, { event: 'sip-packet', packetApiKey: 'node-key' }))).resolves.toBe(true);
	});
});

describe('the Messaging Trigger passes the same guard pipeline', () => {
	const message = (id: string) => JSON.stringify({ Type: 'Message', ID: id, From: '15145550123', To: '55555', Body: 'hi', Key: 'sandbox-inbound-key' });
	const messaging = (options: Record<string, unknown>) =>
		startTriggerServer({
			type: 'solSwitchMessagingTrigger',
			parameters: { events: ['sms', 'mms', 'report'], replyMode: 'onReceived', options },
			credentials: messagingCredentials(env.sandbox),
		});

	it('refuses sources outside Allowed Sources with 403, starting nothing', async () => {
		host = await messaging({ allowedSources: '10.0.0.0/8' });
		const answer = await post(host.url, message('g1'));
		expect(answer.status).toBe(403);
		expect(await answer.json()).toEqual({ Status: 'FAIL', Reason: 'Source address 127.0.0.1 is not in Allowed Sources.' });
		host.parameters = { ...host.parameters, options: { allowedSources: '127.0.0.0/8' } };
		expect((await post(host.url, message('g2'))).status).toBe(200);
		expect(host.executions).toHaveLength(1);
	});

	it('refuses a body larger than Maximum Body Size with 413', async () => {
		host = await messaging({ maxBodyKb: 1 });
		const big = JSON.stringify({ ...JSON.parse(message('g3')), Body: 'x'.repeat(2000) });
		const answer = await post(host.url, big);
		expect(answer.status).toBe(413);
		expect(host.executions).toHaveLength(0);
	});
});
