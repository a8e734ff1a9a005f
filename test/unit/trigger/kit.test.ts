/**
 * The trigger kit: both triggers' webhook descriptions, notices, fields and README rows come from
 * their event tables, and a new entry is all a new event kind needs.
 */
import { Workflow, type IDataObject, type INodeParameters, type INodeProperties } from 'n8n-workflow';
import { eventProperties, noticeProperties, pasteNotice, URL_NOTICE, WEBHOOK_RESOLVERS, webhookDescription } from '../../../nodes/engine/trigger/describe';
import { receiveEvent } from '../../../nodes/engine/trigger/dispatch';
import type { EventSpec, TriggerSpec } from '../../../nodes/engine/trigger/types';
import { SWITCH_TRIGGER } from '../../../nodes/SolSwitchTrigger/events';
import { eventsTable } from '../../../scripts/readme/eventsTable';
import { allNodeTypes } from '../../../scripts/n8n-engine/packageTypes';

describe('webhook descriptions', () => {
	it('SolSwitch Trigger: a path per event kind, the Digit Validation answered as Answer From says, the others by the node (handed to n8n: SUCCESS as text/plain)', () => {
		expect(allNodeTypes.solSwitchTrigger.description.webhooks).toEqual([
			{
				name: 'default',
				httpMethod: 'POST',
				path: '={{$parameter["event"]}}',
				responseMode: '={{$parameter["event"] === "digit-validation" ? $parameter["answerFrom"] : "onReceived"}}',
				responseData: '={{$parameter["event"] === "digit-validation" && $parameter["answerFrom"] === "lastNode" ? "firstEntryJson" : ""}}',
				responseHeaders: '={{ $parameter["event"] === "sip-packet" ? { "entries": [ { "name": "content-type", "value": "text/plain; charset=utf-8" } ] } : {} }}',
				responsePropertyName: '={{$parameter["answerField"]}}',
				responseContentType: 'text/plain',
				[WEBHOOK_RESOLVERS]: expect.any(Object),
			},
		]);
	});

	it('Messaging Trigger: one path, answered as Reply says', () => {
		expect(allNodeTypes.solSwitchMessagingTrigger.description.webhooks).toEqual([
			{ name: 'default', httpMethod: 'POST', path: 'message', responseMode: '={{$parameter["replyMode"]}}', responseData: '={{$parameter["replyMode"] === "lastNode" ? "firstEntryJson" : ""}}', [WEBHOOK_RESOLVERS]: expect.any(Object) },
		]);
	});
});

describe('notices', () => {
	const notices = (props: INodeProperties[]) => props.filter((p) => p.type === 'notice');

	it('SolSwitch Trigger: one per event kind, shown for that kind, saying where to paste the URL and that the Production URL answers once published', () => {
		const shown = notices(allNodeTypes.solSwitchTrigger.description.properties);
		expect(shown.map((n) => n.displayOptions?.show?.event)).toEqual(SWITCH_TRIGGER.events.map((k) => [k.value]));
		for (const [i, kind] of SWITCH_TRIGGER.events.entries()) {
			expect(shown[i].displayName).toContain(`${kind.name}: in the switch portal, at ${kind.portal.where}.`);
			expect(shown[i].displayName).toContain(URL_NOTICE);
		}
		expect(shown[2].displayName).toContain("Copy the key set there into the Packet API Key of this node's SolSwitch Callbacks API credential.");
		// What n8n's Webhook URLs panel above it does not say, and nothing it does (issue 21).
		expect(URL_NOTICE).toBe('Paste the Production URL: it answers once the workflow is published.');
		expect(shown[0].displayName).toBe(
			'SIP POST Notification: in the switch portal, at API management > SIP POST notification options. With a Shared Secret in the credential, add ?secret= and the secret itself to the URL you paste. ' +
				URL_NOTICE,
		);
		// n8n renders a notice as HTML: "<the secret>" was dropped in the editor, leaving "?secret= to the URL".
		for (const n of notices([...allNodeTypes.solSwitchTrigger.description.properties, ...allNodeTypes.solSwitchMessagingTrigger.description.properties])) {
			expect(n.displayName).not.toMatch(/<[^>]*>/);
		}
	});

	it('Messaging Trigger: one notice for the three kinds, with the incoming message URL, the inbound key and how to run it with several webhook processors', () => {
		const [notice] = notices(allNodeTypes.solSwitchMessagingTrigger.description.properties);
		expect(notice.displayName).toBe(
			"New SMS, New MMS, Delivery Report: in the gateway operator's settings, at the incoming message URL. Reports use the report URL if the operator set one. " +
				"Also give them the credential's Inbound Key and its type. " +
				URL_NOTICE +
				' Several webhook processors: route this URL to one of them (docs: Queue mode).',
		);
		// n8n's guidelines keep a notice short (docs-review-3 §4.2 counted 100 words here).
		expect(notice.displayName.split(/\s+/).length).toBeLessThanOrEqual(60);
	});
});

describe('fields', () => {
	it('each kind\'s own fields and filter are shown for that kind only, by the generator', () => {
		const props = allNodeTypes.solSwitchTrigger.description.properties;
		const shownFor = (name: string) => props.filter((p) => p.name === name).map((p) => p.displayOptions?.show?.event);
		expect(shownFor('notificationEvents')).toEqual([['sip-notification']]);
		expect(shownFor('monitoringEvents')).toEqual([['monitoring']]);
		expect(shownFor('hashMismatch')).toEqual([['sip-packet']]);
		expect(shownFor('answerField')).toEqual([['digit-validation']]);
		expect(props.find((p) => p.name === 'answerField')?.displayOptions?.show?.answerFrom).toEqual(['lastNode']);
	});

	it('the Messaging Trigger\'s Trigger On selector lists the kinds of its table, named as n8n names them (New SMS)', () => {
		const events = allNodeTypes.solSwitchMessagingTrigger.description.properties.find((p) => p.name === 'events');
		expect(events).toMatchObject({ displayName: 'Trigger On', type: 'multiOptions', default: ['sms', 'mms', 'report'] });
		expect(events?.options?.map((o) => (o as { name: string }).name)).toEqual(['New SMS', 'New MMS', 'Delivery Report']);
	});

	it('one meaning per word: Trigger On chooses what starts a workflow in both triggers, Call Events filters the switch\'s Event values, Reply Mode and Reply Text', () => {
		const switchProps = allNodeTypes.solSwitchTrigger.description.properties;
		const messagingProps = allNodeTypes.solSwitchMessagingTrigger.description.properties;
		expect(switchProps.find((p) => p.name === 'event')?.displayName).toBe('Trigger On');
		expect(switchProps.filter((p) => p.name === 'notificationEvents' || p.name === 'monitoringEvents').map((p) => p.displayName)).toEqual(['Call Events', 'Call Events']);
		expect(messagingProps.find((p) => p.name === 'replyMode')?.displayName).toBe('Reply Mode');
		expect([...switchProps, ...messagingProps].filter((p) => p.displayName === 'Events' || p.displayName === 'Reply')).toEqual([]);
	});
});

describe('canvas subtitles', () => {
	// Evaluated by n8n-workflow's expression engine, as the editor's canvas does.
	const subtitle = (type: 'solSwitchTrigger' | 'solSwitchMessagingTrigger', parameters: INodeParameters) => {
		const description = allNodeTypes[type].description;
		const node = { id: '1', name: 'T', type, typeVersion: 2, position: [0, 0] as [number, number], parameters };
		const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes: { getByNameAndVersion: () => undefined } as never });
		return workflow.expression.getSimpleParameterValue(node, description.subtitle!, 'internal', {});
	};

	it('show the event kinds as the selector names them, not their stored values', () => {
		expect(subtitle('solSwitchTrigger', { event: 'sip-notification' })).toBe('SIP POST Notification');
		expect(subtitle('solSwitchTrigger', { event: 'digit-validation' })).toBe('Digit Validation');
		expect(subtitle('solSwitchMessagingTrigger', { events: ['sms', 'mms', 'report'] })).toBe('New SMS, New MMS, Delivery Report');
		expect(subtitle('solSwitchMessagingTrigger', { events: ['report'] })).toBe('Delivery Report');
		expect(subtitle('solSwitchMessagingTrigger', { events: [] })).toBe('');
	});
});

describe('a new event kind is one table entry plus its handler', () => {
	const queueCallback: EventSpec = {
		value: 'queue-callback',
		name: 'Queue Callback',
		description: 'A caller left the queue asking to be called back',
		path: 'queue-callback',
		fields: ['Queue', 'CallerNumber'],
		required: ['Queue', 'CallerNumber'],
		handle: () => ({ noWebhookResponse: true }),
		response: { by: 'node' },
		portal: { where: 'queue settings > callback URL' },
		answer: '`{"Status":"OK"}`',
		gives: 'the fields as sent',
		properties: [{ displayName: 'Queues', name: 'queues', type: 'string', default: '' }],
	};
	const extended: TriggerSpec = { ...SWITCH_TRIGGER, events: [...SWITCH_TRIGGER.events, queueCallback] };

	it('gets its selector option, notice, own field, path, dispatch and README row', () => {
		const props = eventProperties(extended);
		const selector = props.find((p) => p.name === 'event');
		expect(selector?.options?.map((o) => (o as { value: string }).value)).toContain('queue-callback');
		expect(noticeProperties(extended).at(-1)?.displayName).toBe(pasteNotice(extended, [queueCallback]));
		expect(props.find((p) => p.name === 'queues')?.displayOptions?.show?.event).toEqual(['queue-callback']);
		expect(webhookDescription(extended).path).toBe('={{$parameter["event"]}}');
		const fields: IDataObject = { Queue: '600' };
		expect(receiveEvent(extended, fields, new Date(), 'queue-callback')).toEqual({ refusal: { status: 400, reason: 'Missing required field CallerNumber' } });
		expect(receiveEvent(extended, { ...fields, CallerNumber: '5145550100' }, new Date(), 'queue-callback')).toMatchObject({ kind: queueCallback });
		expect(eventsTable(extended)).toContain('| Queue Callback | `/queue-callback` | queue settings > callback URL |');
	});
});

describe("the events table of the trigger's page", () => {
	const rows = eventsTable(SWITCH_TRIGGER).split('\n');
	const cells = (event: string) => rows.find((r) => r.startsWith(`| ${event} |`))!.split(' | ');
	const kind = (name: string) => SWITCH_TRIGGER.events.find((e) => e.name === name)!;

	it('names a long cell already shown by the row that showed it, and writes it out there once', () => {
		const missed = kind('Missed Call');
		const ended = kind('Call Ended');
		// The claim "as Missed Call" holds: the two kinds say the same there.
		expect([ended.portal, ended.answer]).toEqual([missed.portal, missed.answer]);
		expect(cells('Call Ended')[2]).toBe('as Missed Call');
		expect(cells('Call Ended')[5]).toBe('as Missed Call');
		expect(cells('Missed Call')[2]).toContain('Attach a SolSwitch API credential');
		expect(ended.fields).toEqual(kind('SIP POST Notification').fields);
		expect(cells('Call Ended')[3]).toBe('as SIP POST Notification');
		expect(eventsTable(SWITCH_TRIGGER).match(/Attach a SolSwitch API credential/g)).toHaveLength(1);
	});

	it('keeps short cells as they are, even when repeated', () => {
		expect(cells('Call Ended')[4]).toBe('`Event`, `CallID`, `SourceNumber`, `DestinationNumber`');
		expect(cells('New Recording')[4]).toBe('`Event`, `CallID`, `SourceNumber`, `DestinationNumber`');
	});
});
