/**
 * Help texts put together from parts (the table's description, the rule, the switch's default ...)
 * the way n8n's editor copy is written: one sentence without a final period, several sentences each
 * ending with one (n8n's lint rules `node-param-description-excess-final-period` and
 * `-missing-final-period` count sentences by ". ").
 */
export function sentences(parts: Array<string | undefined>): string {
	const clean = parts.map((p) => (p ?? '').trim()).filter(Boolean);
	if (!clean.length) return '';
	if (clean.length === 1 && clean[0].replace('e.g.', '').split('. ').length === 1) return clean[0].replace(/\.$/, '');
	return clean.map((p) => (/[.!?]$/.test(p) ? p : `${p}.`)).join(' ');
}

/**
 * What the switch assumes for an attribute left out, said as a person would: "The switch defaults to
 * off.", "... to Dynamic." (an option's name), '... to "default".' (a raw API word quoted), "... to today."
 */
export function switchDefaultSentence(
	type: string,
	value: string,
	options: Array<{ name: string; value: string | number }> = [],
): string {
	const option = options.find((o) => String(o.value) === value);
	let said = value;
	if (type === 'boolean') said = ({ '1': 'on', '0': 'off' } as Record<string, string>)[value] ?? value;
	else if (option) said = option.name;
	else if (type === 'string' && /^[a-z0-9]+$/.test(value) && value !== 'today') said = `"${value}"`;
	return `The switch defaults to ${said}.`;
}
