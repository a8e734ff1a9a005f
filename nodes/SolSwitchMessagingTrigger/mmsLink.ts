/**
 * An MO MMS arrives as text: `MMS received (link will expire in 7 days):` followed by a download link
 * whose query carries mms, hash, filename and contenttype (messaging-gateway.md, MO callback request).
 */
export const MMS_PREFIX = 'MMS received (link will expire in 7 days):';
export const MMS_LIFETIME_DAYS = 7;

export interface MmsLink {
	url: string;
	mms: string;
	hash: string;
	filename: string;
	contentType: string;
	/** When the stored file disappears: 7 days after receipt. */
	expiresAt: string;
}

export function isMmsBody(body: string): boolean {
	return body.trimStart().startsWith(MMS_PREFIX);
}

/** The parsed link, or undefined when the body is not an MMS notice or carries no usable URL. */
export function parseMmsBody(body: string, receivedAt: Date): MmsLink | undefined {
	if (!isMmsBody(body)) return undefined;
	const rest = body.trimStart().slice(MMS_PREFIX.length).trim();
	const candidate = /\S+/.exec(rest)?.[0];
	if (!candidate) return undefined;
	let url: URL;
	try {
		url = new URL(candidate);
	} catch {
		return undefined;
	}
	if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
	const q = url.searchParams;
	return {
		url: url.toString(),
		mms: q.get('mms') ?? '',
		hash: q.get('hash') ?? '',
		filename: q.get('filename') ?? '',
		contentType: q.get('contenttype') ?? '',
		expiresAt: new Date(receivedAt.getTime() + MMS_LIFETIME_DAYS * 86400000).toISOString(),
	};
}
