/**
 * How an SMS text travels: GSM-7 when every character is in the GSM 03.38 alphabet (extension
 * characters such as € and { take two septets), else UCS-2; and how many segments that makes.
 * A help for the user (cost and splitting), not a gateway rule.
 */

const GSM7_BASIC =
	'@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞ\u001bÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
	'¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM7_EXTENSION = '^{}\\[~]|€\f';

const BASIC = new Set([...GSM7_BASIC]);
const EXTENSION = new Set([...GSM7_EXTENSION]);

export type SmsEncoding = 'GSM-7' | 'UCS-2';

export interface SmsSegmentation {
	encoding: SmsEncoding;
	/** Septets (GSM-7) or UTF-16 code units (UCS-2) the text occupies. */
	units: number;
	segments: number;
}

export function segmentation(text: string): SmsSegmentation {
	let septets = 0;
	for (const char of text) {
		if (BASIC.has(char)) septets += 1;
		else if (EXTENSION.has(char)) septets += 2;
		else {
			// One character outside the alphabet switches the whole message to UCS-2.
			const units = text.length;
			return { encoding: 'UCS-2', units, segments: units <= 70 ? 1 : Math.ceil(units / 67) };
		}
	}
	return { encoding: 'GSM-7', units: septets, segments: septets <= 160 ? 1 : Math.ceil(septets / 153) };
}
