// The SolSwitch Trigger's call-record lookups (nodes/SolSwitchTrigger/calls/callRecords.ts) read the
// SolSwitch API credential the kept way: once for many notifications (each read costs n8n 2.x an
// expression isolate in a webhook call), and afresh at once when the switch refuses the kept key.
import type { IDataObject, IHttpRequestOptions, IWebhookFunctions } from 'n8n-workflow';
import { lookUpCall } from '../../../nodes/SolSwitchTrigger/calls/callRecords';
import { Deadline } from '../../../nodes/SolSwitchTrigger/calls/deadline';
import { forgetKeptCredentials } from '../../../nodes/engine/trigger/keptCredential';

const CALL = '1700000000.42';
const details = [{ StartTime: '2026-11-27 10:00:00', Duration: '', Action: 'Call from 4385550142 routed to 201', State: 'Routed', Recording: '' }];
const leg = { LegID: '421', StartTime: '2026-11-27 10:00:00', ConnectTime: '', EndTime: '2026-11-27 10:00:06', SourceNumber: '4385550142', DestinationNumber: '201', Disposition: 'NOANSWER' };

/** A webhook call whose switch accepts only `switchKey`; the credential as saved holds `saved.key`. */
function context(saved: { key: string; reads: number }, switchKey: string, sent: string[]): IWebhookFunctions {
	return {
		getNode: () => ({ id: 'n1', name: 'SolSwitch Trigger', type: 'n8n-nodes-solswitch.solSwitchTrigger', typeVersion: 2, position: [0, 0], parameters: {}, credentials: { solSwitchApi: { id: 'cred-7', name: 'Switch' } } }),
		getCredentials: async () => {
			saved.reads++;
			return { baseUrl: 'http://switch.test', apiKey: saved.key, customer: '' };
		},
		helpers: {
			async httpRequestWithAuthentication(_type: string, options: IHttpRequestOptions, extra: { credentialsDecrypted: { data: IDataObject } }) {
				const key = String(extra.credentialsDecrypted.data.apiKey);
				sent.push(`${String(options.url).replace('http://switch.test', '')} ${key}`);
				if (key !== switchKey) return { statusCode: 200, body: { Status: 'FAIL', Reason: 'Invalid API key' } };
				return { statusCode: 200, body: String(options.url).includes('cdrlegdetails') ? { Status: 'OK', Details: details } : { Status: 'OK', [CALL]: [leg] } };
			},
		},
	} as unknown as IWebhookFunctions;
}

describe('call-record lookups and the SolSwitch API credential', () => {
	beforeEach(() => forgetKeptCredentials());

	it('reads the credential once for several notifications', async () => {
		const saved = { key: 'key-1', reads: 0 };
		for (let i = 0; i < 3; i++) {
			const found = await lookUpCall(context(saved, 'key-1', []), CALL, '', new Deadline(0));
			expect(found).toEqual({ found: { details, legs: [expect.objectContaining({ LegID: '421', Disposition: 'NOANSWER' })] } });
		}
		expect(saved.reads).toBe(1);
	});

	it('a key just replaced in the credential: the refused request is sent again with the fresh read, and the event is given', async () => {
		const saved = { key: 'key-1', reads: 0 };
		await lookUpCall(context(saved, 'key-1', []), CALL, '', new Deadline(0));
		saved.key = 'key-2';
		const sent: string[] = [];
		const found = await lookUpCall(context(saved, 'key-2', sent), CALL, '', new Deadline(0));
		expect('found' in found).toBe(true);
		// List Active Calls is asked first (a call going on on another leg is not looked up): refused with the kept key, sent again with the fresh one.
		expect(sent).toEqual(['/api/listactivecalls/ key-1', '/api/listactivecalls/ key-2', '/api/cdrlegdetailsapi/ key-2', '/api/cdrexport/ key-2']);
		expect(saved.reads).toBe(2);
	});

	it('a key the switch refuses even when read afresh: the switch\'s refusal, not a retry loop', async () => {
		const saved = { key: 'key-1', reads: 0 };
		const sent: string[] = [];
		await expect(lookUpCall(context(saved, 'other', sent), CALL, '', new Deadline(0))).rejects.toThrow(/Invalid API key/);
		expect(sent).toEqual(['/api/listactivecalls/ key-1', '/api/cdrlegdetailsapi/ key-1']);
	});
});
