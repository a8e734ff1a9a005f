/**
 * Every call-control operation of the SolSwitch node, run through n8n-core's engine against the
 * sandbox: what the switch received, and the items the node produced.
 */
import { runNode } from '../../../scripts/n8n-engine/n8nEngine';
import { useSandbox } from '../../helpers/sandbox';

const env = useSandbox();
const KEY = 'sandbox-switch-key';

async function call(resource: string, operation: string, parameters: Record<string, unknown>, extra: Partial<Parameters<typeof runNode>[0]> = {}) {
	return await runNode({
		type: 'solSwitch',
		parameters: { resource, operation, ...parameters } as never,
		credentials: env.switchCredentials(),
		...extra,
	});
}

async function placeCall(destination = '5145550123') {
	const { items } = await call('call', 'newCall', { Extension: '201', Destination: destination });
	return items[0].json as { CallID: string; Channel: string };
}

describe('call control against the sandbox', () => {
	it('New Call with WaitForStart off answers Status only, and sends every optional attribute as spelled', async () => {
		const { items, error } = await call('call', 'newCall', {
			Extension: '510',
			Destination: '5145550123',
			additionalFields: {
				WaitForStart: false,
				Timeout: 40,
				CIDName: 'Sol Demo',
				CIDNum: '5145550100',
				CustomDVData: '{"URL":"https://example.com/dv","Method":"POST"}',
				CustomDVDigits: '["sales","support"]',
			},
		});
		expect(error).toBeUndefined();
		expect(items.map((i) => i.json)).toEqual([{ Status: 'OK' }]);
		expect(env.received('newcall')[0].body).toEqual({
			Extension: '510',
			Destination: '5145550123',
			WaitForStart: 0,
			Timeout: 40,
			CIDName: 'Sol Demo',
			CIDNum: '5145550100',
			CustomDVData: { URL: 'https://example.com/dv', Method: 'POST' },
			CustomDVDigits: ['sales', 'support'],
			Key: KEY,
		});
	});

	it('List Active Calls gives one item per call, with the channels Hold/Transfer/DTMF need', async () => {
		const placed = await placeCall('5145550199');
		const { items } = await call('call', 'listActive', {});
		const mine = items.map((i) => i.json).find((c) => c.CallID === placed.CallID)!;
		expect(mine).toMatchObject({ SourceNumber: '201', SourceChannel: placed.Channel, DestinationNumber: '5145550199' });
		expect(mine.Duration).toMatch(/^\d\d:\d\d:\d\d$/);
		expect(items.every((i) => i.pairedItem && (i.pairedItem as { item: number }).item === 0)).toBe(true);
	});

	it('Hold Call holds the channel of a live call', async () => {
		const placed = await placeCall();
		const { items, error } = await call('call', 'hold', { Channel: placed.Channel });
		expect(error).toBeUndefined();
		expect(items[0].json).toEqual({ Status: 'OK' });
		expect(env.sandbox.state.calls.get(placed.CallID)!.held).toEqual([placed.Channel]);
		expect(env.received('holdcall')[0].body).toEqual({ Channel: placed.Channel, Key: KEY });
	});

	it('Transfer Call connects the party on the channel to the destination', async () => {
		const placed = await placeCall();
		const { items } = await call('call', 'transfer', { Channel: placed.Channel, Destination: '202' });
		expect(items[0].json).toEqual({ Status: 'OK' });
		expect(env.sandbox.state.calls.has(placed.CallID)).toBe(false);
		const moved = [...env.sandbox.state.calls.values()].find((c) => c.SourceNumber === '201' && c.DestinationNumber === '202');
		expect(moved).toBeDefined();
		expect(env.received('transfercall')[0].body).toEqual({ Channel: placed.Channel, Destination: '202', Key: KEY });
	});

	it('Transmit DTMF sends the tones to the channel', async () => {
		const placed = await placeCall();
		const { items } = await call('call', 'sendDtmf', { Channel: placed.Channel, Tone: '12#*' });
		expect(items[0].json).toEqual({ Status: 'OK' });
		expect(env.sandbox.state.calls.get(placed.CallID)!.dtmf).toEqual([{ Channel: placed.Channel, Tone: '12#*' }]);
	});

	it('Add Header queues a header that the next matching outbound call carries', async () => {
		const { items } = await call('call', 'addHeader', { srcnumber: '201', dstnumber: '', header_name: 'X-Account', value: 'A-17' });
		expect(items[0].json).toEqual({ Status: 'OK' });
		expect(env.received('addheader')[0].body).toEqual({ srcnumber: '201', 'header-name': 'X-Account', value: 'A-17', Key: KEY });
		const placed = await placeCall();
		expect(env.sandbox.state.calls.get(placed.CallID)!.headers).toEqual([{ name: 'X-Account', value: 'A-17' }]);
	});

	it('Caller ID Request returns the caller of the call ringing an extension', async () => {
		env.sandbox.state.calls.clear();
		const { items: incoming } = await call('call', 'newCall', { Extension: '203', Destination: '202' });
		const { items } = await call('call', 'getCallerId', { Extension: '202' });
		expect(items[0].json).toEqual({
			Status: 'OK',
			CallID: incoming[0].json.CallID,
			DailedNumber: '202',
			IVROption: '-1',
			CallerNumber: '203',
			CallerName: '203',
		});
	});

	it('Caller ID Request with no call answers the switch Message', async () => {
		const { items } = await call('call', 'getCallerId', { Extension: '201', additionalFields: { Customer: 2 } });
		expect(items[0].json).toEqual({ Status: 'OK', Message: 'No data available' });
	});

	it('Manage Caller ID Routes adds, edits and deletes a route', async () => {
		const add = await call('callerIdRoute', 'manage', { Type: 'addedit', CID: '5145550177', Extension: '202' });
		expect(add.items[0].json).toEqual({ Status: 'OK', Message: 'Caller ID route 5145550177 added' });
		const edit = await call('callerIdRoute', 'manage', { Type: 'addedit', CID: '5145550177', Extension: '203' });
		expect(edit.items[0].json.Message).toBe('Caller ID route 5145550177 updated');
		expect(env.sandbox.state.cidRoutes.get('1:5145550177')).toEqual({ Customer: 1, CID: '5145550177', Extension: '203' });
		const del = await call('callerIdRoute', 'manage', { Type: 'del', CID: '5145550177' });
		expect(del.items[0].json.Message).toBe('Caller ID route 5145550177 deleted');
		expect(env.received('managecid')[2].body).toEqual({ Type: 'del', CID: '5145550177', Key: KEY });
		expect(env.sandbox.state.cidRoutes.has('1:5145550177')).toBe(false);
	});

	it('Toggle Monitoring turns monitoring on and off, sending Enabled as 1/0', async () => {
		await call('extension', 'toggleMonitoring', { Extension: '202', Enabled: true });
		expect(env.sandbox.state.monitored.has('1:202')).toBe(true);
		await call('extension', 'toggleMonitoring', { Extension: '202', Enabled: false });
		expect(env.sandbox.state.monitored.has('1:202')).toBe(false);
		expect(env.received('monitor').map((e) => (e.body as { Enabled: number }).Enabled)).toEqual([1, 0]);
	});

	it('Schedule Queue Callback stores the callback and returns the Message', async () => {
		const { items } = await call('queue', 'scheduleCallback', { queueID: '600', Number: '5145550123', additionalFields: { CIDName: 'Support' } });
		expect(items[0].json).toEqual({ Status: 'OK', Message: 'Callback to 5145550123 scheduled in queue Support' });
		expect(env.sandbox.state.callbacks.at(-1)).toMatchObject({ queueID: '600', Number: '5145550123', CIDName: 'Support' });
	});

	it('Schedule Queue Callback on another customer\'s queue gets the switch\'s FAIL reason', async () => {
		const { error } = await call('queue', 'scheduleCallback', { queueID: '700', Number: '5145550123' });
		expect(error?.message).toBe('The switch answered FAIL: Error adding to queue, please try again.');
	});

	it('Outbound Fax sends a PDF from binary data as a data URI', async () => {
		const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF');
		const { items, error } = await call(
			'fax',
			'send',
			{ To: '5145550199', From: '5145550101', fileSource: 'binary', binaryPropertyName: 'data' },
			{ input: [{ json: {}, binary: { data: { data: pdf.toString('base64'), mimeType: 'application/pdf', fileName: 'a.pdf' } } }] },
		);
		expect(error).toBeUndefined();
		expect(items[0].json).toEqual({ Status: 'OK' });
		expect(env.received('fax')[0].body).toMatchObject({ To: '5145550199', From: '5145550101', File: `data:application/pdf;base64,${pdf.toString('base64')}` });
		expect(env.sandbox.state.faxes.at(-1)).toMatchObject({ To: '5145550199', bytes: pdf.length });
	});

	it('Outbound Fax sends a path or URL as given', async () => {
		await call('fax', 'send', { To: '5145550199', From: '5145550101', fileSource: 'url', File: 'https://files.example.com/a.pdf' });
		expect(env.received('fax')[0].body).toMatchObject({ File: 'https://files.example.com/a.pdf' });
	});

	it('Outbound Fax refuses binary data that is not a PDF, before sending', async () => {
		const { error } = await call(
			'fax',
			'send',
			{ To: '5145550199', From: '5145550101', fileSource: 'binary', binaryPropertyName: 'data' },
			{ input: [{ json: {}, binary: { data: { data: Buffer.from('hello').toString('base64'), mimeType: 'text/plain', fileName: 'a.txt' } } }] },
		);
		expect(error?.message).toBe('The binary field "data" is not a PDF (its type is text/plain)');
		expect(env.received('fax')).toHaveLength(0);
	});

	it('sends form variables when Send Body As is Form Variables', async () => {
		const { items } = await call('call', 'listActive', { options: { bodyFormat: 'form' } });
		expect(Array.isArray(items)).toBe(true);
		const [request] = env.received('listactivecalls');
		expect(request.contentType).toContain('application/x-www-form-urlencoded');
		expect(request.body).toEqual({ Key: KEY });
	});

	it('runs once per input item, pairing each output with its item', async () => {
		const { items } = await call('call', 'newCall', { Extension: '={{ $json.ext }}', Destination: '5145550123' }, {
			input: [{ json: { ext: '201' } }, { json: { ext: '202' } }],
		});
		expect(items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(env.received('newcall').map((e) => (e.body as { Extension: string }).Extension)).toEqual(['201', '202']);
	});
});
