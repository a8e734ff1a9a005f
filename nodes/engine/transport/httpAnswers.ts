/**
 * What an HTTP error status says about where the fault is. 5xx: the server itself, or (502, 503,
 * 504) a proxy or load balancer in front of it, failed: the Base URL is right, so saying "check the
 * Base URL" would send the user the wrong way. 4xx (404 above all): the address is not the service's.
 * Error pages are HTML: only a short plain-text extract of one may reach a description, never a message.
 */
const STATUS_NAMES: Record<number, string> = {
	400: 'Bad Request',
	401: 'Unauthorized',
	403: 'Forbidden',
	404: 'Not Found',
	405: 'Method Not Allowed',
	408: 'Request Timeout',
	413: 'Payload Too Large',
	429: 'Too Many Requests',
	500: 'Internal Server Error',
	501: 'Not Implemented',
	502: 'Bad Gateway',
	503: 'Service Unavailable',
	504: 'Gateway Timeout',
};

const EXTRACT_MAX = 120;

export function isHtml(text: string): boolean {
	return /^\s*<(!doctype html|html|head|body)\b/i.test(text);
}

/** The visible text of an error page (or of any text answer), short, on one line. */
export function plainText(text: string): string {
	const visible = text
		.replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, ' ')
		.replace(/<[^>]*>/g, ' ')
		.replace(/&nbsp;/g, ' ')
		.replace(/&lt;/g, '‹')
		.replace(/&gt;/g, '›')
		.replace(/&amp;/g, '&')
		.replace(/[<>]/g, ' ')
		.replace(/\s+/g, ' ')
		.trim();
	return visible.length > EXTRACT_MAX ? `${visible.slice(0, EXTRACT_MAX)}…` : visible;
}

/** `baseUrlHint`: the service's own sentence on what its Base URL should be (ServiceSpec). */
export function httpFailure(service: string, status: number, extract: string, baseUrlHint: string): { message: string; description: string } {
	const name = STATUS_NAMES[status];
	const code = `HTTP ${status}${name ? ` ${name}` : ''}`;
	const says = extract ? ` The answer says: "${extract}"` : '';
	if (status === 502 || status === 503 || status === 504) {
		return {
			message: `The ${service} answered ${code}: the ${service}, or a proxy in front of it, failed`,
			description: `The request reached a server, but the ${service} behind it did not answer: nothing to change in the credential. Try again later, or ask the operator.${says}`,
		};
	}
	if (status >= 500) {
		return {
			message: `The ${service} answered ${code}: the ${service} failed while answering`,
			description: `The request reached the ${service} and it failed. Try again later, or ask the operator.${says}`,
		};
	}
	return {
		message: `The ${service} answered ${code}`,
		description: baseUrlHint + says,
	};
}
