/** CDR Export, CDR Leg Details and Call Recording, answered from the generated call records. */
import { customerOf, ok, required, type ApiContext } from '../api';
import { reportFunctions } from './functions';
import { Fail, REASONS } from '../fail';
import type { Call, Leg } from './cdr';
import { findPlayedCall, findRecordedCall, isRecorded, playedCallForDetails, recordedCallCountBetween as callCountBetween, recordedCallsBetween as callsBetween } from './playedCalls';
import { batched, StreamedJson } from '../../http/streamed';
import { reportsOf } from './config';
import { token } from './random';
import { rangeOf } from './range';
import { digitValidationOf } from '../digitValidation/dialer';
import { dateTimeOf, hhmmss } from '../../time';

/** Above this many calls an answer is streamed, not built: a million-leg day is never held. */
export const STREAM_ABOVE_CALLS = 500;

/** As the switch does: several legs are an array, a single leg is the object itself. */
const legsOf = (call: Call) => (call.legs.length === 1 ? call.legs[0].leg : call.legs.map((l) => l.leg));

reportFunctions.register('cdrexport', (ctx) => {
	const customer = customerOf(ctx);
	const { from, to } = rangeOf(ctx, 'DateStart', 'DateEnd');
	const count = callCountBetween(ctx.state, customer, from, to);
	if (!count) throw new Fail(REASONS.noRecords);
	if (count > STREAM_ABOVE_CALLS) {
		const state = ctx.state;
		return new StreamedJson({ Status: 'OK', streamed: `${count} calls, sent as made and not kept` }, function* () {
			yield* batched(
				(function* () {
					yield '{"Status":"OK"';
					for (const call of callsBetween(state, customer, from, to)) yield `,${JSON.stringify(call.CallID)}:${JSON.stringify(legsOf(call))}`;
					yield '}';
				})(),
			);
		});
	}
	const answer: Record<string, unknown> = { Status: 'OK' };
	let calls = 0;
	for (const call of callsBetween(ctx.state, customer, from, to)) {
		answer[call.CallID] = legsOf(call);
		calls++;
	}
	if (!calls) throw new Fail(REASONS.noRecords);
	return answer;
});

function callOf(ctx: ApiContext): Call {
	const customer = customerOf(ctx);
	const call = findRecordedCall(ctx.state, customer, required(ctx, 'CallID'));
	if (!call) throw new Fail(REASONS.unknownCall);
	return call;
}

export function recordingFile(call: Call, portion: number): string {
	return `${call.CallID}-${portion}.mp3`;
}

/** The download link of a portion: a token stands in for the switch's signed links. */
export function recordingToken(seed: number, callId: string, portion: number): string {
	const [unix, sequence] = callId.split('.').map(Number);
	return token(seed, unix, sequence, portion, 11);
}

/** The Routed row of a leg, its Answered row once connected (the recording's name), its Ended row once over. */
function detailRows(leg: Leg, startMs: number, connectMs: number | undefined, endMs: number | undefined, recording: string): Array<Record<string, string>> {
	const rows = [{ StartTime: leg.StartTime, Duration: '', Action: `Call from ${leg.SourceNumber} routed to ${leg.DestinationNumber}`, State: 'Routed', Recording: '' }];
	if (connectMs !== undefined) {
		rows.push({
			StartTime: leg.ConnectTime,
			Duration: String(Math.round((connectMs - startMs) / 1000)),
			Action: `Answered by ${leg.DestinationName || leg.DestinationNumber}`,
			State: 'Answered',
			Recording: recording,
		});
	}
	if (endMs !== undefined) {
		rows.push({
			StartTime: leg.EndTime,
			Duration: String(Math.round((endMs - startMs) / 1000)),
			Action: leg.Disposition === 'TRANSFERRED' ? `Transferred by ${leg.DestinationNumber}` : 'Hangup',
			State: 'Ended',
			Recording: '',
		});
	}
	return rows;
}

reportFunctions.register('cdrlegdetailsapi', (ctx) => {
	// A call a Digit Validation placed in this sandbox (digitValidation/dialer.ts) has its own legs.
	const dvDetails = digitValidationOf(ctx.state)?.details(ctx.state, required(ctx, 'CallID'), customerOf(ctx));
	if (dvDetails) return ok({ Details: dvDetails });
	// A played call: during the call too when leg details are live (profiles.ts).
	const played = playedCallForDetails(ctx.state, customerOf(ctx), required(ctx, 'CallID'));
	const call = played ?? callOf(ctx);
	const Details: Array<Record<string, string>> = [];
	let portion = 0;
	for (const { leg, startMs, connectMs, endMs } of call.legs) {
		if (connectMs !== undefined) portion++;
		Details.push(...detailRows(leg, startMs, connectMs, endMs, connectMs !== undefined && isRecorded(call) ? recordingFile(call, portion) : ''));
	}
	const going = played && !findPlayedCall(ctx.state, played.CallID) ? played.inProgress : undefined;
	if (going) Details.push(...detailRows(going.leg, going.startMs, going.connectMs, undefined, going.connectMs !== undefined && isRecorded(call) ? recordingFile(call, portion + 1) : ''));
	if (!Details.length) throw new Fail(REASONS.unknownCall);
	return ok({ Details });
});

reportFunctions.register('recording', (ctx) => {
	const call = callOf(ctx);
	const data = reportsOf(ctx.state);
	const answered = isRecorded(call) ? call.legs.filter((l) => l.connectMs !== undefined) : [];
	if (!answered.length) throw new Fail(REASONS.noRecords);
	const Recording = answered.map((l, i) => {
		const portion = i + 1;
		const t = recordingToken(data.config.seed, call.CallID, portion);
		return {
			StartTime: dateTimeOf(l.connectMs!),
			EndTime: l.leg.EndTime,
			Duration: hhmmss((l.endMs - l.connectMs!) / 1000),
			SourceName: l.leg.SourceName,
			SourceNumber: l.leg.SourceNumber,
			SourceChannel: l.sourceChannel,
			DestinationName: l.leg.DestinationName,
			DestinationNumber: l.leg.DestinationNumber,
			DestinationChannel: l.destinationChannel,
			URL: `${data.baseUrl()}/recordings/${encodeURIComponent(call.CallID)}/${portion}.mp3?t=${t}`,
		};
	});
	return ok({ Recording });
});
