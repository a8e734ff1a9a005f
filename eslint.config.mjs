// The exact rule set `n8n-node lint` applies to community packages (@n8n/node-cli's config:
// the community-nodes plugin plus eslint-plugin-n8n-nodes-base), over nodes, credentials and package.json.
import { config } from '@n8n/node-cli/eslint';

export default config;
