// Counting SQL statements: a test app opened with `databaseOptions: { onQuery: recorder.onQuery }`
// reports every statement; `recorder.during(call)` answers what `call` answered and the SQL it sent.
import type { DatabaseOptions } from '../../src/core/db/client';

export interface StatementRecorder {
  onQuery: NonNullable<DatabaseOptions['onQuery']>;
  /** What `call` answered, and the SQL of every statement sent while it ran. */
  during<T>(call: () => Promise<T>): Promise<{ result: T; statements: string[] }>;
}

export function statementRecorder(): StatementRecorder {
  let recording: string[] | null = null;
  return {
    onQuery: (query) => {
      recording?.push(query.sql);
    },
    async during(call) {
      const statements: string[] = [];
      recording = statements;
      try {
        return { result: await call(), statements };
      } finally {
        recording = null;
      }
    },
  };
}
