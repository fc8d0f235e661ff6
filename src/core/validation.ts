// Validation messages shared by every face: a missing field says "required" instead of zod's
// "expected string, received undefined", which reads like a type error to partners.
import { z } from 'zod';

z.config({
  customError: (issue) => (issue.input === undefined && issue.code === 'invalid_type' ? 'required' : undefined),
});

export { z };
