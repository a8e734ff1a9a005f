// Whom the text-back example texts (examples/text-back-missed-calls.json, issue 34 item 6): the
// expression of its `textable` field, evaluated as n8n would on the Missed Call item's CallerNumber.
// North American numbers only (10 digits, or 11 starting with 1, once all but the digits are dropped):
// an anonymous or international caller ends the run at Can Be Texted?, with no failed run.
import { readExample } from '../../../scripts/start/examples';

type Node = { name: string; parameters: { assignments?: { assignments: Array<{ name: string; value: string }> } } };
const nodes = readExample('examples/text-back-missed-calls.json').nodes as Node[];
const settings = nodes.find((n) => n.name === 'Text-Back Settings')!.parameters.assignments!.assignments;
const expression = settings.find((a) => a.name === 'textable')!.value;

function textable(CallerNumber: unknown): boolean {
	const body = /^=\{\{([\s\S]*)\}\}$/.exec(expression)![1];
	return new Function('$json', `return (${body});`)({ CallerNumber }) as boolean;
}

test.each([
	['4385550142', true],
	['14385550142', true],
	['+1 (438) 555-0142', true],
	['+1-514-555-0100', true],
	['anonymous', false],
	['Anonymous', false],
	['', false],
	[undefined, false],
	['restricted', false],
	['33142685300', false], // +33 1 42 68 53 00, Paris
	['+442071234567', false], // London
	['011442071234567', false],
	['4381542798', true], // the sandbox's test numbers take any exchange
	['24385550142', false], // 11 digits not starting with 1
	['438555014', false], // 9 digits
	['201', false], // an extension
])('CallerNumber %p: texted %p', (caller, expected) => {
	expect(textable(caller)).toBe(expected);
});

test('the workflow goes on past Can Be Texted? only on its true branch, and records the text after sending it', () => {
	const { connections } = readExample('examples/text-back-missed-calls.json') as unknown as { connections: Record<string, { main: Array<Array<{ node: string }>> }> };
	expect(connections['Text-Back Settings'].main).toEqual([[expect.objectContaining({ node: 'Can Be Texted?' })]]);
	expect(connections['Can Be Texted?'].main.map((out) => out.map((c) => c.node))).toEqual([['Not Opted Out']]);
	expect(connections['Text the Caller'].main).toEqual([[expect.objectContaining({ node: 'Record the Text' })]]);
	const intoRecord = Object.entries(connections).filter(([, c]) => c.main.some((out) => out.some((to) => to.node === 'Record the Text')));
	expect(intoRecord.map(([from]) => from)).toEqual(['Text the Caller']);
});
