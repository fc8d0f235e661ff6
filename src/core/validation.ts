// Validation messages shared by every face: a missing field says "required" instead of zod's
// "expected string, received undefined", which reads like a type error to partners; a wrong type
// keeps the received type as a parameter, so the message can be worded in the request's language.
import { z } from 'zod';
import { invalidTypeMessage } from './validation-messages';

z.config({ customError: invalidTypeMessage });

export { z };
