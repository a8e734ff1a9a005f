import {
	answerOf,
	answerSpecProblem,
	instructionOf,
	longestSmsText,
	pinOf,
	smsText,
	withoutPin,
	type AnswerSpec,
} from '../../../nodes/shared/messaging/sendAndWait/replyWords';

const double: AnswerSpec = { responseType: 'approval', approvalType: 'double', approveWord: 'YES', declineWord: 'NO' };
const single: AnswerSpec = { ...double, approvalType: 'single' };
const free: AnswerSpec = { ...double, responseType: 'freeText' };

describe('send-and-wait answers', () => {
	it('approves and declines with YES / NO, OUI / NON, in any case, with accents and extra spaces ignored', () => {
		for (const t of ['YES', 'yes', ' Yes ', 'oui', 'Oui', 'OUÍ']) expect(answerOf(double, t)).toEqual({ kind: 'approve' });
		for (const t of ['NO', 'no', '  No', 'non', 'NÔN']) expect(answerOf(double, t)).toEqual({ kind: 'decline' });
	});

	it('takes anything else as not understood: other words, a sentence, an empty text', () => {
		for (const t of ['Y', 'yes please', 'maybe', '', '   ', 'YESNO', '4821']) expect(answerOf(double, t)).toEqual({ kind: 'other' });
	});

	it('has no decline in one-button approval: NO is not understood there', () => {
		expect(answerOf(single, 'yes')).toEqual({ kind: 'approve' });
		expect(answerOf(single, 'no')).toEqual({ kind: 'other' });
	});

	it('uses the words of the node, with OUI / NON only beside the defaults', () => {
		const custom: AnswerSpec = { ...double, approveWord: 'Approve', declineWord: 'Refuse' };
		expect(answerOf(custom, 'approve')).toEqual({ kind: 'approve' });
		expect(answerOf(custom, 'REFUSE')).toEqual({ kind: 'decline' });
		expect(answerOf(custom, 'yes')).toEqual({ kind: 'other' });
		expect(answerOf(custom, 'oui')).toEqual({ kind: 'other' });
	});

	it('passes free text through, trimmed; an empty reply is not an answer', () => {
		expect(answerOf(free, '  Call me at 5  ')).toEqual({ kind: 'text', text: 'Call me at 5' });
		expect(answerOf(free, ' ')).toEqual({ kind: 'other' });
	});

	it('finds a 4-digit pin as the first or last word, and removes it', () => {
		expect(pinOf('YES 4821')).toBe('4821');
		expect(pinOf('4821 yes')).toBe('4821');
		expect(pinOf(' 4821 ')).toBe('4821');
		expect(pinOf('YES 482')).toBeUndefined();
		expect(pinOf('YES 48210')).toBeUndefined();
		expect(pinOf('meet 4821 soon')).toBeUndefined();
		expect(withoutPin('YES 4821', '4821')).toBe('YES');
		expect(withoutPin('4821 on my way', '4821')).toBe('on my way');
		expect(withoutPin('YES 4821', undefined)).toBe('YES 4821');
		expect(withoutPin('YES 1111', '4821')).toBe('YES 1111');
	});

	it('writes the instruction, with the pin when given', () => {
		expect(instructionOf(double)).toBe('Reply YES or NO');
		expect(instructionOf(double, '4821')).toBe('Reply YES 4821 or NO 4821');
		expect(instructionOf(single)).toBe('Reply YES to approve');
		expect(instructionOf(single, '4821')).toBe('Reply YES 4821 to approve');
		expect(instructionOf(free)).toBe('Reply with your answer');
		expect(instructionOf(free, '4821')).toBe('Start your reply with 4821');
		expect(smsText('Deploy?', double)).toBe('Deploy?\nReply YES or NO');
	});

	it('counts the longest form (with a pin) in the 136-character rule', () => {
		expect([...longestSmsText('Deploy?', double)].length).toBe('Deploy?\nReply YES 0000 or NO 0000'.length);
		expect(longestSmsText('x', free)).toBe('x\nStart your reply with 0000');
	});

	it('refuses words that cannot work', () => {
		expect(answerSpecProblem(double)).toBeUndefined();
		expect(answerSpecProblem(free)).toBeUndefined();
		expect(answerSpecProblem({ ...double, approveWord: ' ' })).toBe('The approve word is empty');
		expect(answerSpecProblem({ ...double, declineWord: '' })).toBe('The decline word is empty');
		expect(answerSpecProblem({ ...single, declineWord: '' })).toBeUndefined();
		expect(answerSpecProblem({ ...double, approveWord: '12' })).toMatch(/must not be a number/);
		expect(answerSpecProblem({ ...double, approveWord: 'yes', declineWord: 'Yes' })).toBe('The approve and decline words are the same');
		expect(answerSpecProblem({ ...double, approveWord: 'YES', declineWord: 'OUI' })).toBe('The approve and decline words are the same');
		expect(answerSpecProblem({ ...double, approveWord: 'Stop' })).toMatch(/compliance keyword/);
		expect(answerSpecProblem({ ...double, declineWord: 'arrêt' })).toMatch(/compliance keyword/);
	});
});
