/**
 * The sandbox plays whole calls into a DID, the way a caller and the switch would, so the call
 * events (Missed Call, Call Ended, New Recording) can be tried and tested end to end:
 *
 *   POST /_sandbox/calls/play {"scenario":"missed"|"answered"|"busy"|"recorded"|"transferred", ...}
 *
 * A call rings an extension and ends unanswered (missed: Disposition NOANSWER), is refused busy
 * (BUSY), is answered and talks (answered: ANSWERED; recorded: the same, with a recording), or is
 * answered then transferred to a second extension (two legs, the first TRANSFERRED). As it goes,
 * the SIP POST (and monitoring) notifications go to the configured URLs (callbacks.ts): Incoming,
 * Connected when answered, and one Disconnected per leg, each leg's own numbers and channels. When
 * it ends, its CDR, leg details and recordings are written (reports/playedCalls.ts), at once or
 * `cdrDelaySeconds` later; `repeatDisconnected` sends the last Disconnected again, as a switch
 * that repeats itself would. Durations are sandbox seconds (scaled by timeScale); the CDR says them
 * as they would be. The answer comes once the call is over and every notification was answered.
 */
import type { SandboxHost, SandboxModule } from '../contract';
import { dateTimeOf } from '../time';
import { callbacksOf } from './callbacks';
import type { LegFacts } from './reports/cdr';
import { playedRecordsOf, type PlayedRecord } from './reports/playedCalls';
import { adminStore } from './admin/store';
import type { ActiveCall } from './state';

export const SCENARIOS = ['missed', 'answered', 'busy', 'recorded', 'transferred'] as const;
export type Scenario = (typeof SCENARIOS)[number];

export interface PlayRequest {
	scenario: Scenario;
	Customer?: number;
	/** The caller's number and name. */
	From?: string;
	CallerName?: string;
	/** The DID dialed, and the extension it rings (and, for a transfer, the one it goes on to). */
	DID?: string;
	Extension?: string;
	TransferTo?: string;
	ringSeconds?: number;
	talkSeconds?: number;
	/** The CDR is written this long after the hang-up (sandbox seconds). */
	cdrDelaySeconds?: number;
	/** How many more times the last Disconnected is sent. */
	repeatDisconnected?: number;
}

interface PlannedLeg {
	to: string;
	ringS: number;
	talkS: number;
	disposition: 'ANSWERED' | 'NOANSWER' | 'BUSY' | 'TRANSFERRED';
}

function plan(r: Required<Pick<PlayRequest, 'scenario' | 'Extension' | 'TransferTo' | 'ringSeconds' | 'talkSeconds'>>): PlannedLeg[] {
	const { Extension: to, ringSeconds: ringS, talkSeconds: talkS } = r;
	switch (r.scenario) {
		case 'missed':
			return [{ to, ringS, talkS: 0, disposition: 'NOANSWER' }];
		case 'busy':
			return [{ to, ringS: 0, talkS: 0, disposition: 'BUSY' }];
		case 'transferred':
			return [
				{ to, ringS, talkS, disposition: 'TRANSFERRED' },
				{ to: r.TransferTo, ringS: Math.min(ringS, 5), talkS, disposition: 'ANSWERED' },
			];
		default:
			return [{ to, ringS, talkS, disposition: 'ANSWERED' }];
	}
}

const wait = (host: SandboxHost, sandboxMs: number) => new Promise((resolve) => setTimeout(resolve, host.scale(sandboxMs)));

export class CallPlayer {
	constructor(private readonly host: SandboxHost) {}

	async play(request: PlayRequest): Promise<PlayedRecord> {
		const { state } = this.host;
		const scenario = request.scenario;
		if (!SCENARIOS.includes(scenario)) throw new Error(`scenario must be one of ${SCENARIOS.join(', ')}`);
		const customer = Number(request.Customer ?? 1);
		const from = String(request.From ?? '5145550199');
		const did = String(request.DID ?? [...state.dids.values()].find((d) => d.CustID === customer)?.DID ?? '5145550100');
		const legs = plan({
			scenario,
			Extension: String(request.Extension ?? '201'),
			TransferTo: String(request.TransferTo ?? '202'),
			ringSeconds: Number(request.ringSeconds ?? 6),
			talkSeconds: Number(request.talkSeconds ?? 45),
		});
		const callerName = String(request.CallerName ?? 'Jean Dupuis');
		const base = state.newCall(customer, from, legs[0].to, did);
		const startMs = Math.floor(Date.now() / 1000) * 1000;
		const record: PlayedRecord = { CallID: base.CallID, Customer: customer, index: -1, startMs, legs: [], writtenAt: Number.POSITIVE_INFINITY, recorded: scenario === 'recorded' || scenario === 'transferred' };
		playedRecordsOf(state).push(record);
		let t = startMs;
		let live: ActiveCall | undefined;
		for (const [k, leg] of legs.entries()) {
			// Each leg its own channels; the CallID stays the call's.
			const call: ActiveCall = { ...state.newCall(customer, from, leg.to, k === 0 ? did : leg.to), CallID: base.CallID };
			state.calls.set(call.CallID, call);
			live = call;
			if (k === 0) state.emitCall('Incoming', call);
			const answered = leg.disposition === 'ANSWERED' || leg.disposition === 'TRANSFERRED';
			await wait(this.host, leg.ringS * 1000);
			const connectMs = answered ? t + leg.ringS * 1000 : undefined;
			if (answered) {
				state.emitCall('Connected', call);
				await wait(this.host, leg.talkS * 1000);
			}
			const endMs = t + leg.ringS * 1000 + (answered ? leg.talkS * 1000 : 0);
			const extension = state.findExtension(customer, leg.to);
			const facts: LegFacts = {
				startMs: t,
				connectMs,
				endMs,
				sourceChannel: call.SourceChannel,
				destinationChannel: call.DestinationChannel,
				leg: {
					LegID: `${base.CallID.split('.')[1]}${k + 1}`,
					StartTime: dateTimeOf(t),
					ConnectTime: connectMs === undefined ? '' : dateTimeOf(connectMs),
					EndTime: dateTimeOf(endMs),
					SourceName: callerName,
					SourceNumber: from,
					DestinationName: String(extension?.Name ?? ''),
					DestinationNumber: leg.to,
					Disposition: leg.disposition,
					DialedNumber: call.DialedNumber,
					SourceType: '2',
					DestinationType: '1',
					CallCode: '',
				},
			};
			record.legs.push(facts);
			t = endMs;
			if (k === legs.length - 1) state.calls.delete(call.CallID);
			state.emitCall('Disconnected', call);
		}
		record.writtenAt = Date.now() + this.host.scale(Number(request.cdrDelaySeconds ?? 0) * 1000);
		for (let i = 0; i < Number(request.repeatDisconnected ?? 0) && live; i++) state.emitCall('Disconnected', live);
		await callbacksOf(this.host).idle();
		return record;
	}
}

export const callPlayerModule: SandboxModule = {
	name: 'callPlayer',
	setup(sandbox) {
		const player = new CallPlayer(sandbox);
		sandbox.services.callPlayer = player;
		sandbox.router.add({
			method: 'POST',
			path: '/_sandbox/calls/play',
			service: 'control',
			async handle(req) {
				const scenario = String(req.body.scenario ?? '') as Scenario;
				if (!SCENARIOS.includes(scenario)) return { status: 400, json: { Status: 'FAIL', Reason: `scenario must be one of ${SCENARIOS.join(', ')}` } };
				const record = await player.play(req.body as unknown as PlayRequest);
				return { json: { Status: 'OK', CallID: record.CallID, scenario, legs: record.legs.map((l) => l.leg) } };
			},
		});
		// Opens or closes a time rule (Check Time Rule answers from it), as an office's hours would.
		sandbox.router.add({
			method: 'POST',
			path: '/_sandbox/switch/time-rules/:id',
			service: 'control',
			handle(req) {
				const rule = adminStore(sandbox.state).timeRules.get(Number(req.params.id));
				if (!rule) return { status: 404, json: { Status: 'FAIL', Reason: 'Time rule not found' } };
				rule.closed = req.body.closed === true || req.body.closed === 'true' || req.body.closed === '1';
				return { json: { Status: 'OK', ID: Number(req.params.id), closed: rule.closed } };
			},
		});
		sandbox.router.add({
			method: 'GET',
			path: '/_sandbox/calls/played',
			service: 'control',
			handle: () => ({ json: playedRecordsOf(sandbox.state).map((r) => ({ CallID: r.CallID, Customer: r.Customer, recorded: r.recorded, legs: r.legs.map((l) => l.leg) })) }),
		});
	},
};

export function callPlayerOf(sandbox: SandboxHost): CallPlayer {
	return sandbox.services.callPlayer as CallPlayer;
}
