// `npm run lint`: typescript-eslint's recommended rules everywhere, and in the tests the vitest
// rules that catch a test which cannot fail (no expectation, expectations behind an `if`, an
// unawaited or incomplete `expect`, a focused or skipped test left behind).
import js from '@eslint/js';
import vitest from '@vitest/eslint-plugin';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  // sdk/src/openbuy-api.ts is generated (npm run sdk:generate) and checked by test/sdk-types.test.ts.
  { ignores: ['src/generated/**', 'prisma/generated/**', 'node_modules/**', 'sdk/src/openbuy-api.ts', 'sdk/dist/**', 'console/dist/**', 'dist/**', 'console/src/gql/**', 'console/node_modules/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      // A leading underscore marks a binding kept on purpose: a field dropped by destructuring
      // (`const { id: _id, ...rest } = row`) or a parameter an interface requires.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // Validation messages are named entries of src/core/validation-messages.ts, and the reasons of
    // errors of src/core/errors/reasons.ts, so that each is written in every language the service
    // answers in (config.ts speaks to the operator only).
    files: ['src/**/*.ts'],
    ignores: ['src/**/*.test.ts', 'src/config.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name=/^(addIssue|refine)$/] > ObjectExpression > Property[key.name=/^(message|error)$/]',
          message: 'Spread fieldIssue(name, params) from src/core/validation-messages.ts instead of a message.',
        },
        {
          selector:
            'CallExpression[callee.property.name=/^(regex|refine|length|min|max|nonempty|url|email|gt|gte|lt|lte|positive|nonnegative|int|multipleOf)$/] > :matches(Literal[raw=/^[\'"]/], TemplateLiteral)',
          message: 'Name a message of src/core/validation-messages.ts (fieldText(name)) instead of writing one.',
        },
        {
          selector:
            'CallExpression[callee.property.name=/^(regex|length|min|max|nonempty|url|email|null|literal|string|number|int|array|enum|custom|union)$/] > ObjectExpression > Property[key.name=/^(message|error)$/][value.type=/^(Literal|TemplateLiteral|Identifier|MemberExpression)$/]',
          message: 'Name a message of src/core/validation-messages.ts (fieldText(name)) instead of writing one.',
        },
        {
          selector: 'Property[key.name="error"] > :matches(ArrowFunctionExpression, FunctionExpression) :matches(Literal[raw=/^[\'"]/], TemplateLiteral):not(CallExpression > Literal)',
          message: 'An error function answers fieldText(name) of src/core/validation-messages.ts, not a text of its own.',
        },
        {
          selector: 'NewExpression[callee.name="ServiceError"] > ObjectExpression > Property[key.name="reason"]:not([value.type=/^(Identifier|MemberExpression)$/])',
          message: 'Name a reason of src/core/errors/reasons.ts (refusal(definition, name, params)) instead of writing one.',
        },
        {
          selector: ':function:has(NewExpression[callee.name="ServiceError"] > ObjectExpression > Property[key.name="reason"]) > Identifier[name="reason"][typeAnnotation.typeAnnotation.type="TSStringKeyword"]',
          message: 'Take a ReasonName of src/core/errors/reasons.ts, not a text, for the reason of an error.',
        },
      ],
    },
  },
  {
    files: ['test/**/*.ts', 'src/**/*.test.ts'],
    plugins: { vitest },
    rules: {
      ...vitest.configs.recommended.rules,
      // Helpers named expect* hold the expectations of the tests that call them.
      'vitest/expect-expect': ['error', { assertFunctionNames: ['expect', 'expect*'] }],
      'vitest/no-conditional-expect': 'error',
      'vitest/no-conditional-in-test': 'error',
      // `expect(value, message)`: vitest's second argument names the failing case.
      'vitest/valid-expect': ['error', { maxArgs: 2 }],
      'vitest/no-focused-tests': 'error',
      'vitest/no-disabled-tests': 'error',
    },
  },
);
