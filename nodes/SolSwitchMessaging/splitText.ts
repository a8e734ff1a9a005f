/**
 * A text longer than the gateway's body rule (1 to 136 characters, counted as body.ts counts them:
 * one per code point, so an emoji is one) cut into parts that each follow the rule, as an AI or a
 * template writes long answers. Pure: no n8n, no I/O, so the sending nodes and the tests share it.
 *
 * - A text that already fits is returned as it is (one part, never numbered, whitespace kept).
 * - A longer text is cut at word boundaries (any whitespace): the whitespace where a cut falls is
 *   dropped, the whitespace inside a part is kept as written (line breaks stay line breaks), and the
 *   text's leading and trailing whitespace goes. A word longer than a part can hold is cut hard,
 *   between two characters, never inside one (nor, where the runtime can tell, inside an emoji
 *   built of several characters).
 * - Numbered: each part starts with "k/n " (e.g. "1/3 "), and the prefix counts in the limit. The
 *   prefix's width depends on how many parts there are (9 parts: "9/9 ", 10 parts: "10/10 "), so
 *   the split is redone until the count it assumes is the count it gets.
 * - Last line (Send and Wait's "Reply YES or NO"): a line that ends the last part, whole, after a line
 *   break, counted in that part's limit. A text that fits with it is returned as text + line break +
 *   line; a longer one is cut so that the last part has room for it (the line may be the last part's
 *   only text when the part before it is full). A line too long for any part is refused.
 */
import { BODY_MAX, characterCount } from '../shared/messaging/body';

export interface SplitOptions {
	/** The most characters of a part, prefix included (default: the gateway's 136). */
	max?: number;
	/** Start every part of a text that needs several with "k/n ". */
	numbered?: boolean;
	/** A line that ends the last part, never cut (after a line break, counted in the limit). */
	lastLine?: string;
}

// Node's ICU has it; a runtime without it still never cuts inside a character (code points).
const graphemes = typeof Intl.Segmenter === 'function' ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }) : undefined;

/** Characters of the text, as the rule counts them (code points), grouped so that a cut never splits an emoji. */
function clusters(text: string): string[] {
	return graphemes ? Array.from(graphemes.segment(text), (s) => s.segment) : [...text];
}

interface Word {
	/** The whitespace before the word (inside the text), kept when the word joins the part before it. */
	gap: string;
	text: string;
	/** Never cut (the last line): refused when no part can hold it. */
	whole?: boolean;
}

function wordsOf(text: string): Word[] {
	const words: Word[] = [];
	const re = /(\s*)(\S+)/gu;
	for (let m = re.exec(text); m; m = re.exec(text)) words.push({ gap: m[1], text: m[2] });
	if (words.length) words[0].gap = '';
	return words;
}

/** A word cut into pieces of at most `room` characters (fill takes the first and cuts the rest again). */
function hardCut(word: string, room: number): string[] {
	const pieces: string[] = [];
	let piece = '';
	let count = 0;
	for (const cluster of clusters(word)) {
		const size = characterCount(cluster);
		if (count + size > room && count > 0) {
			pieces.push(piece);
			piece = '';
			count = 0;
		}
		// A single cluster wider than the room (absurdly long emoji sequence): cut by code point.
		if (size > room) {
			for (const char of cluster) {
				if (count + 1 > room) {
					pieces.push(piece);
					piece = '';
					count = 0;
				}
				piece += char;
				count += 1;
			}
			continue;
		}
		piece += cluster;
		count += size;
	}
	if (piece) pieces.push(piece);
	return pieces;
}

/** Greedy fill: as many words as fit in each part, `room(k)` characters for part k (1-based). */
function fill(words: Word[], room: (k: number) => number): string[] {
	const parts: string[] = [];
	let current = '';
	let count = 0;
	const close = () => {
		if (current) parts.push(current);
		current = '';
		count = 0;
	};
	for (const word of words) {
		const size = characterCount(word.text);
		const gap = characterCount(word.gap);
		if (current && count + gap + size <= room(parts.length + 1)) {
			current += word.gap + word.text;
			count += gap + size;
			continue;
		}
		close();
		if (size <= room(parts.length + 1)) {
			current = word.text;
			count = size;
			continue;
		}
		if (word.whole) throw new RangeError(`the last line "${word.text}" does not fit in a part of ${room(parts.length + 1)} characters`);
		// Too long for any part: cut hard, each piece filling its part; the last piece stays open so the
		// next word may join it.
		let rest = word.text;
		while (characterCount(rest) > room(parts.length + 1)) {
			const [piece] = hardCut(rest, room(parts.length + 1));
			parts.push(piece);
			rest = rest.slice(piece.length);
		}
		current = rest;
		count = characterCount(rest);
	}
	close();
	return parts;
}

function prefix(k: number, n: number): string {
	return `${k}/${n} `;
}

/**
 * The parts of `text`, each of 1 to `max` characters; [] when there is nothing to send (an empty text,
 * or a text too long for one part that holds only whitespace). Throws (RangeError) when `max` leaves
 * no room for a character after the numbering, or for the last line.
 */
export function splitText(text: string, options: SplitOptions = {}): string[] {
	const max = options.max ?? BODY_MAX;
	if (!Number.isInteger(max) || max < 1) throw new RangeError(`max must be a whole number of 1 or more (got ${max})`);
	if (text === '') return [];
	const lastLine = options.lastLine;
	const whole = lastLine === undefined ? text : `${text}\n${lastLine}`;
	if (characterCount(whole) <= max) return [whole];
	const words = wordsOf(text);
	if (!words.length) return [];
	if (lastLine !== undefined) words.push({ gap: '\n', text: lastLine, whole: true });
	if (!options.numbered) return fill(words, () => max);
	// Numbered: assume n parts, split, and redo with the count obtained until it holds. Wider prefixes
	// only shrink the room, so n only grows and settles within a few rounds.
	let n = fill(words, () => max).length;
	for (let round = 0; round < 20; round++) {
		const assumed = n;
		const room = (k: number) => max - characterCount(prefix(k, assumed));
		if (room(assumed) < 1) throw new RangeError(`max ${max} leaves no room for text after the numbering "${prefix(assumed, assumed)}"`);
		const parts = fill(words, room);
		if (parts.length === assumed) return parts.map((p, i) => prefix(i + 1, assumed) + p);
		n = parts.length;
	}
	throw new Error('The numbered split did not settle');
}
