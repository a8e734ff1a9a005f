/**
 * The switch's reporting functions over generated data (see config.ts), and the module that gives
 * each sandbox its report settings, the recording downloads and a control endpoint to resize the data.
 */
import type { SandboxModule } from '../../contract';
import { reportFunctions } from './functions';
import { agentStats } from './agentStats';
import { findCall } from './cdr';
import { recordingToken } from './cdrHandlers';
import { attachReports, CALL_PROFILES, configure, reportsOf, type CallProfile, type ReportConfig } from './config';
import { dvLog } from './dvlog';
import { liveQueueStats, liveStats } from './live';
import { mcmExport } from './mcm';
import { mp3Of } from './mp3';
import { findPlayedCall, isRecorded } from './playedCalls';

reportFunctions.register('agentstats', agentStats);
reportFunctions.register('livequeuestat', liveQueueStats);
reportFunctions.register('livestats', liveStats);
reportFunctions.register('dvlog', dvLog);
reportFunctions.register('mcmexport', mcmExport);

export const reportsModule: SandboxModule = {
	name: 'reports',
	setup(sandbox) {
		reportFunctions.module.setup(sandbox);
		const data = attachReports(sandbox.state, (sandbox.options.reports ?? {}) as Partial<ReportConfig>, () => sandbox.url);
		// The MP3 behind a Recording entry's URL; a wrong token or an unknown call is a 404.
		sandbox.router.add({
			method: 'GET',
			path: '/recordings/:callId/:file',
			service: 'switch',
			handle(req) {
				const portion = Number(/^(\d+)\.mp3$/.exec(req.params.file)?.[1]);
				const customer = Number(req.params.callId.split('.')[1] ?? 0) % 10;
				const call = findPlayedCall(sandbox.state, req.params.callId) ?? findCall(sandbox.state, customer, req.params.callId);
				const answered = call && isRecorded(call) ? call.legs.filter((l) => l.connectMs !== undefined).length : 0;
				const valid =
					call && portion >= 1 && portion <= answered && req.query.get('t') === recordingToken(data.config.seed, call.CallID, portion);
				if (!valid) return { status: 404, text: 'Not Found' };
				return { buffer: mp3Of(`${call.CallID}-${portion}`), headers: { 'Content-Type': 'audio/mpeg' } };
			},
		});
		sandbox.router.add({
			method: 'GET',
			path: '/_sandbox/reports',
			service: 'control',
			handle: () => ({ json: reportsOf(sandbox.state).config }),
		});
		sandbox.router.add({
			method: 'POST',
			path: '/_sandbox/reports',
			service: 'control',
			handle(req) {
				const changes: Partial<ReportConfig> = {};
				for (const key of ['seed', 'legs', 'days'] as const) if (req.body[key] !== undefined) changes[key] = Number(req.body[key]);
				if (req.body.lastDay !== undefined) changes.lastDay = String(req.body.lastDay);
				if (req.body.profile !== undefined) {
					const profile = String(req.body.profile) as CallProfile;
					if (!CALL_PROFILES.includes(profile)) return { status: 400, json: { Status: 'Failed', Reason: `profile must be one of ${CALL_PROFILES.join(', ')}` } };
					changes.profile = profile;
				}
				configure(data, changes);
				return { json: { Status: 'OK', reports: data.config } };
			},
		});
	},
};
