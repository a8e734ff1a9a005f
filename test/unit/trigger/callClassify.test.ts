/**
 * Calls classified from the switch's own facts (nodes/SolSwitchTrigger/calls/classify.ts,
 * numbers.ts, outcome.ts): direction from the notification or from both ends against the
 * customer's extensions and DIDs, never from a number's length; voicemail, IVR and queue legs;
 * Count Voicemail as Missed; the notification that ends the call, numbers compared by key.
 */
import { classify, directionOf } from '../../../nodes/SolSwitchTrigger/calls/classify';
import { numberKey } from '../../../nodes/shared/numbers';
import { endsTheCall, isMissed, namesALeg, summarize, type CdrLeg } from '../../../nodes/SolSwitchTrigger/calls/outcome';
import { cdrLeg } from '../../helpers/cdrLeg';
import type { SwitchFacts } from '../../../nodes/SolSwitchTrigger/calls/switchFacts';

const FACTS: SwitchFacts = {
	customer: '1',
	extensions: new Set(['201', '202', '500']),
	dids: new Set(['5145550100', '5145550101']),
	boxes: new Set(['201', '8202']),
	queues: new Set(['600']),
	missing: [],
};

const leg = (over: Partial<CdrLeg>): CdrLeg => cdrLeg({ LegID: '101', ...over });
const pickedUpBy = (number: string, LegID = '102') =>
	leg({ LegID, StartTime: '2026-11-27 10:00:20', ConnectTime: '2026-11-27 10:00:20', EndTime: '2026-11-27 10:00:45', DestinationNumber: number, Disposition: 'ANSWERED' });

describe('number keys', () => {
	it('a North American number keys as its 10 digits however written; others as their digits', () => {
		for (const n of ['5145550199', '15145550199', '+15145550199', '+1 (514) 555-0199', ' 514-555-0199 ']) expect(numberKey(n)).toBe('5145550199');
		expect(numberKey('201')).toBe('201');
		expect(numberKey('+442071234567')).toBe('442071234567');
		expect(numberKey('anonymous')).toBe('anonymous');
		expect(numberKey(undefined)).toBe('');
	});
});

describe('direction', () => {
	it('R2: an outbound call whose caller ID is a DID of the customer is outbound, and unanswered it is no missed call', () => {
		const s = summarize('1.1', leg({ SourceNumber: '5145550100', DestinationNumber: '15145550199', DialedNumber: '15145550199' }), [], FACTS);
		expect(s.Direction).toBe('outbound');
		expect(s.ClassifiedBy.Direction).toBe('caller 5145550100 is a DID of customer 1; 15145550199 is not');
		expect(isMissed(s)).toBe(false);
	});

	it('the DID written with +1 or 1 is still the customer\'s', () => {
		expect(directionOf(leg({ SourceNumber: '+15145550101', DestinationNumber: '4385550142' }), FACTS).direction).toBe('outbound');
	});

	it('the switch\'s own word wins: Outgoing is outbound (internal to an extension), Incoming inbound', () => {
		expect(directionOf(leg({ SourceNumber: '4385550142' }), FACTS, 'Outgoing')).toEqual({ direction: 'internal', why: 'the switch notified Outgoing, and 201 is an extension of customer 1' });
		expect(directionOf(leg({ SourceNumber: '201', DestinationNumber: '4385550142' }), FACTS, 'Outgoing')).toEqual({ direction: 'outbound', why: 'the switch notified Outgoing' });
		expect(directionOf(leg({ SourceNumber: '201' }), FACTS, 'Incoming').direction).toBe('inbound');
	});

	it('a short caller that is no extension of the customer is not taken for one (no rule over lengths)', () => {
		expect(directionOf(leg({ SourceNumber: '999' }), FACTS).direction).toBe('inbound');
		expect(directionOf(leg({ SourceNumber: '202', DestinationNumber: '201' }), FACTS).direction).toBe('internal');
	});
});

describe('who picked up', () => {
	it('R3: a call that rang 201 unanswered and ended in its voicemail box (the same number) is voicemail, a Missed Call by default', () => {
		const s = summarize('1.2', [leg({}), pickedUpBy('201')], [], FACTS);
		expect(s).toMatchObject({ Outcome: 'voicemail', EndedIn: 'voicemail', VoicemailBox: '201', AnsweredBy: '', TalkSeconds: 0 });
		expect(s.ClassifiedBy.Outcome).toBe('no person answered; voicemail box 201 picked up');
		expect(isMissed(s)).toBe(true);
		expect(isMissed(s, false)).toBe(false);
	});

	it('a box with a number of its own is voicemail at once; the extension itself answering is a person', () => {
		expect(summarize('1.3', [leg({ DestinationNumber: '202' }), pickedUpBy('8202')], [], FACTS).Outcome).toBe('voicemail');
		expect(summarize('1.4', pickedUpBy('201', '101'), [], FACTS)).toMatchObject({ Outcome: 'answered', AnsweredBy: '201' });
	});

	it('an IVR (a number that is no extension, box, queue or phone number) or a queue alone is missed, and says where it ended', () => {
		const ivr = summarize('1.5', [leg({}), pickedUpBy('8500')], [], FACTS);
		expect(ivr).toMatchObject({ Outcome: 'missed', EndedIn: 'ivr' });
		expect(ivr.ClassifiedBy.Outcome).toBe('no person answered; only feature (an IVR or the like) 8500 picked up');
		expect(isMissed(ivr, false)).toBe(true);
		expect(summarize('1.6', [leg({}), pickedUpBy('600')], [], FACTS)).toMatchObject({ Outcome: 'missed', EndedIn: 'queue' });
	});

	it('a call forwarded to an outside number, North American or international, is answered by a person there, not taken for an IVR', () => {
		for (const outside of ['4385550142', '15145550199', '442071234567', '011442071234567', '1234567890']) {
			const s = summarize('1.8', [leg({ DestinationNumber: '201', Disposition: 'NOANSWER' }), pickedUpBy(outside)], [], FACTS);
			expect([outside, s.Outcome, s.EndedIn, s.AnsweredBy]).toEqual([outside, 'answered', '', outside]);
			expect(isMissed(s)).toBe(false);
		}
		// A feature is written as the switch numbers extensions: 3 to 5 digits.
		expect(summarize('1.9', [leg({}), pickedUpBy('85000')], [], FACTS)).toMatchObject({ Outcome: 'missed', EndedIn: 'ivr' });
	});

	it('an IVR then a person: answered by the person, talk time theirs only', () => {
		const s = summarize('1.7', [pickedUpBy('8500', '101'), { ...pickedUpBy('202', '102'), StartTime: '2026-11-27 10:00:45', ConnectTime: '2026-11-27 10:00:50', EndTime: '2026-11-27 10:01:50' }], [], FACTS);
		expect(s).toMatchObject({ Outcome: 'answered', AnsweredBy: '202', EndedIn: '', TalkSeconds: 60 });
	});

	it('without the extension list nothing is taken for an IVR, and the item says what could not be read', () => {
		const blind: SwitchFacts = { ...FACTS, extensions: new Set(), missing: ['extensions: The switch answered FAIL: Access denied'] };
		const c = classify([leg({}), pickedUpBy('8500')], 'ANSWERED', blind);
		expect(c.outcome).toBe('answered');
		expect(c.why.Facts).toContain('except what could not be read: extensions: The switch answered FAIL: Access denied');
	});
});

describe('the notification that ends the call, numbers by key (R6)', () => {
	const cdr = [leg({ SourceNumber: '4385550142', DestinationNumber: '201' })];
	it('a notification from +1 or 1 matches a CDR leg written with 10 digits, and the reverse', () => {
		expect(endsTheCall(cdr, { SourceNumber: '+14385550142', DestinationNumber: '201' })).toBe(true);
		expect(endsTheCall(cdr, { SourceNumber: '14385550142', DestinationNumber: '201' })).toBe(true);
		expect(endsTheCall([leg({ SourceNumber: '14385550142' })], { SourceNumber: '4385550142', DestinationNumber: '201' })).toBe(true);
	});
	it('a notification naming the DID dialed where the CDR names the extension matches', () => {
		expect(endsTheCall(cdr, { SourceNumber: '4385550142', DestinationNumber: '+15145550100' })).toBe(true);
	});
	it('an outbound call notified from its extension where the CDR names its caller ID DID (the notification\'s "caller ID number or extension") ends the call, with the customer\'s lists', () => {
		const out = [leg({ SourceNumber: '15145550100', DestinationNumber: '4385550142', DialedNumber: '4385550142' })];
		const fromExtension = { SourceNumber: '201', DestinationNumber: '+14385550142' };
		expect(endsTheCall(out, fromExtension, FACTS)).toBe(true);
		expect(namesALeg(out, fromExtension, FACTS)).toBe(true);
		// Without the lists nothing says 201 calls out as that DID; a DID not the customer's is another caller.
		expect(endsTheCall(out, fromExtension)).toBe(false);
		expect(endsTheCall([leg({ SourceNumber: '5145559999', DestinationNumber: '4385550142' })], fromExtension, FACTS)).toBe(false);
		// The other way round: the records name the extension, the notification the DID.
		expect(endsTheCall([leg({ SourceNumber: '201', DestinationNumber: '4385550142' })], { SourceNumber: '5145550100', DestinationNumber: '4385550142' }, FACTS)).toBe(true);
		// A number that is no extension of the customer is not taken for one.
		expect(endsTheCall(out, { SourceNumber: '999', DestinationNumber: '4385550142' }, FACTS)).toBe(false);
	});
	it('an anonymous caller matches itself; another number matches no leg', () => {
		expect(endsTheCall([leg({ SourceNumber: '' })], { SourceNumber: '', DestinationNumber: '201' })).toBe(true);
		expect(namesALeg(cdr, { SourceNumber: '4385550199', DestinationNumber: '201' })).toBe(false);
	});
});
