// Runs n8n's community lint rule set (@n8n/node-cli's eslint config, the one `n8n-node lint` applies)
// on the rendered sources in the folder given, in its own process: the config and its plugins load
// as n8n loads them, outside jest's module system. Prints ESLint's JSON results.
const { ESLint } = require('eslint');
const { config } = require('@n8n/node-cli/eslint');

async function main() {
	const cwd = require('node:path').resolve(process.argv[2]);
	const eslint = new ESLint({ cwd, overrideConfigFile: true, overrideConfig: config });
	const results = await eslint.lintFiles(['nodes/**/*.ts', 'credentials/**/*.ts']);
	process.stdout.write(JSON.stringify(results.map((r) => ({ filePath: r.filePath, messages: r.messages }))));
}

main().catch((error) => {
	process.stderr.write(String(error && error.stack ? error.stack : error));
	process.exit(2);
});
