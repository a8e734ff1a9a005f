/**
 * Call records of the calls New Call places (calls.ts, and the Digit Validation's dialer), beside
 * the played calls': the same record (playedCalls.ts), so CDR Export and CDR Leg Details answer for
 * them as for any call, at the times the switch settings say (profiles.ts: `legDetails`,
 * `cdrExport`). One leg, from the caller (the extension or its caller ID DID, `outboundCallerId`) to
 * the destination, numbers in the records' form (`cdrNumbers`): its ConnectTime when the call's
 * Connected goes out, its end and Disposition when its Disconnected does (ANSWERED once connected,
 * else NOANSWER, or what the placing code marked: BUSY). Placed calls are not recorded.
 */
import { dateTimeOf } from '../../time';
import type { ActiveCall, CallEvent, SwitchState } from '../state';
import { playedRecordsOf, type PlayedRecord } from './playedCalls';

interface Placed {
	record: PlayedRecord;
	disposition?: string;
}

const byState = new WeakMap<SwitchState, Map<string, Placed>>();

function placedOf(state: SwitchState): Map<string, Placed> {
	let placed = byState.get(state);
	if (!placed) {
		const map = new Map<string, Placed>();
		byState.set(state, (placed = map));
		state.on('call', (event: CallEvent) => {
			const entry = map.get(event.call.CallID);
			if (!entry) return;
			const going = entry.record.inProgress!;
			if (event.Event === 'Connected' && going.connectMs === undefined) {
				going.connectMs = Date.now();
				going.leg.ConnectTime = dateTimeOf(going.connectMs);
			} else if (event.Event === 'Disconnected') {
				map.delete(event.call.CallID);
				const endMs = Date.now();
				going.leg.EndTime = dateTimeOf(endMs);
				going.leg.Disposition = entry.disposition ?? (going.connectMs !== undefined ? 'ANSWERED' : 'NOANSWER');
				const record = entry.record;
				record.legs.push({ leg: going.leg, startMs: going.startMs, connectMs: going.connectMs, endMs, sourceChannel: event.call.SourceChannel, destinationChannel: event.call.DestinationChannel });
				record.legWrittenAt.push(endMs);
				record.inProgress = undefined;
				record.writtenAt = endMs;
			}
		});
	}
	return placed;
}

/**
 * Starts the record of a call New Call placed, before its first notification goes out. `caller` and
 * `destination` as dialled (any form: written here in the records' form); `callerName` the
 * extension's name.
 */
export function recordPlacedCall(state: SwitchState, call: ActiveCall, caller: string, callerName: string, destination: string): PlayedRecord {
	const startMs = Date.now();
	const leg = {
		LegID: `${call.CallID.split('.')[1]}1`,
		StartTime: dateTimeOf(startMs),
		ConnectTime: '',
		EndTime: '',
		SourceName: callerName,
		SourceNumber: state.inRecords(caller),
		DestinationName: String(state.findExtension(call.Customer, destination)?.Name ?? ''),
		DestinationNumber: state.inRecords(destination),
		Disposition: '',
		DialedNumber: state.inRecords(destination),
		SourceType: '1',
		DestinationType: state.findExtension(call.Customer, destination) ? '1' : '2',
		CallCode: '',
	};
	const record: PlayedRecord = {
		CallID: call.CallID,
		Customer: call.Customer,
		index: -1,
		startMs: Math.floor(startMs / 1000) * 1000,
		legs: [],
		legWrittenAt: [],
		writtenAt: Number.POSITIVE_INFINITY,
		inProgress: { leg, startMs },
		recorded: false,
	};
	playedRecordsOf(state).push(record);
	placedOf(state).set(call.CallID, { record });
	return record;
}

/** How a placed call still going on will end, when not by the default rule (a busy line: BUSY). */
export function markPlacedCall(state: SwitchState, callId: string, disposition: string) {
	const entry = placedOf(state).get(callId);
	if (entry) entry.disposition = disposition;
}
