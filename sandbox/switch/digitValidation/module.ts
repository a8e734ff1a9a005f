/**
 * Control endpoints of the Digit Validation calls (dialer.ts), under /_sandbox/digit-validation:
 *   GET  ''              the DV setups, the phone scripts and every DV call with its requests;
 *   POST /setup          {Customer?, ExtensionNumber, url?, method?, options: {name: 'hangup'|'reprompt'}}: a DV as set up in the portal;
 *   POST /phone          {number, turns: [{answer: 'answer'|'noAnswer'|'busy', ringMs?, presses?, pressAfterMs?, hangUpAfterMs?}]}:
 *                        how that phone takes its next calls (one turn per call; unscripted: answers and waits for /press);
 *   POST /press          {CallID or number, digits}: the person on an answered call presses keys (answers the DV request made);
 *   GET  /call?CallID=   one call's record.
 */
import type { SandboxModule } from '../../contract';
import { attachDigitValidation, DigitValidationSwitch, type DigitValidationSetup, type PhoneTurn } from './dialer';

export function dvSwitchOf(services: Record<string, unknown>): DigitValidationSwitch {
	return services.digitValidation as DigitValidationSwitch;
}

export const digitValidationModule: SandboxModule = {
	name: 'digitValidation',
	setup(sandbox) {
		const dv = new DigitValidationSwitch(sandbox);
		sandbox.services.digitValidation = dv;
		attachDigitValidation(sandbox.state, dv);
		const add = (method: string, path: string, handle: Parameters<typeof sandbox.router.add>[0]['handle']) =>
			sandbox.router.add({ method, path: `/_sandbox/digit-validation${path}`, service: 'control', handle });
		const fail = (Reason: string) => ({ status: 400, json: { Status: 'FAIL', Reason } });

		add('GET', '', () => ({
			json: { Status: 'OK', setups: [...dv.setups.values()], phones: Object.fromEntries(dv.phones), calls: [...dv.calls.values()] },
		}));
		add('GET', '/call', (req) => {
			const call = dv.calls.get(req.query.get('CallID') ?? '');
			return call ? { json: { Status: 'OK', ...call } } : fail('Unknown CallID');
		});
		add('POST', '/setup', (req) => {
			const b = req.body as Partial<DigitValidationSetup>;
			const customer = Number(b.Customer ?? 1);
			const number = String(b.ExtensionNumber ?? '');
			if (!sandbox.state.findExtension(customer, number)) return fail('Unknown Extension Number');
			if (!b.options || typeof b.options !== 'object' || !Object.keys(b.options).length) return fail('Missing required field options');
			dv.define({ Customer: customer, ExtensionNumber: number, url: String(b.url ?? ''), method: b.method === 'GET' ? 'GET' : 'POST', options: b.options });
			return { json: { Status: 'OK' } };
		});
		add('POST', '/phone', (req) => {
			const b = req.body as { number?: unknown; turns?: PhoneTurn[] };
			if (!b.number || !Array.isArray(b.turns)) return fail('Missing required field number or turns');
			dv.script(String(b.number), b.turns);
			return { json: { Status: 'OK' } };
		});
		add('POST', '/press', async (req) => {
			const b = req.body as { CallID?: unknown; number?: unknown; digits?: unknown };
			const digits = String(b.digits ?? '');
			if (!/^[0-9*#]+$/.test(digits)) return fail('Missing required field digits');
			const live = [...dv.calls.values()].filter((c) => dv.isLive(c));
			const call = b.CallID !== undefined ? live.find((c) => c.CallID === String(b.CallID)) : live.reverse().find((c) => c.destination === String(b.number));
			if (!call) return fail('No answered call to press on');
			const post = await dv.press(sandbox.state, call.CallID, digits);
			return { json: { Status: 'OK', CallID: call.CallID, post, ended: call.endedAt !== undefined } };
		});
	},
};
