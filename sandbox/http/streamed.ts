/**
 * An answer too large to hold: its JSON text made piece by piece while it is sent (the server writes
 * each piece as the connection takes it), and a short summary for the exchange log in its place.
 */
export class StreamedJson {
	constructor(
		/** What the exchange log records instead of the answer. */
		readonly summary: Record<string, unknown>,
		/** The answer's JSON text, in pieces of a few tens of kilobytes. */
		readonly pieces: () => Iterable<string>,
	) {}
}

/** Joins small pieces of text into pieces of at least `size` characters. */
export function* batched(parts: Iterable<string>, size = 65536): Generator<string> {
	let text = '';
	for (const part of parts) {
		text += part;
		if (text.length >= size) {
			yield text;
			text = '';
		}
	}
	if (text) yield text;
}
