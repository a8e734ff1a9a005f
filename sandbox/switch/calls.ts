/**
 * Call-control functions of switch-calls-reporting.md, acting on the live state: New Call creates an
 * active call whose channels Hold, Transfer and DTMF act on and List Active Calls shows.
 */
import { hhmmss } from '../time';
import { customerOf, extensionOf, functionTable, has, numeric, ok, required, text, type ApiContext } from './api';
import { Fail, REASONS } from './fail';
import type { ActiveCall, CallEvent, SwitchState } from './state';
import { digitValidationOf } from './digitValidation/dialer';
import { markPlacedCall, recordPlacedCall } from './reports/placedCalls';

/** The call-control functions of switch-calls-reporting.md. */
const calls = functionTable('calls');
export const callsModule = calls.module;

/** How soon an unscripted phone answers a placed call, and how long it then talks before hanging up (sandbox ms). */
export const callTiming = { answerAfterMs: 50, durationMs: 10 * 60 * 1000 };
/** New Call's Timeout when none is given (switch-calls-reporting.md: "default 25"), seconds. */
export const NEW_CALL_TIMEOUT_S = 25;

function listCall(c: ActiveCall) {
	return {
		CallID: c.CallID,
		SourceNumber: c.SourceNumber,
		SourceChannel: c.SourceChannel,
		DestinationNumber: c.DestinationNumber,
		DestinationChannel: c.DestinationChannel,
		Duration: hhmmss((Date.now() - c.startedAt) / 1000),
	};
}

function callOnChannel(ctx: ApiContext, customer: number): { call: ActiveCall; channel: string } {
	const channel = required(ctx, 'Channel');
	const call = ctx.state.findCallByChannel(channel, customer);
	if (!call) throw new Fail(REASONS.unknownChannel);
	return { call, channel };
}

/**
 * A call going out to `destination`, live at once (Outgoing). `source` is the number it is written
 * with (the extension, or its caller ID DID: SwitchState.outboundCaller), `placedBy` the extension
 * whose line it goes out on; both numbers in the notifications' form (profiles.ts). The far end
 * answers as its phone is scripted (digitValidation/dialer.ts, POST /_sandbox/digit-validation/phone:
 * busy, no answer within `timeoutS`, or an answer after its ring time, hanging up after
 * `hangUpAfterMs`), unscripted it answers at once and talks for `callTiming.durationMs`. New Call's
 * calls have records (reports/placedCalls.ts); a transfer's new leg (`record` false) has none.
 */
export function placeCall(
	ctx: ApiContext,
	customer: number,
	source: string,
	destination: string,
	dialed = destination,
	{ placedBy, timeoutS, record = false }: { placedBy?: string; timeoutS?: number; record?: boolean } = {},
): ActiveCall {
	const state = ctx.state;
	const call = state.newCall(customer, state.inNotifications(source), state.inNotifications(destination), state.inNotifications(dialed), placedBy);
	// Headers queued by Add Header apply to the next outbound call that matches them (the source as the extension or its caller ID).
	const matching = state.pendingHeaders.filter(
		(h) => (!h.srcnumber || h.srcnumber === source || h.srcnumber === placedBy) && (!h.dstnumber || h.dstnumber === destination),
	);
	call.headers = matching.map((h) => ({ name: h.name, value: h.value }));
	state.pendingHeaders = state.pendingHeaders.filter((h) => !matching.includes(h));
	state.calls.set(call.CallID, call);
	if (record) recordPlacedCall(state, call, source, String(state.findExtension(customer, placedBy ?? source)?.Name ?? ''), destination);
	state.emitCall('Outgoing', call);
	const later = (sandboxMs: number, fn: () => void) => setTimeout(fn, ctx.scale(sandboxMs)).unref();
	const hangUp = () => state.endCall(call.CallID);
	const turn = digitValidationOf(state)?.nextTurn(destination);
	if (turn?.answer === 'busy') {
		markPlacedCall(state, call.CallID, 'BUSY');
		setTimeout(hangUp, turn.ringMs ?? 0).unref();
		return call;
	}
	const ringLimitMs = (timeoutS ?? NEW_CALL_TIMEOUT_S) * 1000;
	if (turn && (turn.answer === 'noAnswer' || (turn.ringMs ?? 0) > ctx.scale(ringLimitMs))) {
		later(ringLimitMs, hangUp);
		return call;
	}
	const answer = () => {
		if (!state.calls.has(call.CallID)) return;
		state.emitCall('Connected', call);
		if (turn?.hangUpAfterMs !== undefined) setTimeout(hangUp, turn.hangUpAfterMs).unref();
		else later(callTiming.durationMs, hangUp);
	};
	if (turn) setTimeout(answer, turn.ringMs ?? 0).unref();
	else later(callTiming.answerAfterMs, answer);
	return call;
}

/**
 * Resolves once the call has started (the far end answered: Connected) or has ended unanswered
 * (Disconnected), or when the sandbox closes: what a New Call with WaitForStart `1` waits for under
 * the `answered` reading of "WaitForStart" (profiles.ts `newCallAnswers`).
 */
function untilStarted(state: SwitchState, callId: string, closing?: AbortSignal): Promise<void> {
	if (!state.calls.has(callId) || closing?.aborted) return Promise.resolve();
	return new Promise((resolve) => {
		const done = () => {
			state.off('call', onCall);
			closing?.removeEventListener('abort', done);
			resolve();
		};
		const onCall = (event: CallEvent) => {
			if (event.call.CallID === callId && (event.Event === 'Connected' || event.Event === 'Disconnected')) done();
		};
		state.on('call', onCall);
		closing?.addEventListener('abort', done);
	});
}

/**
 * New Call's answer: with WaitForStart `0` at once and Status only; with `1` (the default) the CallID
 * and Channel, at once (`placed`) or once the call started or ended (`answered`).
 */
async function newCallReply(ctx: ApiContext, call: { CallID: string; SourceChannel: string }) {
	if (text(ctx, 'WaitForStart') === '0') return ok();
	if (ctx.state.settings.newCallAnswers === 'answered') await untilStarted(ctx.state, call.CallID, ctx.closing);
	return ok({ CallID: call.CallID, Channel: call.SourceChannel });
}

calls.register('newcall', async (ctx) => {
	const customer = customerOf(ctx);
	const extension = extensionOf(ctx, customer, 'Extension', true);
	const destination = numeric(required(ctx, 'Destination'));
	const timeout = text(ctx, 'Timeout');
	if (timeout !== undefined) numeric(timeout);
	const cidNum = text(ctx, 'CIDNum');
	if (cidNum !== undefined) numeric(cidNum);
	const timeoutS = timeout === undefined ? undefined : Number(timeout);
	// From a Digit Validation extension, the DV calls the destination (digitValidation/dialer.ts).
	const dv = digitValidationOf(ctx.state)?.setupOf(customer, extension.ExtensionNumber);
	if (dv) {
		const dvCall = digitValidationOf(ctx.state)!.place(ctx.state, customer, dv, destination, cidNum ?? extension.CIDNum, timeoutS, ctx.body.CustomDVData, ctx.body.CustomDVDigits);
		return await newCallReply(ctx, dvCall);
	}
	const caller = ctx.state.outboundCaller(customer, extension.ExtensionNumber, cidNum);
	const call = placeCall(ctx, customer, caller, destination, destination, { placedBy: extension.ExtensionNumber, timeoutS, record: true });
	if (has(ctx, 'CustomDVData') || has(ctx, 'CustomDVDigits')) {
		(call as ActiveCall & { customDV?: unknown }).customDV = {
			CustomDVData: ctx.body.CustomDVData,
			CustomDVDigits: ctx.body.CustomDVDigits,
		};
	}
	return await newCallReply(ctx, call);
});

calls.register('holdcall', (ctx) => {
	const { call, channel } = callOnChannel(ctx, customerOf(ctx));
	if (!call.held.includes(channel)) call.held.push(channel);
	return ok();
});

calls.register('transfercall', (ctx) => {
	const customer = customerOf(ctx);
	const { call, channel } = callOnChannel(ctx, customer);
	const destination = numeric(required(ctx, 'Destination'));
	// The party on Channel is connected to Destination; the other leg is dropped.
	const keepSource = call.SourceChannel === channel;
	const party = keepSource ? call.SourceNumber : call.DestinationNumber;
	ctx.state.calls.delete(call.CallID);
	ctx.state.emitCall('Disconnected', call);
	placeCall(ctx, customer, party, destination, destination, { placedBy: keepSource ? call.placedBy : undefined });
	return ok();
});

calls.register('dtmf', (ctx) => {
	const customer = customerOf(ctx);
	const tone = required(ctx, 'Tone');
	if (!/^[0-9*#]+$/.test(tone)) throw new Fail(REASONS.notNumeric);
	const { call, channel } = callOnChannel(ctx, customer);
	call.dtmf.push({ Channel: channel, Tone: tone });
	return ok();
});

calls.register('monitor', (ctx) => {
	const customer = customerOf(ctx);
	const extension = extensionOf(ctx, customer, 'Extension', true);
	const enabled = required(ctx, 'Enabled');
	if (enabled !== '1' && enabled !== '0') throw new Fail(REASONS.notNumeric);
	const key = `${customer}:${extension.ExtensionNumber}`;
	if (enabled === '1') ctx.state.monitored.add(key);
	else ctx.state.monitored.delete(key);
	return ok();
});

calls.register('managecid', (ctx) => {
	const customer = customerOf(ctx);
	const type = text(ctx, 'Type');
	if (type !== 'addedit' && type !== 'del') throw new Fail(REASONS.noType);
	// No form is stated for CID: any caller ID the user gives is a route key.
	const cid = required(ctx, 'CID');
	const key = `${customer}:${cid}`;
	if (type === 'del') {
		if (!ctx.state.cidRoutes.delete(key)) throw new Fail(REASONS.noRecords);
		return ok({ Message: `Caller ID route ${cid} deleted` });
	}
	const extension = extensionOf(ctx, customer);
	const existed = ctx.state.cidRoutes.has(key);
	ctx.state.cidRoutes.set(key, { Customer: customer, CID: cid, Extension: extension.ExtensionNumber });
	return ok({ Message: `Caller ID route ${cid} ${existed ? 'updated' : 'added'}` });
});

calls.register('addheader', (ctx) => {
	const src = text(ctx, 'srcnumber');
	const dst = text(ctx, 'dstnumber');
	if (src === undefined && dst === undefined) throw new Fail(REASONS.noSourceOrDestination);
	const name = required(ctx, 'header-name');
	const value = required(ctx, 'value');
	ctx.state.pendingHeaders.push({ srcnumber: src, dstnumber: dst, name, value });
	return ok();
});

calls.register('fax', (ctx) => {
	const customer = customerOf(ctx);
	const to = required(ctx, 'To');
	const from = required(ctx, 'From');
	numeric(to.replace(/^\+/, ''));
	numeric(from.replace(/^\+/, ''));
	const file = text(ctx, 'File');
	if (!file) throw new Fail(REASONS.noFile);
	let bytes: number | undefined;
	const dataUri = /^data:application\/pdf;base64,(.*)$/s.exec(file);
	if (dataUri) {
		const pdf = Buffer.from(dataUri[1], 'base64');
		if (pdf.subarray(0, 5).toString('latin1') !== '%PDF-') throw new Fail(REASONS.noFile);
		bytes = pdf.length;
	}
	ctx.state.faxes.push({ Customer: customer, To: to, From: from, File: dataUri ? '(data URI)' : file, bytes, at: new Date().toISOString() });
	return ok();
});

calls.register('scheduledqueuecallback', (ctx) => {
	const customer = customerOf(ctx);
	const queueID = numeric(required(ctx, 'queueID'));
	// "Number (number to dial)": no form stated.
	const number = required(ctx, 'Number');
	const queue = ctx.state.queues.get(Number(queueID));
	if (!queue || queue.Customer !== customer) throw new Fail(REASONS.queueError);
	ctx.state.callbacks.push({ Customer: customer, queueID, Number: number, CIDName: text(ctx, 'CIDName'), at: new Date().toISOString() });
	return ok({ Message: `Callback to ${number} scheduled in queue ${queue.Name}` });
});

calls.register('listactivecalls', (ctx) => {
	const customer = customerOf(ctx);
	const calls = [...ctx.state.calls.values()].filter((c) => c.Customer === customer).map(listCall);
	return ok({ Calls: calls });
});

calls.register('calleridrequest', (ctx) => {
	const customer = customerOf(ctx);
	const extension = extensionOf(ctx, customer);
	const call = [...ctx.state.calls.values()].find(
		(c) => c.Customer === customer && c.DestinationNumber === extension.ExtensionNumber,
	);
	if (!call) return ok({ Message: 'No data available' });
	return ok({
		CallID: call.CallID,
		DailedNumber: call.DialedNumber,
		IVROption: '-1',
		CallerNumber: call.SourceNumber,
		CallerName: call.SourceNumber,
	});
});
