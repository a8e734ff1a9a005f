import { bodyProblem, characterCount } from '../../../nodes/shared/messaging/body';
import { splitText } from '../../../nodes/SolSwitchMessaging/splitText';

/** `count` words of `size` letters, separated by one space: (size + 1) * count - 1 characters. */
const words = (count: number, size = 4) => Array.from({ length: count }, (_, i) => String.fromCharCode(97 + (i % 26)).repeat(size)).join(' ');

/** Every part passes the gateway's rule as the project checks it. */
function expectAllValid(parts: string[], max = 136) {
	for (const part of parts) {
		expect(bodyProblem(part)).toBeUndefined();
		expect(characterCount(part)).toBeLessThanOrEqual(max);
		expect(part).toBe(part.trim());
	}
}

/** The words of the text come back in order, none lost or added (numbering removed). */
function expectSameWords(text: string, parts: string[], numbered = false) {
	const strip = (p: string) => (numbered ? p.replace(/^\d+\/\d+ /, '') : p);
	expect(parts.map(strip).join(' ').split(/\s+/u).filter(Boolean)).toEqual(text.split(/\s+/u).filter(Boolean));
}

describe('splitText: texts that fit', () => {
	it('returns nothing for an empty text', () => {
		expect(splitText('')).toEqual([]);
		expect(splitText('', { numbered: true })).toEqual([]);
	});
	it('returns a text of 1 to 136 characters unchanged, as one unnumbered part', () => {
		expect(splitText('a')).toEqual(['a']);
		const exact = 'x'.repeat(136);
		expect(splitText(exact)).toEqual([exact]);
		expect(splitText(exact, { numbered: true })).toEqual([exact]);
		// Whitespace of a text that fits is the user's: kept, as Send SMS sends it as written.
		expect(splitText('  hi\n')).toEqual(['  hi\n']);
		expect(splitText(' '.repeat(136))).toEqual([' '.repeat(136)]);
	});
	it('counts an emoji as one character, as the rule does (136 emoji fit)', () => {
		const emoji = '🙂'.repeat(136);
		expect(emoji.length).toBe(272);
		expect(splitText(emoji)).toEqual([emoji]);
	});
});

describe('splitText: the 136/137 boundary', () => {
	it('splits 137 characters of words into two parts, the cut space dropped', () => {
		// 27 words of 4 letters = 134 characters; + " ab" = 137.
		const text = `${words(27)} ab`;
		expect(characterCount(text)).toBe(137);
		const parts = splitText(text);
		expect(parts).toEqual([words(27), 'ab']);
		expectAllValid(parts);
	});
	it('fills a part to exactly 136 characters when the words allow it', () => {
		const exact = `${words(26)} ${'z'.repeat(6)}`; // 129 + 1 + 6
		expect(characterCount(exact)).toBe(136);
		expect(splitText(`${exact} next`)).toEqual([exact, 'next']);
		// One character more and the last word moves to the next part.
		const over = `${words(26)} ${'z'.repeat(7)}`;
		expect(splitText(`${over} next`)).toEqual([words(26), `${'z'.repeat(7)} next`]);
	});
	it('cuts a word of 137 characters hard: 136 then 1', () => {
		const word = 'w'.repeat(137);
		expect(splitText(word)).toEqual(['w'.repeat(136), 'w']);
	});
	it('lets the next word join the rest of a hard-cut word', () => {
		const parts = splitText(`${'w'.repeat(140)} end`);
		expect(parts).toEqual(['w'.repeat(136), 'wwww end']);
	});
	it('cuts a very long word into as many full parts as needed', () => {
		const parts = splitText('q'.repeat(136 * 3 + 2));
		expect(parts.map((p) => p.length)).toEqual([136, 136, 136, 2]);
	});
});

describe('splitText: whitespace', () => {
	it('keeps line breaks and runs of spaces inside a part, drops them where a cut falls', () => {
		const text = `${'a'.repeat(100)}\n\n${'b'.repeat(30)}   ${'c'.repeat(20)}`;
		const parts = splitText(text);
		expect(parts).toEqual([`${'a'.repeat(100)}\n\n${'b'.repeat(30)}`, 'c'.repeat(20)]);
		expectAllValid(parts);
	});
	it('drops the leading and trailing whitespace of a text that must be split', () => {
		const text = `\n  ${words(30)}  \n`;
		const parts = splitText(text);
		expect(parts[0].startsWith('aaaa')).toBe(true);
		expect(parts[parts.length - 1].endsWith('dddd')).toBe(true);
		expectSameWords(text, parts);
	});
	it('counts the space between words, so a part never ends or starts with one', () => {
		const parts = splitText(words(100, 9));
		expectAllValid(parts);
		expectSameWords(words(100, 9), parts);
	});
	it('splits on tabs and other whitespace too', () => {
		const text = `${'a'.repeat(130)}\t${'b'.repeat(10)}`;
		expect(splitText(text)).toEqual(['a'.repeat(130), 'b'.repeat(10)]);
	});
	it('returns nothing for a long text of only whitespace (nothing to send)', () => {
		expect(splitText(' '.repeat(137))).toEqual([]);
		expect(splitText('\n'.repeat(300), { numbered: true })).toEqual([]);
	});
});

describe('splitText: numbering', () => {
	it('numbers every part "k/n " and counts the prefix in the limit', () => {
		const text = words(60); // 299 characters
		const parts = splitText(text, { numbered: true });
		expect(parts.length).toBe(3);
		parts.forEach((p, i) => expect(p.startsWith(`${i + 1}/3 `)).toBe(true));
		expectAllValid(parts);
		expectSameWords(text, parts, true);
	});
	it('needs a second part when the prefix pushes a just-fitting text over', () => {
		// 137 characters unnumbered would be two parts anyway; 136 fits and is never numbered; a text
		// whose first part is exactly 136 unnumbered must move its last word for "1/2 ".
		const text = `${words(26)} ${'z'.repeat(6)} tail`;
		const plain = splitText(text);
		expect(plain).toEqual([`${words(26)} ${'z'.repeat(6)}`, 'tail']);
		const numbered = splitText(text, { numbered: true });
		expect(numbered).toEqual([`1/2 ${words(26)}`, `2/2 ${'z'.repeat(6)} tail`]);
		expectAllValid(numbered);
	});
	it('redoes the split when the count grows from 9 to 10 parts (wider prefix)', () => {
		// 4-letter words take 5 characters each: 27 per part unnumbered (134), 26 under "k/9 " or "k/10 "
		// (room 132, 131 or 130). 240 words: 9 parts plain, 10 once numbered (9 x 26 = 234 < 240).
		const found = words(240);
		expect(splitText(found)).toHaveLength(9);
		const parts = splitText(found, { numbered: true });
		expect(parts.length).toBe(10);
		expect(parts[0].startsWith('1/10 ')).toBe(true);
		expect(parts[9].startsWith('10/10 ')).toBe(true);
		expectAllValid(parts);
		expectSameWords(found, parts, true);
	});
	it('numbers hard-cut pieces of a long word within the limit', () => {
		const parts = splitText('x'.repeat(300), { numbered: true });
		expect(parts).toEqual([`1/3 ${'x'.repeat(132)}`, `2/3 ${'x'.repeat(132)}`, `3/3 ${'x'.repeat(36)}`]);
		expectAllValid(parts);
	});
	it('refuses a limit that leaves no room after the numbering', () => {
		expect(() => splitText('abcdef ghijkl', { max: 4, numbered: true })).toThrow(RangeError);
		expect(() => splitText('abc', { max: 0 })).toThrow(RangeError);
		expect(() => splitText('abc', { max: 1.5 })).toThrow(RangeError);
	});
});

describe('splitText: characters beyond GSM-7', () => {
	it('counts accents and emoji as one each, as the rule does', () => {
		const text = `${'é'.repeat(100)} ${'🙂'.repeat(50)}`;
		const parts = splitText(text);
		expect(parts).toEqual(['é'.repeat(100), '🙂'.repeat(50)]);
		expectAllValid(parts);
	});
	it('never cuts an emoji in half (no lone surrogate) when cutting hard', () => {
		const parts = splitText('🙂'.repeat(200));
		expect(parts).toEqual(['🙂'.repeat(136), '🙂'.repeat(64)]);
		// A lone surrogate would not survive the UTF-8 the request is sent in.
		for (const part of parts) expect(Buffer.from(part, 'utf8').toString('utf8')).toBe(part);
	});
	it('keeps a family emoji (several characters joined) in one part when cutting hard', () => {
		const family = '👨‍👩‍👧'; // 5 code points
		expect(characterCount(family)).toBe(5);
		const text = 'a'.repeat(134) + family + 'b';
		const parts = splitText(text);
		expect(parts).toEqual(['a'.repeat(134), `${family}b`]);
		expectAllValid(parts);
	});
});

describe('splitText: many texts', () => {
	/** A small deterministic generator, so a failure can be replayed. */
	function random(seed: number) {
		let s = seed;
		return () => {
			s = (s * 1103515245 + 12345) % 2147483648;
			return s / 2147483648;
		};
	}
	it('always gives valid parts holding every word in order, numbered or not', () => {
		const next = random(20);
		const alphabet = ['a', 'b', 'é', '🙂', ' ', ' ', '\n', 'x'];
		for (let run = 0; run < 120; run++) {
			const length = 1 + Math.floor(next() * 1500);
			let text = '';
			for (let i = 0; i < length; i++) text += next() < 0.02 ? 'y'.repeat(150) : alphabet[Math.floor(next() * alphabet.length)];
			for (const numbered of [false, true]) {
				const parts = splitText(text, { numbered });
				if (characterCount(text) <= 136) {
					expect(parts).toEqual([text]);
					continue;
				}
				expectAllValid(parts);
				// Hard cuts split words, so compare the visible characters in order.
				const visible = (t: string) => t.replace(/\s/gu, '');
				const strip = (p: string) => (numbered && parts.length > 1 ? p.replace(/^\d+\/\d+ /, '') : p);
				expect(parts.map(strip).map(visible).join('')).toBe(visible(text));
				if (numbered && parts.length > 1) parts.forEach((p, i) => expect(p.startsWith(`${i + 1}/${parts.length} `)).toBe(true));
			}
		}
	});
});

describe('splitText: a last line kept whole (Send and Wait\'s instruction)', () => {
	const instruction = 'Reply YES 4821 or NO 4821'; // 25 characters

	it('returns text, line break, line as one unnumbered part when they fit together (what is sent without the option)', () => {
		expect(splitText('Deploy v2?', { lastLine: instruction })).toEqual([`Deploy v2?\n${instruction}`]);
		expect(splitText('Deploy v2?', { lastLine: instruction, numbered: true })).toEqual([`Deploy v2?\n${instruction}`]);
		// 110 + 1 + 25 = 136: still one part; the message's whitespace is kept as written.
		const fits = 'x'.repeat(110);
		expect(splitText(fits, { lastLine: instruction })).toEqual([`${fits}\n${instruction}`]);
		expect(splitText(`  ${'x'.repeat(108)}`, { lastLine: instruction })).toEqual([`  ${'x'.repeat(108)}\n${instruction}`]);
	});

	it('puts the line at the end of the last part, after a line break, counted in its limit', () => {
		const text = words(25, 5); // 25 * 6 - 1 = 149: two parts, the second with room for the line
		const parts = splitText(text, { lastLine: instruction });
		expect(parts).toEqual([words(25, 5).slice(0, 22 * 6 - 1), `${words(25, 5).slice(22 * 6)}\n${instruction}`]);
		expect(parts.slice(0, -1).some((p) => p.includes(instruction))).toBe(false);
		expectAllValid(parts);
		expect(parts.join(' ').replace(`\n${instruction}`, '')).toBe(text);
	});

	it('never cuts the line: when the part before is full, the line starts a part of its own', () => {
		const text = 'x'.repeat(136); // fills part 1 exactly
		expect(splitText(text, { lastLine: instruction })).toEqual([text, instruction]);
		// 128 characters of words fit in part 1; the line does not fit after them.
		const full = words(16, 7); // 16 * 8 - 1 = 127
		expect(splitText(full, { lastLine: instruction })).toEqual([full, instruction]);
		expect(splitText(text, { lastLine: instruction, numbered: true })).toEqual([`1/2 ${'x'.repeat(132)}`, `2/2 xxxx\n${instruction}`]);
	});

	it('numbers the parts "k/n ", the last one ending with the line, each within 136', () => {
		const text = words(60, 6); // 419 characters
		const parts = splitText(text, { lastLine: instruction, numbered: true });
		expect(parts.length).toBe(4);
		parts.forEach((p, i) => expect(p.startsWith(`${i + 1}/4 `)).toBe(true));
		expect(parts[3].endsWith(`\n${instruction}`)).toBe(true);
		expectAllValid(parts);
		expectSameWords(`${text} ${instruction}`, parts, true);
	});

	it('refuses a line no part can hold, rather than cutting it', () => {
		const long = 'Reply ' + 'Y'.repeat(131); // 137
		expect(() => splitText('x'.repeat(200), { lastLine: long })).toThrow(RangeError);
		expect(() => splitText('x'.repeat(200), { lastLine: 'Reply ' + 'Y'.repeat(128), numbered: true })).toThrow(/does not fit in a part of 132 characters/);
	});

	it('gives valid parts ending with the line for many texts and lines, numbered or not', () => {
		for (let n = 1; n < 80; n += 3) {
			for (const lastLine of ['Reply YES or NO', instruction, 'Reply with your answer', 'Start your reply with 1234']) {
				for (const numbered of [false, true]) {
					const text = words(n, (n % 9) + 1);
					const parts = splitText(text, { lastLine, numbered });
					expectAllValid(parts);
					expect(parts.at(-1)!.endsWith(`\n${lastLine}`) || parts.at(-1)!.replace(/^\d+\/\d+ /, '') === lastLine).toBe(true);
					expect(parts.slice(0, -1).some((p) => p.includes(lastLine))).toBe(false);
					expectSameWords(`${text} ${lastLine}`, parts, numbered && parts.length > 1);
				}
			}
		}
	});
});
