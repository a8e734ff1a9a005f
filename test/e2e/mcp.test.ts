// The MCP example end to end on n8n 2.40.7 (the scenario group is test/e2e/scenarios/mcp.ts; the
// focused suite runs it on the other n8n lines).
import { describeMcpScenarios } from './scenarios/mcp';
import { useN8nWithSandbox } from './withSandbox';

describeMcpScenarios(useN8nWithSandbox());
