import { bodyProblem, characterCount } from '../../../nodes/shared/messaging/body';
import { DEFAULT_COMPLIANCE_TEXTS } from '../../../nodes/SolSwitchMessagingTrigger/replies/complianceTexts';
import { segmentation } from '../../../nodes/SolSwitchMessaging/encoding';
import { hasInboundKey } from '../../../nodes/SolSwitchMessagingTrigger/inboundKey';
import { complianceOf, keywordOf } from '../../../nodes/shared/messaging/keywords';
import { MMS_PREFIX, parseMmsBody } from '../../../nodes/SolSwitchMessagingTrigger/mmsLink';
import { sentReply } from '../../../nodes/shared/messaging/callbackFormat';
import { ReplyMemory } from '../../../nodes/shared/messaging/replyMemory';
import { reportStatus } from '../../../nodes/SolSwitchMessagingTrigger/reportStatus';
import { parseCallback } from '../../../nodes/SolSwitchMessagingTrigger/events';
import { ObservableObject, type IDataObject } from 'n8n-workflow';

describe('SMS encoding and segments', () => {
	it('counts GSM-7 septets, extension characters as two', () => {
		expect(segmentation('Hello')).toEqual({ encoding: 'GSM-7', units: 5, segments: 1 });
		expect(segmentation('Price: 5€ {ok}')).toEqual({ encoding: 'GSM-7', units: 17, segments: 1 });
		expect(segmentation('a'.repeat(160)).segments).toBe(1);
		expect(segmentation('a'.repeat(161)).segments).toBe(2);
		expect(segmentation('a'.repeat(307)).segments).toBe(3);
	});
	it('switches to UCS-2 for any character outside the alphabet', () => {
		expect(segmentation('Ça coûte 5 $')).toEqual({ encoding: 'UCS-2', units: 12, segments: 1 });
		expect(segmentation('🙂'.repeat(36)).segments).toBe(2);
		expect(segmentation('ê'.repeat(70)).segments).toBe(1);
		expect(segmentation('ê'.repeat(71)).segments).toBe(2);
	});
});

describe('Body rule: 1 to 136 characters', () => {
	it('counts characters, spaces and carriage returns included', () => {
		expect(characterCount('a\r\nb 🙂')).toBe(6);
		expect(bodyProblem('x'.repeat(136))).toBeUndefined();
		expect(bodyProblem('🙂'.repeat(136))).toBeUndefined();
		expect(bodyProblem('x'.repeat(137))).toBe('Body must be 1 to 136 characters (it has 137)');
		expect(bodyProblem('')).toBe('Body must be 1 to 136 characters (it has 0)');
	});
	it('keeps every default compliance text within the limit', () => {
		for (const text of Object.values(DEFAULT_COMPLIANCE_TEXTS)) expect(bodyProblem(text)).toBeUndefined();
	});
});

describe('keywords', () => {
	it('takes the first word upper-cased', () => {
		expect(keywordOf('  pizza please ')).toBe('PIZZA');
		expect(keywordOf('')).toBe('');
	});
	it.each([
		['stop', 'STOP', 'stop', 'en'],
		['  Stop  ', 'STOP', 'stop', 'en'],
		['arrêt', 'ARRET', 'stop', 'fr'],
		['ARRET', 'ARRET', 'stop', 'fr'],
		['help', 'HELP', 'help', 'en'],
		['Aide', 'AIDE', 'help', 'fr'],
		['info', 'INFO', 'info', 'en/fr'],
	])('%j is the compliance keyword %s', (text, keyword, kind, language) => {
		expect(complianceOf(text)).toEqual({ keyword, kind, language });
	});
	it('needs the whole message to be the keyword', () => {
		expect(complianceOf('stop sending me pizza')).toBeUndefined();
		expect(complianceOf('helpful')).toBeUndefined();
	});
});

describe('MMS link', () => {
	const received = new Date('2026-03-01T10:00:00Z');
	it('parses the link and its query parameters, expiring 7 days after receipt', () => {
		const body = `${MMS_PREFIX} https://gw.example.com/mms/download?mms=42&hash=ab12&filename=cat.jpg&contenttype=image%2Fjpeg`;
		expect(parseMmsBody(body, received)).toEqual({
			url: 'https://gw.example.com/mms/download?mms=42&hash=ab12&filename=cat.jpg&contenttype=image%2Fjpeg',
			mms: '42',
			hash: 'ab12',
			filename: 'cat.jpg',
			contentType: 'image/jpeg',
			expiresAt: '2026-03-08T10:00:00.000Z',
		});
	});
	it('refuses a notice without a usable link', () => {
		expect(parseMmsBody(`${MMS_PREFIX} `, received)).toBeUndefined();
		expect(parseMmsBody(`${MMS_PREFIX} javascript:alert(1)`, received)).toBeUndefined();
		expect(parseMmsBody('hello', received)).toBeUndefined();
	});
});

describe('report status names', () => {
	it.each([
		['0', 0, 'DELIVERED'],
		[1, 1, 'EXPIRED'],
		['2', 2, 'DELETED'],
		['3', 3, 'IN-TRANSIT'],
		['5', 5, 'UNDELIVERABLE/FAILED'],
		['7', 7, 'UNKNOWN'],
		['9', 9, 'UNKNOWN'],
	])('%j -> %s %s', (value, status, statusName) => {
		expect(reportStatus(value)).toEqual({ status, statusName });
	});
	it('refuses a non-numeric status', () => {
		expect(reportStatus('delivered')).toBeUndefined();
		expect(reportStatus(undefined)).toBeUndefined();
	});
});

describe('inbound key', () => {
	const key = 'inbound-secret';
	it('Body type: the Key member must match', () => {
		expect(hasInboundKey(key, 'body', { Key: key }, {})).toBe(true);
		expect(hasInboundKey(key, 'body', { Key: 'wrong' }, {})).toBe(false);
		expect(hasInboundKey(key, 'body', {}, { 'x-api-key': key })).toBe(false);
	});
	it('Header type: Bearer and x-api-key must match, at least one present', () => {
		expect(hasInboundKey(key, 'header', {}, { authorization: `Bearer ${key}`, 'x-api-key': key })).toBe(true);
		expect(hasInboundKey(key, 'header', {}, { 'x-api-key': key })).toBe(true);
		expect(hasInboundKey(key, 'header', {}, { authorization: `Bearer ${key}`, 'x-api-key': 'wrong' })).toBe(false);
		expect(hasInboundKey(key, 'header', { Key: key }, {})).toBe(false);
	});
});

/** The memory as a call of workflow `id` sees it, on this static data. */
const memoryOn = (id: string, staticData: IDataObject) => ReplyMemory.of({ getWorkflow: () => ({ id }), getWorkflowStaticData: () => staticData });
let recallCount = 0;
/** What the static data holds for a key (read as a process that has no memory of its own would). */
const recall = (staticData: IDataObject, key: string, now: number) => memoryOn(`helpers-recall-${++recallCount}`, staticData).recall(key, now);
const rememberShared = (id: string, staticData: IDataObject, key: string, now: number, body?: string) => memoryOn(id, staticData).remember(key, now, body);
const rememberWhereVisible = (id: string, staticData: IDataObject, key: string, now: number, body?: string) => memoryOn(id, staticData).rememberIfLoaded(key, now, body);
const createReplyMemory = (staticData: IDataObject) => ReplyMemory.createIn(staticData);
const hasReplyMemory = (staticData: IDataObject) => ReplyMemory.existsIn(staticData);

describe('reply memory (static data)', () => {
	it('looking a message up does not mark the static data changed (n8n would write it to its database)', () => {
		const workflowData = ObservableObject.create({}, undefined, { ignoreEmptyOnFirstChild: true }) as IDataObject & { __dataChanged: boolean };
		workflowData.global = ObservableObject.create({}, workflowData);
		expect(recall(workflowData.global as IDataObject, 'message:1', 1000)).toBeUndefined();
		expect(workflowData.__dataChanged).toBe(false);
		rememberShared('helpers-1', workflowData.global as IDataObject, 'message:1', 1000, 'Hi');
		expect(workflowData.__dataChanged).toBe(true);
	});

	it('remembers a reply for a day and forgets it after', () => {
		const data = {};
		rememberShared('helpers-2', data, 'message:1', 1000, 'Hi');
		expect(recall(data, 'message:1', 2000)).toEqual({ at: 1000, body: 'Hi' });
		expect(recall(data, 'message:1', 1000 + 25 * 3600 * 1000)).toBeUndefined();
		expect(recall(data, 'message:2', 2000)).toBeUndefined();
	});

	it('Reply to Message (mode When Last Node Finishes) writes nothing where the memory is not loaded (a queue-mode worker), so n8n saves nothing there', () => {
		// A worker's static data: a fresh, empty copy (n8n's execution snapshot carries none).
		const worker = ObservableObject.create({}, undefined, { ignoreEmptyOnFirstChild: true }) as IDataObject & { __dataChanged: boolean };
		worker.global = ObservableObject.create({}, worker);
		expect(rememberWhereVisible('helpers-worker', worker.global as IDataObject, 'message:1', 1000, 'Hi')).toBe(false);
		expect(worker.__dataChanged).toBe(false);
		expect(worker.global).toEqual({});
	});

	it('where the memory is loaded (one n8n process), Reply to Message (mode When Last Node Finishes) adds its reply to it', () => {
		const data: IDataObject = {};
		createReplyMemory(data);
		expect(hasReplyMemory(data)).toBe(true);
		rememberShared('helpers-3', data, 'message:0', 500);
		expect(rememberWhereVisible('helpers-3', data, 'message:1', 1000, 'Hi')).toBe(true);
		expect(recall(data, 'message:1', 2000)).toEqual({ at: 1000, body: 'Hi' });
		expect(recall(data, 'message:0', 2000)).toEqual({ at: 500 });
	});

	it('reads the answer written to the gateway: Status OK with its Body, nothing else', () => {
		expect(sentReply(200, Buffer.from('{"Status":"OK","Body":"Hi"}'))).toEqual({ body: 'Hi' });
		expect(sentReply(200, '{"Status":"OK"}')).toEqual({});
		expect(sentReply(500, Buffer.from('{"Status":"OK"}'))).toBeUndefined();
		expect(sentReply(200, '{"message":"Error in workflow"}')).toBeUndefined();
		expect(sentReply(200, 'not json')).toBeUndefined();
		expect(sentReply(200, undefined)).toBeUndefined();
	});

	it('publishing creates the memory once, and keeps what is in it', () => {
		const data: IDataObject = {};
		expect(hasReplyMemory(data)).toBe(false);
		createReplyMemory(data);
		rememberShared('helpers-4', data, 'message:1', 1000);
		createReplyMemory(data);
		expect(recall(data, 'message:1', 2000)).toEqual({ at: 1000 });
	});
});

describe('callback parsing', () => {
	const at = new Date('2026-03-01T10:00:00Z');
	it('reads an MO SMS', () => {
		expect(parseCallback({ Type: 'Message', ID: '7', From: '15145550123', To: '55555', Body: 'Pizza now', Key: 'k' }, at)).toEqual({
			ok: true,
			type: 'sms',
			item: { type: 'sms', id: '7', from: '15145550123', to: '55555', receivedAt: at.toISOString(), text: 'Pizza now', keyword: 'PIZZA', optOut: false },
		});
	});
	it.each([
		[[1, 2], 'The body must be a JSON object.'],
		[{ Type: 'Other', ID: '1', From: '1', To: '2' }, 'Type must be Message or Report.'],
		[{ Type: 'Message', From: '1', To: '2', Body: 'x' }, 'Missing required field ID.'],
		[{ Type: 'Message', ID: '1', To: '2', Body: 'x' }, 'Missing required field From.'],
		[{ Type: 'Message', ID: '1', From: '1', To: '2' }, 'Missing required field Body.'],
		[{ Type: 'Report', ID: '1', From: '1', To: '2', Status: 'done' }, 'Status must be a numeric delivery status.'],
	])('rejects %j', (body, reason) => {
		expect(parseCallback(body, at)).toEqual({ ok: false, reason });
	});
});
