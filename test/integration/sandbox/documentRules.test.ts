/**
 * The sandbox is as strict as the documents, and no stricter (issue 14): it refuses, with the
 * documents' Reason texts, what the documents forbid, and accepts what they allow.
 */
import { useSandbox } from '../../helpers/sandbox';
import { DEFAULT_GATEWAY_KEY } from '../../../sandbox/gateway/config';

const env = useSandbox();
const KEY = 'sandbox-switch-key';
const ask = (fn: string, body: Record<string, unknown>) => env.sandbox.callSwitch(`/api/${fn}/`, { Key: KEY, ...body }, '127.0.0.1');

async function sendSms(body: string): Promise<unknown> {
	const response = await fetch(`${env.sandbox.url}/sms/`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify({ From: '55555', To: '15145550123', Body: body, Key: DEFAULT_GATEWAY_KEY }),
	});
	return await response.json();
}

describe('what the documents allow is accepted', () => {
	it('an extension 10 to 49 works where the calls document states no extension rule', async () => {
		expect(await ask('extension/add', { Customer: '1', ExtensionNumber: '20', Name: 'Desk 20', CIDNum: '5145550120' })).toMatchObject({ Status: 'OK' });
		expect(await ask('calleridrequest', { Extension: '20' })).toMatchObject({ Status: 'OK' });
		expect(await ask('managecid', { Type: 'addedit', CID: '5145550999', Extension: '20' })).toMatchObject({ Status: 'OK' });
	});

	it('numbers in any form where no form is stated: CID, the queue callback Number, DIDs', async () => {
		expect(await ask('managecid', { Type: 'addedit', CID: '+15145550999', Extension: '201' })).toMatchObject({ Status: 'OK' });
		expect(await ask('scheduledqueuecallback', { queueID: '600', Number: '+1 514 555 0123' })).toMatchObject({ Status: 'OK' });
		expect(await ask('did/add', { DID: '611', CustID: '1' })).toMatchObject({ Status: 'OK' });
		expect(await ask('adddid', { DID: '311' })).toMatchObject({ Status: 'OK' });
	});

	it('an SMS Body counted as written: spaces are characters', async () => {
		expect(await sendSms('   ')).toMatchObject({ Status: 'OK' });
		expect(await sendSms(' '.repeat(136))).toMatchObject({ Status: 'OK' });
	});
});

describe('what the documents forbid is refused with their texts', () => {
	it('New Call and Toggle Monitoring: "numeric, 3 to 5 digits"', async () => {
		expect(await ask('newcall', { Extension: '20', Destination: '5145550123' })).toEqual({ Status: 'FAIL', Reason: 'Invalid extension number given' });
		expect(await ask('monitor', { Extension: '20', Enabled: '1' })).toEqual({ Status: 'FAIL', Reason: 'Invalid extension number given' });
	});

	it('Destination numeric, Body at most 136 characters, SSCGroup with a server, Address by type', async () => {
		expect(await ask('newcall', { Extension: '201', Destination: '+1514' })).toEqual({ Status: 'FAIL', Reason: 'Please use a numerical value' });
		expect(await sendSms(' '.repeat(137))).toMatchObject({ Status: 'FAIL' });
		const customer = { CustomerNumber: 'C-9', FirstName: 'A', LastName: 'B', Company: 'Co', RouteGroupID: '1', MaxSIPAccounts: '0' };
		expect(await ask('customer/add', { ...customer, SSCServerID: '4' })).toEqual({ Status: 'FAIL', Reason: 'Missing required field SSCGroup' });
		const rule = { Name: 'r', RuleType: 'Deny' };
		expect(await ask('firewall/add', { ...rule, AddressType: 'Address', Address: '10.0.0.0/8' })).toMatchObject({ Status: 'FAIL' });
		expect(await ask('firewall/add', { ...rule, AddressType: 'Subnet', Address: '10.0.0.1' })).toMatchObject({ Status: 'FAIL' });
	});
});
