/**
 * A new call-event kind is one entry of the call-events table (nodes/SolSwitchTrigger/calls/
 * callEventKinds.ts; issue 34 item 4): the trigger's entry for it (value, URL path, fields), the
 * Call Events at One URL entry (its fields, and the CallEvent values its items may carry) and the
 * credential rule all follow from the table. A kind added to the table here (nothing else changed)
 * must appear everywhere.
 */
import type { INodeProperties } from 'n8n-workflow';

const EXTRA_FIELD: INodeProperties = { displayName: 'Minimum Message Seconds', name: 'minimumMessageSeconds', type: 'number', default: 3 };

jest.mock('../../../nodes/SolSwitchTrigger/calls/callEventKinds', () => {
	const actual = jest.requireActual('../../../nodes/SolSwitchTrigger/calls/callEventKinds');
	const added = {
		value: 'voicemail-left',
		name: 'Voicemail Left',
		description: 'A test kind: one entry added to the table',
		gives: 'one item per message',
		applies: () => false,
		items: async () => [],
		properties: [EXTRA_FIELD],
	};
	const kinds = [...actual.CALL_EVENT_KINDS, added];
	return { ...actual, CALL_EVENT_KINDS: kinds, callEventsField: { ...actual.callEventsField, options: kinds.map((k: { name: string; value: string; description: string }) => ({ name: k.name, value: k.value, description: k.description })) } };
});

import { ALL_CALL_EVENTS, CALL_EVENT_KINDS } from '../../../nodes/SolSwitchTrigger/calls/callEventKinds';
import { CALL_EVENT_VALUES, SWITCH_EVENTS } from '../../../nodes/SolSwitchTrigger/events';

const entry = (value: string) => SWITCH_EVENTS.find((e) => e.value === value)!;

it('the table holds the added kind (the test\'s premise)', () => {
	expect(CALL_EVENT_KINDS.map((k) => k.value)).toEqual(['missed-call', 'call-ended', 'new-recording', 'voicemail-left']);
});

it('a kind added to the table is a trigger entry of its own, at its own URL, with its fields, reading the call records', () => {
	expect(entry('voicemail-left')).toMatchObject({ name: 'Voicemail Left', path: 'voicemail-left', gives: 'one item per message', properties: [EXTRA_FIELD] });
	expect(CALL_EVENT_VALUES).toContain('voicemail-left');
});

it('Call Events at One URL offers every kind of the table: its items may say each one, and it shows each kind\'s fields once', () => {
	const one = entry(ALL_CALL_EVENTS);
	expect(one.gives).toContain('(`missed-call`, `call-ended`, `new-recording` or `voicemail-left`)');
	const names = (one.properties ?? []).map((p) => p.name);
	expect(names).toEqual(['callEvents', 'recordWait', 'countVoicemailAsMissed', 'downloadRecordings', 'binaryPropertyName', 'minimumMessageSeconds']);
	const options = (one.properties!.find((p) => p.name === 'callEvents')!.options ?? []) as Array<{ value: string }>;
	expect(options.map((o) => o.value)).toEqual(CALL_EVENT_KINDS.map((k) => k.value));
});
