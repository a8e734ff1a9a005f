import { startReplaySwitch, type ReplaySwitch } from '../../../scripts/bench/replay';

describe('the CDR benchmark\'s replay switch', () => {
	let replay: ReplaySwitch;
	beforeAll(async () => {
		replay = await startReplaySwitch('k-123');
	});
	afterAll(async () => {
		await replay.close();
	});
	const ask = async (body: unknown, path = '/api/cdrexport/') =>
		await (await fetch(`${replay.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json();

	it('answers the loaded bytes to a CDR export with the key, and FAIL otherwise', async () => {
		expect(await ask({ Key: 'k-123' })).toEqual({ Status: 'FAIL', Reason: 'No Records Found.' });
		replay.load(Buffer.from(JSON.stringify({ Status: 'OK', '1.1': { LegID: '1' } })));
		expect(await ask({ Key: 'k-123', DateStart: '2026-03-10' })).toEqual({ Status: 'OK', '1.1': { LegID: '1' } });
		expect(await ask({ Key: 'wrong' })).toMatchObject({ Status: 'FAIL' });
		expect(await ask({ Key: 'k-123' }, '/api/cdrlegdetailsapi/')).toMatchObject({ Status: 'FAIL' });
	});
});
