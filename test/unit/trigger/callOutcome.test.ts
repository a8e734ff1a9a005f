/**
 * The call events' rules (nodes/SolSwitchTrigger/calls/outcome.ts): a call's outcome, direction,
 * times and the notification that ends it, read from its CDR legs and leg details as the switch
 * writes them (numbers and times as strings; one leg may be a bare object).
 */
import { endsTheCall, isMissed, legsOf, missedCallOf, summarize as summarizeWith, type CdrLeg, type LegDetail } from '../../../nodes/SolSwitchTrigger/calls/outcome';
import { cdrLeg } from '../../helpers/cdrLeg';
import type { SwitchFacts } from '../../../nodes/SolSwitchTrigger/calls/switchFacts';

/** Customer 1 as the sandbox's switch lists it. */
const FACTS: SwitchFacts = { customer: '1', extensions: new Set(['201', '202', '203']), dids: new Set(['5145550100', '5145550101']), boxes: new Set(), queues: new Set(['600']), missing: [] };
const summarize = (callId: string, legs: unknown, details: LegDetail[]) => summarizeWith(callId, legs, details, FACTS);
const outcomeOf = (legs: CdrLeg[]) => summarize('1.1', legs, []).Outcome;

const leg = cdrLeg;

describe('outcome of a call from its legs', () => {
	it('answered when any leg has a ConnectTime; NOANSWER with an empty ConnectTime is missed', () => {
		expect(outcomeOf([leg({})])).toBe('missed');
		expect(outcomeOf([leg({ ConnectTime: '2026-11-27 10:00:05', Disposition: 'ANSWERED' })])).toBe('answered');
		expect(outcomeOf([leg({ ConnectTime: '2026-11-27 10:00:05', Disposition: 'TRANSFERRED' }), leg({ LegID: '101', Disposition: 'NOANSWER' })])).toBe('answered');
	});

	it('busy and failed as the last leg says; a Disposition the document does not list is missed', () => {
		expect(outcomeOf([leg({ Disposition: 'BUSY' })])).toBe('busy');
		expect(outcomeOf([leg({ Disposition: 'FAILED' })])).toBe('failed');
		expect(outcomeOf([leg({ Disposition: 'CONGESTION' })])).toBe('failed');
		expect(outcomeOf([leg({ Disposition: 'SOMETHING NEW' })])).toBe('missed');
	});

	it('a NOANSWER leg is not answered even if a ConnectTime is given', () => {
		expect(outcomeOf([leg({ ConnectTime: '2026-11-27 10:00:05', Disposition: 'NOANSWER' })])).toBe('missed');
	});

	it('takes a single leg given as a bare object, and nothing from values that are not legs', () => {
		expect(legsOf(leg({}))).toHaveLength(1);
		expect(legsOf([leg({}), 'x', null])).toHaveLength(1);
		expect(legsOf(undefined)).toEqual([]);
	});
});

describe('the summary of a call', () => {
	it('an inbound missed call: caller, DID, extension, ring time, no talk', () => {
		const s = summarize('1764237600.7', leg({}), [{ StartTime: '2026-11-27 10:00:00', State: 'Routed', Recording: '' }]);
		expect(s).toMatchObject({ Direction: 'inbound', Outcome: 'missed', CallerName: 'Jean Dupuis', DialedNumber: '5145550100', CalledNumber: '201', RingSeconds: 20, TalkSeconds: 0, DurationSeconds: 20, AnsweredBy: '', Recordings: [] });
		expect(isMissed(s)).toBe(true);
		expect(missedCallOf(s, '1')).toEqual({
			CallID: '1764237600.7',
			Customer: '1',
			CallerNumber: '4385550142',
			CallerName: 'Jean Dupuis',
			DID: '5145550100',
			Extension: '201',
			ExtensionName: 'Alice Martin',
			Outcome: 'missed',
			EndedIn: '',
			VoicemailBox: '',
			StartTime: '2026-11-27 10:00:00',
			EndTime: '2026-11-27 10:00:20',
			RingSeconds: 20,
			ClassifiedBy: {
				Direction: 'caller 4385550142 is no extension or DID of customer 1; 201 is an extension',
				Outcome: 'no leg was answered (the last leg: NOANSWER)',
				Facts: 'extensions, DIDs, voicemail boxes and queues as the switch lists them',
			},
		});
	});

	it('a transferred call: legs in order, talk summed over answered legs, recordings named by the details', () => {
		const legs = [
			leg({ LegID: '102', StartTime: '2026-11-27 10:01:05', ConnectTime: '2026-11-27 10:01:08', EndTime: '2026-11-27 10:02:00', DestinationNumber: '202', Disposition: 'ANSWERED' }),
			leg({ LegID: '101', ConnectTime: '2026-11-27 10:00:05', EndTime: '2026-11-27 10:01:05', Disposition: 'TRANSFERRED' }),
		];
		const s = summarize('1.2', legs, [{ Recording: 'a-1.mp3' }, { Recording: '' }, { Recording: 'a-2.mp3' }]);
		expect(s.Legs.map((l) => l.LegID)).toEqual(['101', '102']);
		expect(s).toMatchObject({ Outcome: 'answered', Disposition: 'ANSWERED', AnsweredBy: '201', RingSeconds: 5, TalkSeconds: 60 + 52, DurationSeconds: 120, LegCount: 2, Recordings: ['a-1.mp3', 'a-2.mp3'] });
		expect(isMissed(s)).toBe(false);
	});

	it('an extension calling out is outbound, and never a missed call even unanswered', () => {
		const s = summarize('1.3', leg({ SourceNumber: '201', DestinationNumber: '5145550123' }), []);
		expect(s.Direction).toBe('outbound');
		expect(isMissed(s)).toBe(false);
		expect(summarize('1.4', leg({ SourceNumber: '201', DestinationNumber: '202' }), []).Direction).toBe('internal');
	});
});

describe('the notification that ends a call', () => {
	const legs = [leg({ LegID: '101', DestinationNumber: '201', EndTime: '2026-11-27 10:01:05' }), leg({ LegID: '102', DestinationNumber: '202', EndTime: '2026-11-27 10:02:00' })];

	it("is the last leg's: the first leg's Disconnected of a transfer is not", () => {
		expect(endsTheCall(legs, { SourceNumber: '4385550142', DestinationNumber: '202' })).toBe(true);
		expect(endsTheCall(legs, { SourceNumber: '4385550142', DestinationNumber: '201' })).toBe(false);
	});

	it('two legs ending in the same second: the higher LegID ends the call', () => {
		const same = legs.map((l) => ({ ...l, EndTime: '2026-11-27 10:02:00' }));
		expect(endsTheCall(same, { SourceNumber: '4385550142', DestinationNumber: '202' })).toBe(true);
		expect(endsTheCall(same, { SourceNumber: '4385550142', DestinationNumber: '201' })).toBe(false);
	});

	it('no legs: nothing ends', () => {
		expect(endsTheCall([], { SourceNumber: '1', DestinationNumber: '2' })).toBe(false);
	});
});
