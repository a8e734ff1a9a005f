/**
 * The switch's live state: customers, extensions, DIDs, queues, active calls. Seeded with a small
 * demo system so every function can be tried at once; tests may reset or extend it.
 */
import { EventEmitter } from 'node:events';
import { DEFAULT_SWITCH_SETTINGS, writeNumber, type SwitchSettings } from './profiles';

export interface Customer {
	ID: number;
	CustomerNumber: string;
	FirstName: string;
	LastName: string;
	Company: string;
	[field: string]: unknown;
}
export interface Extension {
	ID: number;
	Customer: number;
	ExtensionNumber: string;
	Name: string;
	CIDNum: string;
	[field: string]: unknown;
}
export interface Did {
	ID: number;
	DID: string;
	CustID: number;
	FaxToEmail?: boolean;
	[field: string]: unknown;
}
export interface Queue {
	ID: number;
	Customer: number;
	Ext: string;
	Name: string;
}
export interface ActiveCall {
	CallID: string;
	Customer: number;
	SourceNumber: string;
	SourceChannel: string;
	DestinationNumber: string;
	DestinationChannel: string;
	DialedNumber: string;
	startedAt: number;
	held: string[];
	dtmf: Array<{ Channel: string; Tone: string }>;
	headers: Array<{ name: string; value: string }>;
	/** The extension that placed an outbound call whose SourceNumber is its caller ID DID (outboundCallerId `did`): its channel and monitoring. */
	placedBy?: string;
}
export interface CallEvent {
	Event: 'Incoming' | 'Outgoing' | 'Connected' | 'Disconnected';
	call: ActiveCall;
	/** The extension numbers (with their customer) the event concerns, for monitoring notifications. */
	extensions: Array<{ Customer: number; ExtensionNumber: string }>;
}

export class SwitchState extends EventEmitter {
	customers = new Map<number, Customer>();
	extensions = new Map<number, Extension>();
	dids = new Map<number, Did>();
	queues = new Map<number, Queue>();
	calls = new Map<string, ActiveCall>();
	monitored = new Set<string>(); // `${customer}:${extension}`
	/** The readings in force of what the documents leave open (profiles.ts). */
	settings: SwitchSettings = { ...DEFAULT_SWITCH_SETTINGS };
	cidRoutes = new Map<string, { Customer: number; CID: string; Extension: string }>();
	pendingHeaders: Array<{ srcnumber?: string; dstnumber?: string; name: string; value: string }> = [];
	faxes: Array<{ Customer: number; To: string; From: string; File: string; bytes?: number; at: string }> = [];
	callbacks: Array<{ Customer: number; queueID: string; Number: string; CIDName?: string; at: string }> = [];
	private nextId = { customer: 1, extension: 1, did: 1, call: 1, channel: 0x1a };

	constructor() {
		super();
		// Each New Call held until its call starts (profiles.ts `newCallAnswers`) listens for a while: fifty at once are no leak.
		this.setMaxListeners(0);
		this.seed();
	}

	newId(kind: keyof SwitchState['nextId']): number {
		return this.nextId[kind]++;
	}

	channelFor(number: string): string {
		const seq = (this.nextId.channel++).toString(16).padStart(8, '0');
		return number.length <= 5 ? `SIP/${number}-${seq}` : `SIP/trunk-${seq}`;
	}

	addCustomer(c: Omit<Customer, 'ID'> & { ID?: number }): Customer {
		const ID = c.ID ?? this.newId('customer');
		if (c.ID && c.ID >= this.nextId.customer) this.nextId.customer = c.ID + 1;
		const record = { ...c, ID } as Customer;
		this.customers.set(ID, record);
		return record;
	}

	addExtension(e: Omit<Extension, 'ID'>): Extension {
		const record = { ...e, ID: this.newId('extension') } as Extension;
		this.extensions.set(record.ID, record);
		return record;
	}

	addDid(d: Omit<Did, 'ID'>): Did {
		const record = { ...d, ID: this.newId('did') } as Did;
		this.dids.set(record.ID, record);
		return record;
	}

	/**
	 * A new call record between two numbers, with fresh CallID and channels (not yet live). `placedBy`:
	 * the extension whose line the call goes out on when `source` is its caller ID DID.
	 */
	newCall(customer: number, source: string, destination: string, dialed = destination, placedBy?: string): ActiveCall {
		return {
			CallID: `${Math.floor(Date.now() / 1000)}.${this.newId('call')}`,
			Customer: customer,
			SourceNumber: source,
			SourceChannel: this.channelFor(placedBy ?? source),
			DestinationNumber: destination,
			DestinationChannel: this.channelFor(destination),
			DialedNumber: dialed,
			startedAt: Date.now(),
			held: [],
			dtmf: [],
			headers: [],
			...(placedBy !== undefined && placedBy !== source ? { placedBy } : {}),
		};
	}

	/**
	 * The number an outbound call from `extension` is written with, before its form (profiles.ts,
	 * `outboundCallerId`): the extension, or the DID it calls out with: New Call's CIDNum when given,
	 * else the extension's ("default: the extension's ... must be a DID"), else the customer's first DID.
	 */
	outboundCaller(customer: number, extension: string, cidNum?: string): string {
		if (this.settings.outboundCallerId !== 'did') return extension;
		return cidNum ?? String(this.findExtension(customer, extension)?.CIDNum ?? [...this.dids.values()].find((d) => d.CustID === customer)?.DID ?? '5145550100');
	}

	/** An outside number as the switch writes it in its notifications and callbacks (profiles.ts `notificationNumbers`); extensions unchanged. */
	inNotifications(number: string): string {
		return writeNumber(number, this.settings.notificationNumbers);
	}

	/** An outside number as the switch writes it in the CDR and leg details (profiles.ts `cdrNumbers`); extensions unchanged. */
	inRecords(number: string): string {
		return writeNumber(number, this.settings.cdrNumbers);
	}

	findExtension(customer: number, number: string): Extension | undefined {
		for (const e of this.extensions.values()) if (e.Customer === customer && e.ExtensionNumber === number) return e;
		return undefined;
	}

	findCallByChannel(channel: string, customer?: number): ActiveCall | undefined {
		for (const c of this.calls.values()) {
			if (customer !== undefined && c.Customer !== customer) continue;
			if (c.SourceChannel === channel || c.DestinationChannel === channel) return c;
		}
		return undefined;
	}

	/** Emits a call event (SIP POST and monitoring notifications are built from these). */
	emitCall(Event: CallEvent['Event'], call: ActiveCall) {
		const extensions = [call.placedBy ?? call.SourceNumber, call.DestinationNumber]
			.filter((n) => this.findExtension(call.Customer, n))
			.map((ExtensionNumber) => ({ Customer: call.Customer, ExtensionNumber }));
		this.emit('call', { Event, call: { ...call }, extensions } satisfies CallEvent);
	}

	endCall(callId: string): ActiveCall | undefined {
		const call = this.calls.get(callId);
		if (!call) return undefined;
		this.calls.delete(callId);
		this.emitCall('Disconnected', call);
		return call;
	}

	private seed() {
		this.addCustomer({ ID: 1, CustomerNumber: 'C-1001', FirstName: 'Sol', LastName: 'Demo', Company: 'Sol Demo Inc.' });
		this.addCustomer({ ID: 2, CustomerNumber: 'C-1002', FirstName: 'Dana', LastName: 'Two', Company: 'Customer Two Ltd.' });
		for (const [Customer, ExtensionNumber, Name, CIDNum] of [
			[1, '201', 'Alice Martin', '5145550100'],
			[1, '202', 'Bob Tremblay', '5145550100'],
			[1, '203', 'Carol Roy', '5145550101'],
			[1, '500', 'Main IVR', '5145550100'],
			[1, '510', 'Digit Validation', '5145550100'],
			[2, '201', 'Dave Two', '4165550100'],
			[2, '210', 'Erin Two', '4165550100'],
		] as const) {
			this.addExtension({ Customer, ExtensionNumber, Name, CIDNum });
		}
		this.addDid({ DID: '5145550100', CustID: 1 });
		this.addDid({ DID: '5145550101', CustID: 1, FaxToEmail: true });
		this.addDid({ DID: '4165550100', CustID: 2, FaxToEmail: true });
		this.queues.set(600, { ID: 600, Customer: 1, Ext: '600', Name: 'Support' });
		this.queues.set(601, { ID: 601, Customer: 1, Ext: '601', Name: 'Sales' });
		this.queues.set(700, { ID: 700, Customer: 2, Ext: '700', Name: 'Two Support' });
	}
}
