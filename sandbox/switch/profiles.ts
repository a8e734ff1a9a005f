/**
 * What the switch documents leave open, as named settings of the sandbox's switch. Each setting is
 * one reading the documents equally allow; a named profile is a set of them. The package must be
 * right under every profile, so tests run under each (test/helpers/switchProfiles.ts lists them).
 *
 * Written from the documents alone (../shared/spec/switch-calls-reporting.md, switch-management.md):
 * nothing here may import from nodes/. Where a setting names a document passage, that passage is
 * what leaves the question open.
 *
 * Set at start (`new Sandbox({ switchProfile: 'afterHangup' })`, `--switch-profile=NAME` on the CLI)
 * or while running: `POST /_sandbox/switch/profile {"name":"afterHangup"}` or
 * `{"settings":{"legDetails":"afterHangup"}}` (merged over the current settings);
 * `GET /_sandbox/switch/profile` says what is in force.
 */

export interface SwitchSettings {
	/**
	 * When CDR Leg Details (`cdrlegdetailsapi`) knows a call: `live` answers for a call still going
	 * on (each leg's rows as they happen); `afterHangup` answers `Unknown CallID` until the whole
	 * call has ended and its records are written.
	 */
	legDetails: 'live' | 'afterHangup';
	/**
	 * When SIP POST `Disconnected` notifications go out for a call of several legs (a transfer):
	 * `perLeg` as each leg ends, while the call goes on; `atEnd` all together once the call is over.
	 */
	disconnectNotifications: 'perLeg' | 'atEnd';
	/**
	 * When CDR Export (`cdrapi`) holds a leg: `legEnded` as soon as that leg ended, while the call
	 * may go on; `callEnded` only once the whole call is over.
	 */
	cdrExport: 'legEnded' | 'callEnded';
	/**
	 * The caller ID an outbound call (New Call, the Digit Validation's dialer, a played outbound call)
	 * is written with, in the notifications' and the CDR's SourceNumber: the calling `extension`, or
	 * the `did` the New Call document says CIDNum defaults to (the extension's, "must be a DID"); the
	 * call goes out on the extension's channel either way (SwitchState.outboundCaller).
	 */
	outboundCallerId: 'extension' | 'did';
	/**
	 * An outbound call whose caller ID is a DID (outboundCallerId `did`), in the SIP POST
	 * notifications' SourceNumber: the `callerId` as the CDR writes it, or the calling `extension`
	 * (the notification's SourceNumber is "caller ID number or extension", the CDR's "Caller ID ...
	 * number of the calling party"). Applies to every outbound call: played, New Call's, the Digit
	 * Validation dialer's (callbacks.ts writes it from the call's `placedBy`).
	 */
	notifiedCaller: 'callerId' | 'extension';
	/**
	 * What picks up an unanswered call to an extension: `nothing` (the leg ends NOANSWER), or the
	 * extension's `voicemail` box, an `ivr` (auto-attendant) or a `queue`, each written as a leg of its
	 * own that is ANSWERED with a ConnectTime.
	 */
	unansweredEndsIn: 'nothing' | 'voicemail' | 'ivr' | 'queue';
	/**
	 * How an outside (North American) number is written, separately in the notifications and in the
	 * CDR/leg details: `10` digits (5145550199), `11` with the country code (15145550199), or `e164`
	 * (+15145550199). Every call follows them, whatever form New Call was given: played calls, New
	 * Call's (its notifications and CDR rows), the Digit Validation's (its notifications, its request's
	 * CIDName, CIDNum and DID, which `notificationNumbers` writes as a callback of the switch like the
	 * notifications, and its leg details and CDR rows). SwitchState.inNotifications / inRecords.
	 */
	notificationNumbers: 'ten' | 'eleven' | 'e164';
	cdrNumbers: 'ten' | 'eleven' | 'e164';
	/**
	 * How many SIP POST notification URLs the portal holds per customer: `several` (each URL set gets
	 * every notification) or `one` (setting a URL replaces the previous one).
	 */
	notificationUrls: 'several' | 'one';
	/**
	 * When New Call with WaitForStart `1` (the default) answers: `placed`, as soon as the call is
	 * placed (the phone starts ringing); `answered`, only once the call has started, the far end
	 * answered, or has ended without an answer (busy, no answer), still Status OK with the CallID and
	 * Channel, which the call has either way (its records exist). The document says only "WaitForStart
	 * (`1` or `0`, default 1)" and "with WaitForStart `0` the reply is immediate and carries only
	 * Status": it leaves open what "start" is. WaitForStart `0` answers at once under both.
	 */
	newCallAnswers: 'placed' | 'answered';
	/** Milliseconds (real time, not scaled) the switch takes to answer each API request: 0, or 10000 for a slow switch. */
	answerDelayMs: number;
}

/** The sandbox's reading before the profiles existed: `npm start` and unnamed tests keep it. */
export const DEFAULT_SWITCH_SETTINGS: SwitchSettings = {
	legDetails: 'live',
	disconnectNotifications: 'atEnd',
	cdrExport: 'callEnded',
	outboundCallerId: 'extension',
	notifiedCaller: 'callerId',
	unansweredEndsIn: 'nothing',
	notificationNumbers: 'ten',
	cdrNumbers: 'ten',
	notificationUrls: 'several',
	newCallAnswers: 'placed',
	answerDelayMs: 0,
};

/** Named profiles: each changes what its name says over the default. */
export const SWITCH_PROFILES = {
	default: {},
	afterHangup: { legDetails: 'afterHangup' },
	perLegLive: { disconnectNotifications: 'perLeg', legDetails: 'live', cdrExport: 'legEnded' },
	didCallerId: { outboundCallerId: 'did' },
	/** A DID caller ID in the records, the extension in the notifications. */
	extensionNotified: { outboundCallerId: 'did', notifiedCaller: 'extension' },
	voicemail: { unansweredEndsIn: 'voicemail' },
	ivr: { unansweredEndsIn: 'ivr' },
	queue: { unansweredEndsIn: 'queue' },
	plusOne: { notificationNumbers: 'e164', cdrNumbers: 'ten' },
	elevenInCdr: { notificationNumbers: 'ten', cdrNumbers: 'eleven' },
	oneUrl: { notificationUrls: 'one' },
	answerStarts: { newCallAnswers: 'answered' },
	slow: { answerDelayMs: 10_000 },
	/** Everything at once that a test suite can bear in time (no slow answers): the end-to-end tests' second run. */
	harshest: {
		legDetails: 'afterHangup',
		disconnectNotifications: 'perLeg',
		cdrExport: 'legEnded',
		outboundCallerId: 'did',
		notifiedCaller: 'extension',
		unansweredEndsIn: 'voicemail',
		notificationNumbers: 'e164',
		cdrNumbers: 'eleven',
		notificationUrls: 'one',
		newCallAnswers: 'answered',
	},
} satisfies Record<string, Partial<SwitchSettings>>;

export type SwitchProfileName = keyof typeof SWITCH_PROFILES;
export const SWITCH_PROFILE_NAMES = Object.keys(SWITCH_PROFILES) as SwitchProfileName[];

export function settingsOf(name: SwitchProfileName, over: Partial<SwitchSettings> = {}): SwitchSettings {
	return { ...DEFAULT_SWITCH_SETTINGS, ...SWITCH_PROFILES[name], ...over };
}

/** Writes an outside number as a setting says: any of the three forms in, the chosen form out. Extensions (2 to 5 digits) pass unchanged. */
export function writeNumber(number: string, form: SwitchSettings['cdrNumbers']): string {
	const digits = number.replace(/\D/g, '');
	if (digits.length <= 5) return number;
	const ten = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
	if (ten.length !== 10) return number;
	return form === 'ten' ? ten : form === 'eleven' ? `1${ten}` : `+1${ten}`;
}
