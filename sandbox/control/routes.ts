/**
 * Control endpoints under /_sandbox/ for tests and demos: what the switch saw, faults to inject,
 * access settings, and live calls to end. Not part of the interface.
 */
import type { SandboxModule } from '../contract';
import type { Fault } from '../http/faults';
import { settingsOf, SWITCH_PROFILE_NAMES, type SwitchProfileName, type SwitchSettings } from '../switch/profiles';

export const controlModule: SandboxModule = {
	name: 'control',
	setup(sandbox) {
		const add = (method: string, path: string, handle: Parameters<typeof sandbox.router.add>[0]['handle']) =>
			sandbox.router.add({ method, path: `/_sandbox${path}`, service: 'control', handle });

		add('GET', '/health', () => ({ json: { Status: 'OK', url: sandbox.url } }));
		add('GET', '/exchanges', (req) => {
			const service = req.query.get('service') ?? undefined;
			const path = req.query.get('path') ?? undefined;
			return { json: sandbox.exchanges.find({ service, path }).filter((e) => e.service !== 'control') };
		});
		add('DELETE', '/exchanges', () => {
			sandbox.exchanges.clear();
			return { json: { Status: 'OK' } };
		});
		add('POST', '/faults', (req) => {
			sandbox.faults.set(req.body as unknown as Fault);
			return { json: { Status: 'OK' } };
		});
		add('DELETE', '/faults', () => {
			sandbox.faults.clear();
			return { json: { Status: 'OK' } };
		});
		add('POST', '/switch/auth', (req) => {
			Object.assign(sandbox.switchAuth, req.body);
			return { json: { Status: 'OK', auth: sandbox.switchAuth } };
		});
		add('GET', '/switch/profile', () => ({ json: { Status: 'OK', settings: sandbox.state.settings } }));
		add('POST', '/switch/profile', (req) => {
			const name = req.body.name === undefined ? undefined : String(req.body.name);
			if (name !== undefined && !SWITCH_PROFILE_NAMES.includes(name as SwitchProfileName)) {
				return { status: 400, json: { Status: 'FAIL', Reason: `name must be one of ${SWITCH_PROFILE_NAMES.join(', ')}` } };
			}
			const over = (req.body.settings ?? {}) as Partial<SwitchSettings>;
			sandbox.state.settings = name ? settingsOf(name as SwitchProfileName, over) : { ...sandbox.state.settings, ...over };
			return { json: { Status: 'OK', settings: sandbox.state.settings } };
		});
		add('GET', '/switch/calls', () => ({ json: [...sandbox.state.calls.values()] }));
		add('POST', '/switch/calls/:id/hangup', (req) => {
			const call = sandbox.state.endCall(req.params.id);
			return call ? { json: { Status: 'OK' } } : { status: 404, json: { Status: 'FAIL', Reason: 'Unknown CallID' } };
		});
		add('GET', '/switch/state', () => ({
			json: {
				monitored: [...sandbox.state.monitored],
				cidRoutes: [...sandbox.state.cidRoutes.values()],
				pendingHeaders: sandbox.state.pendingHeaders,
				faxes: sandbox.state.faxes,
				callbacks: sandbox.state.callbacks,
			},
		}));
	},
};
