/** The table the report functions' files register into (installed by reports/index.ts's module). */
import { functionTable } from '../api';

export const reportFunctions = functionTable('report functions');
