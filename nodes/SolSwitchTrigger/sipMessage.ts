/**
 * A SIP request (the INVITE of a SIP Packet POST) split into its request line, headers and body,
 * so a workflow can read From, To, Call-ID ... without parsing SIP (RFC 3261 section 7).
 */

export interface SipRequest {
	method: string;
	requestUri: string;
	sipVersion: string;
	/** Header values by canonical name; a header present more than once keeps every value, in order. */
	headers: Record<string, string | string[]>;
	body: string;
}

/** RFC 3261 compact header forms and the usual spelling of the common headers. */
const CANONICAL: Record<string, string> = {
	i: 'Call-ID',
	m: 'Contact',
	e: 'Content-Encoding',
	l: 'Content-Length',
	c: 'Content-Type',
	f: 'From',
	s: 'Subject',
	k: 'Supported',
	t: 'To',
	v: 'Via',
	'call-id': 'Call-ID',
	cseq: 'CSeq',
	'www-authenticate': 'WWW-Authenticate',
	'mime-version': 'MIME-Version',
};

function canonicalName(name: string): string {
	const lower = name.toLowerCase();
	if (CANONICAL[lower]) return CANONICAL[lower];
	return lower.replace(/(^|-)([a-z])/g, (_m, dash: string, letter: string) => dash + letter.toUpperCase());
}

/** Parses a SIP request; returns undefined when the first line is not a SIP request line. */
export function parseSipRequest(raw: string): SipRequest | undefined {
	const text = raw.replace(/^\s+/, '');
	const split = /\r?\n\r?\n/.exec(text);
	const head = split ? text.slice(0, split.index) : text;
	const body = split ? text.slice(split.index + split[0].length) : '';
	// Header lines may be folded: a line starting with white space continues the previous one.
	const lines = head.split(/\r?\n/).reduce<string[]>((acc, line) => {
		if (/^[ \t]/.test(line) && acc.length > 1) acc[acc.length - 1] += ' ' + line.trim();
		else acc.push(line);
		return acc;
	}, []);
	const requestLine = /^([A-Z]+) (\S+) (SIP\/\d\.\d)$/.exec(lines[0]?.trim() ?? '');
	if (!requestLine) return undefined;
	const headers: Record<string, string | string[]> = {};
	for (const line of lines.slice(1)) {
		const colon = line.indexOf(':');
		if (colon <= 0) continue;
		const name = canonicalName(line.slice(0, colon).trim());
		const value = line.slice(colon + 1).trim();
		const existing = headers[name];
		if (existing === undefined) headers[name] = value;
		else headers[name] = Array.isArray(existing) ? [...existing, value] : [existing, value];
	}
	return { method: requestLine[1], requestUri: requestLine[2], sipVersion: requestLine[3], headers, body };
}
