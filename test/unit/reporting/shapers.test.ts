import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import type { ShapeContext } from '../../../nodes/engine/catalog/types';
import { shapeAgentStats } from '../../../nodes/SolSwitch/shapers/agentStats';
import { recordingFileName } from '../../../nodes/SolSwitch/shapers/callRecording';
import { shapeCdrExport } from '../../../nodes/SolSwitch/shapers/cdrExport';
import { shapeLiveQueueStats } from '../../../nodes/SolSwitch/shapers/liveQueueStats';
import { shapeLiveStats } from '../../../nodes/SolSwitch/shapers/liveStats';
import { shapeMultichannelExport } from '../../../nodes/SolSwitch/shapers/multichannelExport';
import { shapeLegDetails } from '../../../nodes/SolSwitch/shapers/perCall';

/** A shaping context whose node parameters are the given values (shapers only read parameters). */
function ctx(options: IDataObject = {}, parameters: IDataObject = {}, body: IDataObject = {}): ShapeContext {
	const fn = { getNodeParameter: (name: string, _i: number, fallback?: unknown) => parameters[name] ?? fallback } as unknown as IExecuteFunctions;
	return { fn, itemIndex: 0, options, body };
}
const json = (items: Array<{ json: IDataObject }>) => items.map((i) => i.json);

const leg = (LegID: string, ConnectTime = '2026-03-09 10:00:05') => ({
	LegID,
	StartTime: '2026-03-09 10:00:00',
	ConnectTime,
	EndTime: '2026-03-09 10:03:00',
	SourceNumber: '5145550199',
	Disposition: ConnectTime ? 'ANSWERED' : 'NOANSWER',
	SourceType: '2',
	CallCode: '',
});

describe('CDR Export shaper', () => {
	const answer = {
		Status: 'OK',
		'1773050000.11': [leg('100000'), leg('100001', '')],
		'1773050100.21': leg('100002'),
	};

	it('gives one item per leg with its CallID, a single leg sent as an object included', () => {
		expect(json(shapeCdrExport(answer, ctx()))).toEqual([
			{ CallID: '1773050000.11', ...leg('100000') },
			{ CallID: '1773050000.11', ...leg('100001', '') },
			{ CallID: '1773050100.21', ...leg('100002') },
		]);
	});

	it('keeps an empty ConnectTime and numeric-looking strings as sent', () => {
		const [, unanswered] = json(shapeCdrExport(answer, ctx()));
		expect(unanswered.ConnectTime).toBe('');
		expect(unanswered.LegID).toBe('100001');
		expect(unanswered.SourceType).toBe('2');
	});

	it('nests the legs under one item per call when asked, a single leg as a one-element list', () => {
		expect(json(shapeCdrExport(answer, ctx({ cdrOutput: 'call' })))).toEqual([
			{ CallID: '1773050000.11', Legs: [leg('100000'), leg('100001', '')] },
			{ CallID: '1773050100.21', Legs: [leg('100002')] },
		]);
	});

	it('gives no items for an answer holding only its status', () => {
		expect(shapeCdrExport({ Status: 'OK' }, ctx())).toEqual([]);
		expect(shapeCdrExport({ Status: 'OK' }, ctx({ cdrOutput: 'call' }))).toEqual([]);
	});
});

describe('Agent Stats shaper', () => {
	it('gives one item per action with extension and action ID', () => {
		const answer = {
			Status: 'OK',
			'201': { '5501': { Action: 'In', DateTime: '2026-03-09 08:01:00', DateTimeUnix: 1773043260, ReasonCode: '' } },
			'202': {
				'5502': { Action: 'Paused', DateTime: '2026-03-09 12:00:00', DateTimeUnix: 1773057600, ReasonCode: 'Lunch' },
				'5503': { Action: 'Out', DateTime: '2026-03-09 17:00:00', DateTimeUnix: 1773075600, ReasonCode: '' },
			},
		};
		expect(json(shapeAgentStats(answer))).toEqual([
			{ Extension: '201', ActionID: '5501', Action: 'In', DateTime: '2026-03-09 08:01:00', DateTimeUnix: 1773043260, ReasonCode: '' },
			{ Extension: '202', ActionID: '5502', Action: 'Paused', DateTime: '2026-03-09 12:00:00', DateTimeUnix: 1773057600, ReasonCode: 'Lunch' },
			{ Extension: '202', ActionID: '5503', Action: 'Out', DateTime: '2026-03-09 17:00:00', DateTimeUnix: 1773075600, ReasonCode: '' },
		]);
	});

	it('reads actions sent as a list (IDs 0..n) too', () => {
		const answer = { Status: 'OK', '201': [{ Action: 'In' }, { Action: 'Out' }] };
		expect(json(shapeAgentStats(answer))).toEqual([
			{ Extension: '201', ActionID: '0', Action: 'In' },
			{ Extension: '201', ActionID: '1', Action: 'Out' },
		]);
	});
});

describe('Live Queue Stats shaper', () => {
	const queue = (Ext: string) => ({ Ext, Queue: 'Support', Calls: '2', 'Avail.Agnts': '1', ServiceLevel: '0.93' });

	it('drops the status object at the end of the array, keeping values as sent', () => {
		expect(json(shapeLiveQueueStats([queue('600'), queue('601'), { Status: 'OK' }]))).toEqual([queue('600'), queue('601')]);
	});

	it('gives no items when there is only the status object', () => {
		expect(shapeLiveQueueStats([{ Status: 'OK' }])).toEqual([]);
	});
});

describe('Live Stats shaper', () => {
	const answer = {
		Status: 'OK',
		queuestats: [{ name: 'Support', queued: '1' }, { name: 'Sales', queued: '0' }],
		queuetotals: { name: 'Totals', queued: '1' },
		agentstatus: [{ name: 'Alice', extension: '201', status: 'Paused (Lunch)', stats: { answered: '3', missed: '0' } }],
		presence: { '201': 'NOT_INUSE', '202': 'BUSY' },
	};

	it.each([
		['queues', answer.queuestats],
		['totals', [answer.queuetotals]],
		['agents', answer.agentstatus],
		[
			'presence',
			[
				{ extension: '201', presence: 'NOT_INUSE' },
				{ extension: '202', presence: 'BUSY' },
			],
		],
		['all', [{ queuestats: answer.queuestats, queuetotals: answer.queuetotals, agentstatus: answer.agentstatus, presence: answer.presence }]],
	])('returns %s', (part, expected) => {
		expect(json(shapeLiveStats(answer, ctx({}, { liveStatsPart: part })))).toEqual(expected);
	});

	it('gives no agents when none is logged in', () => {
		expect(shapeLiveStats({ Status: 'OK', queuestats: [], agentstatus: [] }, ctx({}, { liveStatsPart: 'agents' }))).toEqual([]);
	});
});

describe('Multichannel export shaper', () => {
	const message = (Message: string, Direction = 'Incoming') => ({ DateTime: '2026-03-09 10:00:00', Timestamp: '1773050400', Direction, User: 'Customer', Message });
	const answer = {
		Status: 'OK',
		'600': { '81': { Type: 'SMS', Source: '5145550199', Label: '', Messages: [message('Hi'), message('Hello', 'Outgoing')] } },
		'9001': { '82': { Type: 'Webchat', Source: 'wc-1', Label: 'Visitor', Messages: message('Alone') } },
	};

	it('gives one item per conversation with its queue ID', () => {
		expect(json(shapeMultichannelExport(answer, ctx()))).toEqual([
			{ QueueID: '600', ConversationID: '81', Type: 'SMS', Source: '5145550199', Label: '', Messages: [message('Hi'), message('Hello', 'Outgoing')] },
			{ QueueID: '9001', ConversationID: '82', Type: 'Webchat', Source: 'wc-1', Label: 'Visitor', Messages: [message('Alone')] },
		]);
	});

	it('gives one item per message with the conversation fields', () => {
		expect(json(shapeMultichannelExport(answer, ctx({ mcmOutput: 'message' })))).toEqual([
			{ QueueID: '600', ConversationID: '81', Type: 'SMS', Source: '5145550199', Label: '', ...message('Hi') },
			{ QueueID: '600', ConversationID: '81', Type: 'SMS', Source: '5145550199', Label: '', ...message('Hello', 'Outgoing') },
			{ QueueID: '9001', ConversationID: '82', Type: 'Webchat', Source: 'wc-1', Label: 'Visitor', ...message('Alone') },
		]);
	});
});

describe('Leg details and recordings', () => {
	it('adds the CallID asked for to each detail, a single detail sent as an object included', () => {
		const detail = { StartTime: '2026-03-09 10:00:00', Duration: '', Action: 'Hangup', State: 'Ended', Recording: '' };
		expect(json(shapeLegDetails({ Status: 'OK', Details: detail }, ctx({}, {}, { CallID: '1773050000.11' })))).toEqual([
			{ CallID: '1773050000.11', ...detail },
		]);
		expect(shapeLegDetails({ Status: 'OK' }, ctx({}, {}, { CallID: '1' }))).toEqual([]);
	});

	it('names a recording after its call and portion, safe for file systems', () => {
		expect(recordingFileName('1773050000.11', 2)).toBe('1773050000.11-2.mp3');
		expect(recordingFileName('a/b c', 1)).toBe('a_b_c-1.mp3');
	});
});
