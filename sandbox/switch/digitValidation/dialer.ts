/**
 * Calls placed by New Call from a Digit Validation extension (switch-calls-reporting.md: New Call's
 * Extension may be "a Digit Validation"; its CustomDVData replaces the DV's URL, Method, Auth ... for
 * that call). The sandbox plays the far end with scripted phones:
 *   - busy: the call ends at once, unanswered;
 *   - no answer: the call rings for New Call's Timeout (sandbox seconds, default 25), then ends;
 *   - answer: the phone answers after its ring time, hears the DV's prompt and presses keys (scripted,
 *     or on request of the control endpoint). Each press is a Digit Validation request (Digits,
 *     ExtensionNumber, CDRCallID, CIDName, CIDNum, DID) to the DV's URL (or CustomDVData's), with the
 *     Header auth's Authorization; the answer must be "a single plain string equal to one of the options
 *     configured in the DV" (exactly: no trimming). The option's route is the DV's: hang up, or prompt
 *     again (another press). An answer that is no option, or a failed request, ends the call (the DV
 *     log's APIFail; the document shows no failure route).
 * The call's legs are readable with CDR Leg Details by CallID (Routed, Answered, Ended; Action says
 * "Busy", "No answer" or "Hangup"), so a caller can tell what happened: while the call goes on under
 * the `live` leg-details setting, only once it has ended under `afterHangup` (profiles.ts); its CDR
 * row in CDR Export (reports/placedCalls.ts) as for any placed call. The calling number (the
 * notifications', the details' and the CDR's source) is the DV extension or, under the `did` outbound
 * caller ID setting, the DID the call goes out with (New Call's CIDNum, else the extension's). Outside
 * numbers are written as the settings say (`notificationNumbers` in the notifications and in the DV
 * request, a callback of the switch like them: CIDName, CIDNum, DID; `cdrNumbers` in the details and
 * the CDR), whatever form New Call was given.
 * The scripted phones answer plain New Calls too (calls.ts: nextTurn).
 */
import { request } from 'undici';
import type { SandboxHost } from '../../contract';
import { dateTimeOf } from '../../time';
import type { ActiveCall, SwitchState } from '../state';
import { markPlacedCall, recordPlacedCall } from '../reports/placedCalls';
import { readCustomDv, substitute, type CustomDv } from './customDv';

/** A Digit Validation extension as set up in the portal: its URL, method and routing options. */
export interface DigitValidationSetup {
	Customer: number;
	ExtensionNumber: string;
	url: string;
	method: 'POST' | 'GET';
	/** Each option the DV routes by, and what its route does. */
	options: Record<string, 'hangup' | 'reprompt'>;
}

/** One call of a scripted phone. Times are real milliseconds (tests script them), not sandbox time. */
export interface PhoneTurn {
	answer: 'answer' | 'noAnswer' | 'busy';
	/** Ring time before answering (default 0). */
	ringMs?: number;
	/** Keys pressed after the answer, one press per prompt (the first after `pressAfterMs`). None: wait for the control endpoint. */
	presses?: string[];
	pressAfterMs?: number;
	/** Hang up this long after answering, whatever was pressed. */
	hangUpAfterMs?: number;
}

export interface DvPost {
	at: string;
	digits: string;
	url: string;
	method: string;
	headers: Record<string, string>;
	body: Record<string, string>;
	status?: number;
	/** The application's answer exactly as received. */
	answer?: string;
	error?: string;
	/** The option the DV routed by, and whether it is one of the DV's. */
	option?: string;
	valid: boolean;
	ms: number;
}

export type DvCallOutcome = 'ringing' | 'answered' | 'busy' | 'noAnswer' | 'failed';

export interface DvCall {
	CallID: string;
	Customer: number;
	extension: string;
	destination: string;
	cidNum: string;
	/** The calling number (the extension, or the DID under outboundCallerId `did`), before the settings' number form. */
	source: string;
	custom: CustomDv;
	outcome: DvCallOutcome;
	startedAt: number;
	answeredAt?: number;
	endedAt?: number;
	/** Where the DV routed the call last (an option), when it did. */
	routedTo?: string;
	posts: DvPost[];
}

const DEFAULT_TIMEOUT_S = 25;

export class DigitValidationSwitch {
	readonly setups = new Map<string, DigitValidationSetup>();
	readonly phones = new Map<string, PhoneTurn[]>();
	readonly calls = new Map<string, DvCall>();
	private timers = new Set<NodeJS.Timeout>();
	private pending = new Set<Promise<unknown>>();
	private closed = false;

	constructor(private readonly host: SandboxHost) {
		// The seeded system's DV (extension 510 of customer 1), with a thank-you route, a goodbye and a prompt-again.
		this.define({ Customer: 1, ExtensionNumber: '510', url: '', method: 'POST', options: { thanks: 'hangup', goodbye: 'hangup', repeat: 'reprompt' } });
		host.onClose(async () => {
			this.closed = true;
			for (const t of this.timers) clearTimeout(t);
			await Promise.allSettled([...this.pending]);
		});
	}

	define(setup: DigitValidationSetup) {
		this.setups.set(`${setup.Customer}:${setup.ExtensionNumber}`, setup);
	}

	setupOf(customer: number, extension: string): DigitValidationSetup | undefined {
		return this.setups.get(`${customer}:${extension}`);
	}

	script(number: string, turns: PhoneTurn[]) {
		this.phones.set(number, [...turns]);
	}

	/** How the phone at `number` takes the call placed to it now: its next scripted turn, undefined when unscripted. */
	nextTurn(number: string): PhoneTurn | undefined {
		return this.phones.get(number)?.shift();
	}

	private later(ms: number, fn: () => void) {
		const t = setTimeout(() => {
			this.timers.delete(t);
			if (!this.closed) fn();
		}, ms);
		t.unref();
		this.timers.add(t);
	}

	/** New Call from a DV extension: the call is live (Outgoing) and the phone's turn is played. */
	place(state: SwitchState, customer: number, setup: DigitValidationSetup, destination: string, cidNum: string, timeoutS: number | undefined, custom: unknown, digits: unknown): ActiveCall {
		const parsed = readCustomDv(custom, digits);
		const source = state.outboundCaller(customer, setup.ExtensionNumber, cidNum);
		const call = state.newCall(customer, state.inNotifications(source), state.inNotifications(destination), state.inNotifications(destination), setup.ExtensionNumber);
		state.calls.set(call.CallID, call);
		recordPlacedCall(state, call, source, String(state.findExtension(customer, setup.ExtensionNumber)?.Name ?? ''), destination);
		state.emitCall('Outgoing', call);
		const record: DvCall = {
			CallID: call.CallID,
			Customer: customer,
			extension: setup.ExtensionNumber,
			destination,
			cidNum,
			source,
			custom: parsed,
			outcome: 'ringing',
			startedAt: Date.now(),
			posts: [],
		};
		this.calls.set(call.CallID, record);
		const turn = this.nextTurn(destination) ?? { answer: 'answer' };
		const ringLimit = this.host.scale((timeoutS ?? DEFAULT_TIMEOUT_S) * 1000);
		if (turn.answer === 'busy') this.later(turn.ringMs ?? 0, () => this.end(state, record, 'busy'));
		else if (turn.answer === 'noAnswer' || (turn.ringMs ?? 0) > ringLimit) this.later(ringLimit, () => this.end(state, record, 'noAnswer'));
		else {
			this.later(turn.ringMs ?? 0, () => {
				if (record.outcome !== 'ringing') return;
				record.outcome = 'answered';
				record.answeredAt = Date.now();
				if (state.calls.has(call.CallID)) state.emitCall('Connected', call);
				if (turn.hangUpAfterMs !== undefined) this.later(turn.hangUpAfterMs, () => this.end(state, record, 'hangup'));
				const presses = [...(turn.presses ?? [])];
				const next = () => {
					const digits = presses.shift();
					if (digits === undefined) return;
					this.later(turn.pressAfterMs ?? 0, () => {
						void this.track(this.press(state, record.CallID, digits).then((post) => post?.valid && this.isLive(record) && next()));
					});
				};
				next();
			});
		}
		return call;
	}

	private track<T>(p: Promise<T>): Promise<T> {
		this.pending.add(p);
		void p.finally(() => this.pending.delete(p));
		return p;
	}

	isLive(record: DvCall) {
		return record.outcome === 'answered' && record.endedAt === undefined;
	}

	private end(state: SwitchState, record: DvCall, outcome: DvCallOutcome | 'hangup') {
		if (record.endedAt !== undefined) return;
		record.endedAt = Date.now();
		// An answered call stays 'answered' when it ends normally; a DV failure is said.
		if (outcome !== 'hangup' && (record.outcome === 'ringing' || outcome === 'failed')) record.outcome = outcome;
		if (record.outcome === 'busy') markPlacedCall(state, record.CallID, 'BUSY');
		state.endCall(record.CallID);
	}

	/** The phone on an answered call presses keys: one Digit Validation request, routed by the answer. */
	async press(state: SwitchState, callId: string, digits: string): Promise<DvPost | undefined> {
		const record = this.calls.get(callId);
		if (!record || !this.isLive(record)) return undefined;
		const setup = this.setupOf(record.Customer, record.extension)!;
		const post = await this.request(state, record, setup, digits);
		record.posts.push(post);
		if (!post.valid) {
			this.end(state, record, 'failed');
			return post;
		}
		record.routedTo = post.option;
		if (setup.options[post.option!] === 'hangup') this.end(state, record, 'hangup');
		return post;
	}

	private async request(state: SwitchState, record: DvCall, setup: DigitValidationSetup, digits: string): Promise<DvPost> {
		const custom = record.custom;
		const started = Date.now();
		const body = custom.CustomData ?? {
			Digits: digits,
			ExtensionNumber: record.extension,
			CDRCallID: record.CallID,
			CIDName: state.inNotifications(record.destination),
			CIDNum: state.inNotifications(record.destination),
			DID: state.inNotifications(record.cidNum),
		};
		const headers: Record<string, string> = { ...custom.Headers, ...(custom.authorization ? { Authorization: custom.authorization } : {}) };
		const url = custom.URL ?? substitute(setup.url, custom.vars);
		const method = custom.Method ?? setup.method;
		const base: DvPost = { at: new Date().toISOString(), digits, url, method, headers, body, valid: false, ms: 0 };
		// NoURL: the DV routes without asking anyone (CustomDVDigits' instruction for the digit, else Response).
		if (custom.NoURL || !url) {
			const option = custom.digits?.[digits] ?? custom.Response;
			return { ...base, url: '', option, valid: option !== undefined && option in setup.options };
		}
		let post: DvPost;
		try {
			const target = method === 'GET' ? `${url}${url.includes('?') ? '&' : '?'}${new URLSearchParams(body).toString()}` : url;
			const answer = await request(target, {
				method,
				headers: method === 'GET' ? headers : { 'content-type': 'application/json', ...headers },
				body: method === 'GET' ? undefined : JSON.stringify(body),
				headersTimeout: 30_000,
				bodyTimeout: 30_000,
			});
			const text = await answer.body.text();
			const succeeded = answer.statusCode >= 200 && answer.statusCode < 300;
			// Response: "special response to send when the URL request succeeded" (used instead of the answer).
			const option = succeeded ? (custom.Response ?? text) : undefined;
			post = { ...base, status: answer.statusCode, answer: text, option, valid: option !== undefined && option in setup.options };
		} catch (error) {
			post = { ...base, error: (error as Error).message };
		}
		post.ms = Date.now() - started;
		this.host.exchanges.add({
			direction: 'out',
			service: 'digitValidation',
			method,
			path: url,
			contentType: 'application/json',
			headers,
			body,
			status: post.status,
			answer: post.answer,
			error: post.error,
		});
		return post;
	}

	/**
	 * CDR Leg Details of one of these calls (switch-calls-reporting.md, Call leg detail); undefined
	 * when the switch does not know it (yet): another customer's, or a call still going on under the
	 * `afterHangup` leg-details setting.
	 */
	details(state: SwitchState, callId: string, customer: number): Array<Record<string, string>> | undefined {
		const record = this.calls.get(callId);
		if (!record || record.Customer !== customer) return undefined;
		if (state.settings.legDetails === 'afterHangup' && record.endedAt === undefined) return undefined;
		const seconds = (ms: number) => String(Math.round((ms - record.startedAt) / 1000));
		const rows = [
			{ StartTime: dateTimeOf(record.startedAt), Duration: '', Action: `Call from ${state.inRecords(record.source)} routed to ${state.inRecords(record.destination)}`, State: 'Routed', Recording: '' },
		];
		if (record.answeredAt !== undefined) {
			rows.push({ StartTime: dateTimeOf(record.answeredAt), Duration: seconds(record.answeredAt), Action: `Answered by ${state.inRecords(record.destination)}`, State: 'Answered', Recording: '' });
		}
		if (record.endedAt !== undefined) {
			const action = record.outcome === 'busy' ? 'Busy' : record.outcome === 'noAnswer' ? 'No answer' : record.outcome === 'failed' ? 'Digit Validation failed' : 'Hangup';
			rows.push({ StartTime: dateTimeOf(record.endedAt), Duration: seconds(record.endedAt), Action: action, State: 'Ended', Recording: '' });
		}
		return rows;
	}
}

/** One per switch state: New Call and CDR Leg Details (which get only the state) find it here. */
const bySwitch = new WeakMap<SwitchState, DigitValidationSwitch>();

export function attachDigitValidation(state: SwitchState, dv: DigitValidationSwitch) {
	bySwitch.set(state, dv);
}

export function digitValidationOf(state: SwitchState): DigitValidationSwitch | undefined {
	return bySwitch.get(state);
}
