/**
 * Every path the suite measures, in the order of the report. Adding a path is adding one entry
 * (a BenchPath: see webhookPath() for a callback path, cdrPath.ts or bulkPath.ts for the others).
 */
import { bulkPath } from './bulkPath';
import { cdrPath } from './cdrPath';
import { cdrScalePath } from './cdrScalePath';
import { keypressPath } from './keypressPath';
import { mcpPath } from './mcpPath';
import { moPaths } from './moPaths';
import { missedCallPath } from './missedCallPath';
import { queuePath } from './queuePath';
import { sendAndWaitPath } from './sendAndWaitPath';
import { switchPaths } from './switchPaths';
import type { BenchPath } from './types';

export const BENCH_PATHS: BenchPath[] = [...moPaths, ...switchPaths, missedCallPath, cdrPath, cdrScalePath, bulkPath, sendAndWaitPath, keypressPath, mcpPath, queuePath];
