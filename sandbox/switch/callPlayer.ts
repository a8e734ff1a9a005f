/**
 * The sandbox plays whole calls, the way a caller and the switch would, so the call events (Missed
 * Call, Call Ended, New Recording) can be tried and tested end to end:
 *
 *   POST /_sandbox/calls/play {"scenario":"missed"|"answered"|"busy"|"recorded"|"transferred"
 *                                        |"outboundUnanswered"|"outboundAnswered", ...}
 *
 * Inbound, into a DID: a call rings an extension and ends unanswered (missed: Disposition NOANSWER),
 * is refused busy (BUSY), is answered and talks (answered: ANSWERED; recorded: the same, with a
 * recording), or is answered then transferred to a second extension (two legs, the first
 * TRANSFERRED). Outbound, from an extension to an outside number (`To`): it rings unanswered
 * (NOANSWER) or is answered; its first notification is `Outgoing`, not `Incoming`.
 *
 * What the documents leave open follows the switch settings in force (profiles.ts, state.settings):
 * - `outboundCallerId`: an outbound call's SourceNumber is the extension, or its caller ID DID (the
 *   extension record's CIDNum: New Call's CIDNum "must be a DID on the customer's account");
 * - `unansweredEndsIn`: a missed call ends there (NOANSWER), or goes on to a leg of its own, ANSWERED
 *   with a ConnectTime: the extension's voicemail box (the box with the extension's number or name;
 *   the caller leaves a message of `messageSeconds`), an auto-attendant (AUTO_ATTENDANT, a feature
 *   and no extension: New Call's "another feature such as an IVR") or the customer's first queue
 *   (the caller waits, then hangs up);
 * - `notificationNumbers` / `cdrNumbers`: an outside number is written 10 digits, 11 or +1 in the
 *   notifications and, separately, in the CDR and leg details (writeNumber);
 * - `disconnectNotifications`: `perLeg` sends each leg's Disconnected as it ends while the call goes
 *   on; `atEnd` sends them all once the call is over;
 * - `legDetails` and `cdrExport`: when the records can be read (reports/playedCalls.ts).
 * As it goes, the SIP POST (and monitoring) notifications go to the configured URLs (callbacks.ts),
 * each leg's own numbers and channels. When it ends, its records are written at once or
 * `cdrDelaySeconds` later; `repeatDisconnected` sends the last Disconnected again, as a switch that
 * repeats itself would. Durations are sandbox seconds (scaled by timeScale); the CDR says them as
 * they would be. The answer comes once the call is over and every notification was answered.
 */
import type { SandboxHost, SandboxModule } from '../contract';
import { dateTimeOf } from '../time';
import { callbacksOf } from './callbacks';
import type { LegFacts } from './reports/cdr';
import { playedRecordsOf, type PlayedRecord } from './reports/playedCalls';
import { adminStore } from './admin/store';
import type { ActiveCall, SwitchState } from './state';

export const SCENARIOS = ['missed', 'answered', 'busy', 'recorded', 'transferred', 'outboundUnanswered', 'outboundAnswered'] as const;
export type Scenario = (typeof SCENARIOS)[number];

/** The auto-attendant an unanswered call goes on to under `unansweredEndsIn: 'ivr'`: a feature, not an extension. */
export const AUTO_ATTENDANT = { number: '8500', name: 'Auto Attendant' };

export interface PlayRequest {
	scenario: Scenario;
	Customer?: number;
	/** Inbound: the caller's number and name. */
	From?: string;
	CallerName?: string;
	/** Inbound: the DID dialed, and the extension it rings (and, for a transfer, the one it goes on to). Outbound: the calling extension. */
	DID?: string;
	Extension?: string;
	TransferTo?: string;
	/** Outbound: the outside number called. */
	To?: string;
	ringSeconds?: number;
	talkSeconds?: number;
	/** The message left in a voicemail box (unansweredEndsIn voicemail), sandbox seconds. */
	messageSeconds?: number;
	/** The CDR is written this long after the hang-up (sandbox seconds). */
	cdrDelaySeconds?: number;
	/** How many more times the last Disconnected is sent. */
	repeatDisconnected?: number;
}

interface Party {
	number: string;
	name: string;
}

interface PlannedLeg {
	to: Party;
	ringS: number;
	talkS: number;
	disposition: 'ANSWERED' | 'NOANSWER' | 'BUSY' | 'TRANSFERRED';
}

const isOutbound = (s: Scenario) => s === 'outboundUnanswered' || s === 'outboundAnswered';

/** What picks up an unanswered call to `extension` under the settings, if anything does. */
function pickUp(state: SwitchState, customer: number, extension: Party, messageS: number): PlannedLeg | undefined {
	switch (state.settings.unansweredEndsIn) {
		case 'voicemail': {
			const boxes = [...adminStore(state).voicemail.values()].filter((b) => b.Customer === customer);
			const box = boxes.find((b) => b.ExtensionNumber === extension.number) ?? boxes.find((b) => b.Name === extension.name);
			return box ? { to: { number: String(box.ExtensionNumber), name: String(box.Name ?? '') }, ringS: 0, talkS: messageS, disposition: 'ANSWERED' } : undefined;
		}
		case 'ivr':
			return { to: AUTO_ATTENDANT, ringS: 0, talkS: 15, disposition: 'ANSWERED' };
		case 'queue': {
			const queue = [...state.queues.values()].find((q) => q.Customer === customer);
			return queue ? { to: { number: queue.Ext, name: queue.Name }, ringS: 0, talkS: 30, disposition: 'ANSWERED' } : undefined;
		}
		default:
			return undefined;
	}
}

const wait = (host: SandboxHost, sandboxMs: number) => new Promise((resolve) => setTimeout(resolve, host.scale(sandboxMs)));

export class CallPlayer {
	constructor(private readonly host: SandboxHost) {}

	async play(request: PlayRequest): Promise<PlayedRecord> {
		const { state } = this.host;
		const settings = state.settings;
		const scenario = request.scenario;
		if (!SCENARIOS.includes(scenario)) throw new Error(`scenario must be one of ${SCENARIOS.join(', ')}`);
		const customer = Number(request.Customer ?? 1);
		const ringS = Number(request.ringSeconds ?? 6);
		const talkS = Number(request.talkSeconds ?? 45);
		const party = (number: string): Party => ({ number, name: String(state.findExtension(customer, number)?.Name ?? '') });
		const extension = party(String(request.Extension ?? '201'));
		const outbound = isOutbound(scenario);
		let caller: Party;
		let dialed: string;
		let legs: PlannedLeg[];
		if (outbound) {
			const to = { number: String(request.To ?? '4385550142'), name: '' };
			caller = { number: state.outboundCaller(customer, extension.number), name: extension.name };
			dialed = to.number;
			legs = [scenario === 'outboundAnswered' ? { to, ringS, talkS, disposition: 'ANSWERED' } : { to, ringS, talkS: 0, disposition: 'NOANSWER' }];
		} else {
			caller = { number: String(request.From ?? '5145550199'), name: String(request.CallerName ?? 'Jean Dupuis') };
			dialed = String(request.DID ?? [...state.dids.values()].find((d) => d.CustID === customer)?.DID ?? '5145550100');
			switch (scenario) {
				case 'missed': {
					const box = pickUp(state, customer, extension, Number(request.messageSeconds ?? 20));
					legs = [{ to: extension, ringS, talkS: 0, disposition: 'NOANSWER' }, ...(box ? [box] : [])];
					break;
				}
				case 'busy':
					legs = [{ to: extension, ringS: 0, talkS: 0, disposition: 'BUSY' }];
					break;
				case 'transferred':
					legs = [
						{ to: extension, ringS, talkS, disposition: 'TRANSFERRED' },
						{ to: party(String(request.TransferTo ?? '202')), ringS: Math.min(ringS, 5), talkS, disposition: 'ANSWERED' },
					];
					break;
				default:
					legs = [{ to: extension, ringS, talkS, disposition: 'ANSWERED' }];
			}
		}
		// Outside numbers as the switch writes them: one form in the notifications, one in the records.
		const inNotification = (n: string) => state.inNotifications(n);
		const inRecords = (n: string) => state.inRecords(n);
		// An outbound call goes out on the extension's line, whichever number it is written with.
		const placedBy = outbound ? extension.number : undefined;
		const base = state.newCall(customer, inNotification(caller.number), inNotification(legs[0].to.number), inNotification(dialed), placedBy);
		const startMs = Math.floor(Date.now() / 1000) * 1000;
		const record: PlayedRecord = {
			CallID: base.CallID,
			Customer: customer,
			index: -1,
			startMs,
			legs: [],
			legWrittenAt: [],
			writtenAt: Number.POSITIVE_INFINITY,
			recorded: scenario === 'recorded' || scenario === 'transferred',
		};
		playedRecordsOf(state).push(record);
		let t = startMs;
		let live: ActiveCall | undefined;
		const ended: ActiveCall[] = [];
		for (const [k, leg] of legs.entries()) {
			// Each leg its own channels; the CallID stays the call's.
			const legDialed = k === 0 ? dialed : leg.to.number;
			const call: ActiveCall = { ...state.newCall(customer, inNotification(caller.number), inNotification(leg.to.number), inNotification(legDialed), placedBy), CallID: base.CallID };
			state.calls.set(call.CallID, call);
			live = call;
			const cdrLeg = {
				LegID: `${base.CallID.split('.')[1]}${k + 1}`,
				StartTime: dateTimeOf(t),
				ConnectTime: '',
				EndTime: '',
				SourceName: caller.name,
				SourceNumber: inRecords(caller.number),
				DestinationName: leg.to.name,
				DestinationNumber: inRecords(leg.to.number),
				Disposition: leg.disposition,
				DialedNumber: inRecords(legDialed),
				SourceType: outbound ? '1' : '2',
				DestinationType: outbound ? '2' : '1',
				CallCode: '',
			};
			record.inProgress = { leg: cdrLeg, startMs: t };
			if (k === 0) state.emitCall(outbound ? 'Outgoing' : 'Incoming', call);
			const answered = leg.disposition === 'ANSWERED' || leg.disposition === 'TRANSFERRED';
			await wait(this.host, leg.ringS * 1000);
			const connectMs = answered ? t + leg.ringS * 1000 : undefined;
			if (answered) {
				cdrLeg.ConnectTime = dateTimeOf(connectMs!);
				record.inProgress = { leg: cdrLeg, startMs: t, connectMs };
				state.emitCall('Connected', call);
				await wait(this.host, leg.talkS * 1000);
			}
			const endMs = t + leg.ringS * 1000 + (answered ? leg.talkS * 1000 : 0);
			cdrLeg.EndTime = dateTimeOf(endMs);
			const facts: LegFacts = { startMs: t, connectMs, endMs, sourceChannel: call.SourceChannel, destinationChannel: call.DestinationChannel, leg: cdrLeg };
			record.legs.push(facts);
			record.legWrittenAt.push(Date.now());
			record.inProgress = undefined;
			t = endMs;
			if (k === legs.length - 1) state.calls.delete(call.CallID);
			if (settings.disconnectNotifications === 'perLeg') state.emitCall('Disconnected', call);
			else ended.push(call);
		}
		state.calls.delete(base.CallID);
		for (const call of ended) state.emitCall('Disconnected', call);
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
