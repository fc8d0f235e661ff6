// Run before every test file (vitest.config.ts setupFiles): an answer that broke the partner
// contract (support/contract.ts) fails the test that received it, or, when it came from a hook
// outside any test, the file.
import { afterAll, afterEach } from 'vitest';
import { takeContractViolations } from './contract';

function failOnViolations(): void {
  const violations = takeContractViolations();
  if (violations.length > 0) throw new Error(`answers that break /open-api/openapi.json:\n${violations.join('\n')}`);
}

afterEach(failOnViolations);
afterAll(failOnViolations);
