/** The editor's 136-character hint computes the same longest SMS as the node does at run time. */
import { messageTooLongHint, TOO_LONG_CONDITION } from '../../../nodes/SolSwitchMessaging/sendAndWait/hint';
import { answerSpecOf } from '../../../nodes/SolSwitchMessaging/sendAndWait/spec';
import { longestSmsText } from '../../../nodes/shared/messaging/sendAndWait/replyWords';

type Parameters = Record<string, unknown>;

// The condition is JavaScript over $parameter, as n8n's editor evaluates it.
const shown = new Function('$parameter', `return (${TOO_LONG_CONDITION});`) as ($parameter: Parameters) => boolean;

const runTimeTooLong = (p: Parameters) =>
	[...longestSmsText(String(p.message), answerSpecOf((name, fallback) => (name in p ? p[name] : fallback)))].length > 136;

describe('the editor hint of Send and Wait', () => {
	const settings: Parameters[] = [
		{},
		{ responseType: 'freeText' },
		{ approvalOptions: { values: { approvalType: 'single' } } },
		{ approvalOptions: { values: { approvalType: 'double', approveLabel: ' Approve ', disapproveLabel: 'Decline' } } },
		{ approvalOptions: { values: { approveLabel: 'OK' } } },
	];

	it('appears exactly when the run would refuse the text, for every setting, at the boundary', () => {
		for (const setting of settings) {
			for (let length = 90; length <= 125; length++) {
				const p = { operation: 'sendAndWait', message: 'é'.repeat(length), ...setting };
				expect([setting, length, shown(p)]).toEqual([setting, length, runTimeTooLong(p)]);
			}
		}
	});

	it('stays quiet for other operations and for a message given as an expression', () => {
		expect(shown({ operation: 'sendSms', message: 'x'.repeat(300) })).toBe(false);
		expect(shown({ operation: 'sendAndWait', message: `={{ "${'x'.repeat(300)}" }}` })).toBe(false);
		expect(shown({ operation: 'sendAndWait', message: 'x'.repeat(300) })).toBe(true);
	});

	it('stays quiet when Options > Split Long Text sends a long message as several SMS, and warns with the option off', () => {
		const long = { operation: 'sendAndWait', message: 'x'.repeat(300) };
		expect(shown({ ...long, options: { splitLongText: 'split' } })).toBe(false);
		expect(shown({ ...long, options: { splitLongText: 'numbered' } })).toBe(false);
		expect(shown({ ...long, options: { splitLongText: 'off' } })).toBe(true);
		expect(shown({ ...long, options: { limitWaitTime: {} } })).toBe(true);
	});

	it('is an n8n expression', () => {
		expect(messageTooLongHint.displayCondition).toBe(`={{ ${TOO_LONG_CONDITION} }}`);
	});
});
