/**
 * Call and Wait for Keypress, the pure parts: the settings (n8n's send-and-wait names, keys for labels),
 * what a press means and which option the switch gets, the number as the switch takes it, the per-wait
 * secret, and a call's fate read from CDR Leg Details.
 */
import { fateOf } from '../../../nodes/SolSwitch/callAndWait/fate';
import { attributeProperty, selectPlaceholder } from '../../../nodes/engine/generators/properties';
import { callControl } from '../../../nodes/SolSwitch/catalog/callControl';
import { callAndWaitFields, callAndWaitOptions } from '../../../nodes/SolSwitch/callAndWait/properties';
import { hashOf, newWaitSecret, secretMatches } from '../../../nodes/SolSwitch/callAndWait/secret';
import { newCallTimeoutMs } from '../../../nodes/SolSwitch/callAndWait/watcher';
import { dialable, keypressSpecOf, keypressSpecProblem, outcomeOf, type KeypressSpec } from '../../../nodes/SolSwitch/callAndWait/spec';

const read = (params: Record<string, unknown>) => (name: string, fallback: unknown) => (name in params ? params[name] : fallback);
const options = { approveOption: 'thanks', declineOption: 'goodbye', otherKeyOption: 'repeat' };

describe('the keypress settings', () => {
	it('default to 1 approves, 2 declines, as n8n names the fields', () => {
		expect(keypressSpecOf(read(options))).toEqual({ approvalType: 'double', approveDigit: '1', declineDigit: '2', ...{ approveOption: 'thanks', declineOption: 'goodbye', otherKeyOption: 'repeat' } });
		expect(keypressSpecOf(read({ ...options, approvalOptions: { values: { approvalType: 'single', approveLabel: ' 9 ' } } }))).toMatchObject({ approvalType: 'single', approveDigit: '9' });
	});

	it('refuses keys that cannot be pressed, the same key twice, and missing or multi-line options', () => {
		const spec = (over: Partial<KeypressSpec>) => ({ ...keypressSpecOf(read(options)), ...over });
		expect(keypressSpecProblem(spec({}))).toBeUndefined();
		expect(keypressSpecProblem(spec({ approveDigit: 'Y' }))).toMatch(/Approve Digit/);
		expect(keypressSpecProblem(spec({ declineDigit: '' }))).toMatch(/Decline Digit/);
		expect(keypressSpecProblem(spec({ declineDigit: '1' }))).toMatch(/must differ/);
		expect(keypressSpecProblem(spec({ approveOption: '' }))).toMatch(/Option After Approval/);
		expect(keypressSpecProblem(spec({ otherKeyOption: 'a\nb' }))).toMatch(/Option After Another Key/);
		// Approve Only: the decline key and option are not used.
		expect(keypressSpecProblem(spec({ approvalType: 'single', declineDigit: '1', declineOption: '' }))).toBeUndefined();
	});

	it('a press approves, declines or is another key, each with its option', () => {
		const spec = keypressSpecOf(read(options));
		expect(outcomeOf(spec, '1')).toEqual({ kind: 'approve', option: 'thanks' });
		expect(outcomeOf(spec, '2')).toEqual({ kind: 'decline', option: 'goodbye' });
		expect(outcomeOf(spec, '5')).toEqual({ kind: 'other', option: 'repeat' });
		expect(outcomeOf(spec, '')).toEqual({ kind: 'other', option: 'repeat' });
		expect(outcomeOf({ ...spec, approvalType: 'single' }, '2')).toEqual({ kind: 'other', option: 'repeat' });
	});
});

describe('the number to call', () => {
	it.each([
		['+1 (514) 555-0123', '15145550123'],
		['514.555.0123', '5145550123'],
		[' 201 ', '201'],
	])('%s is dialled as %s', (given, dialled) => expect(dialable(given)).toBe(dialled));

	it.each(['', '12', 'call me', '514-555-0123 ext 4', '1234567890123456'])('"%s" cannot be dialled', (given) => expect(dialable(given)).toBeUndefined());
});

describe("New Call's time to answer", () => {
	it('is never less than the usual 30 s, and outlasts the Ring Timeout (a switch may answer WaitForStart 1 only once the call started or ended)', () => {
		expect(newCallTimeoutMs(25)).toBe(40_000);
		expect(newCallTimeoutMs(5)).toBe(30_000);
		expect(newCallTimeoutMs(120)).toBe(135_000);
		expect(newCallTimeoutMs(Number.NaN)).toBe(30_000);
	});
});

describe('the per-wait secret', () => {
	it('matches only the Bearer header whose secret hashes to the URL value', () => {
		const { secret, hash } = newWaitSecret();
		expect(hash).toBe(hashOf(secret));
		expect(secretMatches(`Bearer ${secret}`, hash)).toBe(true);
		expect(secretMatches(`bearer  ${secret}`, hash)).toBe(true);
		expect(secretMatches(`Bearer ${secret}x`, hash)).toBe(false);
		expect(secretMatches(secret, hash)).toBe(false);
		expect(secretMatches(undefined, hash)).toBe(false);
		expect(secretMatches(`Bearer ${secret}`, undefined)).toBe(false);
		expect(secretMatches(`Bearer ${secret}`, 'not-a-hash')).toBe(false);
		// Another wait's secret (another execution, another attempt) does not open this one.
		expect(secretMatches(`Bearer ${newWaitSecret().secret}`, hash)).toBe(false);
	});
});

describe("a call's fate from CDR Leg Details", () => {
	const routed = { State: 'Routed', Action: 'Call from 510 routed to 5145550123' };
	it.each([
		[[routed], 'ringing'],
		[[], 'ringing'],
		[undefined, 'ringing'],
		[[routed, { State: 'Answered', Action: 'Answered by 5145550123' }], 'answered'],
		[[routed, { State: 'Answered' }, { State: 'Ended', Action: 'Hangup' }], 'answered'],
		[[routed, { State: 'Ended', Action: 'Busy' }], 'busy'],
		[[routed, { State: 'Ended', Action: 'No answer' }], 'noAnswer'],
		[[routed, { State: 'Ended', Action: 'Hangup' }], 'noAnswer'],
	])('%j is %s', (details, fate) => expect(fateOf(details)).toBe(fate));
});

describe('editor text (n8n UX guidelines)', () => {
	const byName = (name: string) => [...callAndWaitFields, ...callAndWaitOptions].find((p) => p.name === name)!;

	it('Option After Decline is not required (Approve Only never sends it; the run checks it under Approve and Disapprove)', () => {
		expect(byName('declineOption').required).not.toBe(true);
		const spec = { ...keypressSpecOf(read({ approveOption: 'thanks', declineOption: 'goodbye', otherKeyOption: 'repeat' })), declineOption: '' };
		expect(keypressSpecProblem(spec)).toMatch(/Option After Decline/);
	});

	it('placeholders read as examples, the keys are digits, no abbreviation', () => {
		for (const name of ['approveOption', 'declineOption', 'otherKeyOption']) expect(byName(name).placeholder).toMatch(/^e\.g\. /);
		const text = JSON.stringify([...callAndWaitFields, ...callAndWaitOptions]);
		expect(text).not.toMatch(/\bDV\b|Key \(or keys\)/);
		expect(text).toMatch(/Digit \(or digits\) the person presses to approve/);
	});

	it('a notice says to add Limit Wait Time', () => {
		expect(callAndWaitFields.find((p) => p.type === 'notice')?.displayName).toMatch(/Limit Wait Time/);
	});
});

it('list placeholders read as English: an extension, a DID, a SIP account', () => {
	expect(selectPlaceholder('Extension')).toBe('Select an extension...');
	expect(selectPlaceholder('DID')).toBe('Select a DID...');
	expect(selectPlaceholder('SIP Account')).toBe('Select a SIP account...');
	expect(selectPlaceholder('Queue')).toBe('Select a queue...');
});

it('the Extension field links to the set-up page and states the rule once', () => {
	const entry = callControl.find((e) => e.operation === 'sendAndWait')!;
	const extension = attributeProperty(entry.attributes.find((a) => a.name === 'Extension')! as never);
	expect(extension.description).toContain('docs/call-and-wait.md');
	expect(extension.description!.match(/3 to 5 digits/g)).toHaveLength(1);
	expect(entry.action).toBe('Call and wait for keypress');
});
