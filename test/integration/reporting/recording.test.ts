import type { INodeParameters } from 'n8n-workflow';
import { callsBetween } from '../../../sandbox/switch/reports/cdr';
import { runNode } from '../../../scripts/n8n-engine/n8nEngine';
import { useSandbox } from '../../helpers/sandbox';
import { binaryBytes } from './binaryBytes';

const env = useSandbox({ reports: { seed: 5, legs: 200, days: 2, lastDay: '2026-03-10' } });

function calls() {
	return [...callsBetween(env.sandbox.state, 1, 0, Number.MAX_SAFE_INTEGER)];
}
const answeredLegs = (c: ReturnType<typeof calls>[number]) => c.legs.filter((l) => l.connectMs !== undefined).length;

const getRecording = (CallID: string, fields: INodeParameters = {}, options: INodeParameters = {}) =>
	runNode({
		type: 'solSwitch',
		parameters: { resource: 'report', operation: 'getRecording', CallID, ...fields, options },
		credentials: env.switchCredentials(),
	});

describe('Report > Call Recording', () => {
	it('gives one item per recording portion, numbered, with the CallID', async () => {
		const call = calls().find((c) => answeredLegs(c) >= 2)!;
		const { items, error } = await getRecording(call.CallID);
		expect(error).toBeUndefined();
		expect(env.received('recording')[0].body).toEqual({ CallID: call.CallID, Key: 'sandbox-switch-key' });
		const portions = (env.received('recording')[0].answer as { Recording: Array<Record<string, unknown>> }).Recording;
		expect(items.map((i) => i.json)).toEqual(portions.map((p, i) => ({ CallID: call.CallID, ...p, Portion: i + 1 })));
		expect(items).toHaveLength(answeredLegs(call));
		expect(items[0].binary).toBeUndefined();
	});

	it('downloads each portion\'s MP3 into binary data named after the call and portion, without the key', async () => {
		const call = calls().find((c) => answeredLegs(c) >= 2)!;
		const { items, error } = await getRecording(call.CallID, { downloadRecordings: true, binaryPropertyName: 'audio' });
		expect(error).toBeUndefined();
		expect(items).toHaveLength(answeredLegs(call));
		for (const [i, item] of items.entries()) {
			const file = item.binary!.audio;
			expect(file).toMatchObject({ fileName: `${call.CallID}-${i + 1}.mp3`, mimeType: 'audio/mpeg', fileExtension: 'mp3' });
			const bytes = await binaryBytes(file);
			expect(bytes.subarray(0, 3).toString('latin1')).toBe('ID3');
			expect(bytes.toString('latin1')).toContain(`${call.CallID}-${i + 1}`);
		}
		const downloads = env.sandbox.exchanges.entries.filter((e) => e.path.startsWith('/recordings/'));
		expect(downloads.map((d) => d.path)).toEqual(items.map((_, i) => `/recordings/${call.CallID}/${i + 1}.mp3`));
		expect(downloads.every((d) => d.method === 'GET' && !JSON.stringify(d.body).includes('sandbox-switch-key'))).toBe(true);
	});

	it('gives no items for a call without recordings', async () => {
		const call = calls().find((c) => answeredLegs(c) === 0)!;
		const { items, error } = await getRecording(call.CallID);
		expect(error).toBeUndefined();
		expect(items).toEqual([]);
	});

	it('turns an unknown CallID into an error with a hint', async () => {
		const { error } = await getRecording('1700000000.99991');
		expect(error?.message).toBe('The switch answered FAIL: Unknown CallID');
		expect(error?.description).toMatch(/CallID/);
	});

	it('fails clearly when a recording cannot be downloaded', async () => {
		const call = calls().find((c) => answeredLegs(c) >= 1)!;
		env.sandbox.faults.set({ match: `/recordings/${call.CallID}/1.mp3`, mode: 'http500', times: 1 });
		const { error } = await getRecording(call.CallID, { downloadRecordings: true, binaryPropertyName: 'data' });
		expect(error?.message).toBe(`Could not download recording portion 1 of call ${call.CallID}: HTTP 500`);
	});

	it('refuses an empty CallID before any request', async () => {
		const { error } = await getRecording('={{ "" }}');
		expect(error?.message).toBe('Call ID is required');
		expect(env.received('recording')).toHaveLength(0);
	});
});

describe('Report > CDR Leg Details', () => {
	it('gives one item per detail with the CallID, recordings named on answered steps', async () => {
		const call = calls().find((c) => c.legs.length >= 2 && answeredLegs(c) === c.legs.length)!;
		const { items, error } = await runNode({
			type: 'solSwitch',
			parameters: { resource: 'report', operation: 'getLegDetails', CallID: call.CallID, options: {} },
			credentials: env.switchCredentials(),
		});
		expect(error).toBeUndefined();
		const details = (env.received('cdrlegdetailsapi')[0].answer as { Details: Array<Record<string, unknown>> }).Details;
		expect(items.map((i) => i.json)).toEqual(details.map((d) => ({ CallID: call.CallID, ...d })));
		expect(items.map((i) => i.json.State)).toEqual(call.legs.flatMap(() => ['Routed', 'Answered', 'Ended']));
		expect(items.filter((i) => i.json.State === 'Answered').map((i) => i.json.Recording)).toEqual(
			call.legs.map((_, k) => `${call.CallID}-${k + 1}.mp3`),
		);
		// Duration is seconds as a string, empty when not applicable.
		expect(items[0].json.Duration).toBe('');
		expect(items[2].json.Duration).toMatch(/^\d+$/);
	});

	it('turns a call of another customer into Unknown CallID', async () => {
		const call = calls()[0];
		const { error } = await runNode({
			type: 'solSwitch',
			parameters: { resource: 'report', operation: 'getLegDetails', CallID: call.CallID, options: {} },
			credentials: env.customer2Credentials(),
		});
		expect(error?.message).toBe('The switch answered FAIL: Unknown CallID');
	});
});
