// The console's choice lists: every coded value of the administration inputs with its label in the
// request's language (src/core/options/option-sets.ts). Readable by any signed-in administrator of the
// tenant, like the simple lists: every form needs them.
import { Arg, Authorized, Ctx, Field, ObjectType, Query, registerEnumType, Resolver } from 'type-graphql';
import { labelLanguageOf } from '../../core/language/accept-language';
import { labelledOptions, OPTION_SET_NAMES, OPTION_SETS, type OptionSetName } from '../../core/options/option-sets';
import type { GraphQLContext } from '../context';

const OptionSetNameEnum = Object.fromEntries(OPTION_SET_NAMES.map((name) => [name, name])) as { [Name in OptionSetName]: Name };
registerEnumType(OptionSetNameEnum, {
  name: 'OptionSetName',
  description: 'A set of coded values an administration input takes',
  valuesConfig: Object.fromEntries(OPTION_SET_NAMES.map((name) => [name, { description: OPTION_SETS[name].description }])),
});

const OptionValueType = { INT: 'INT', BOOLEAN: 'BOOLEAN', STRING: 'STRING' } as const;
registerEnumType(OptionValueType, { name: 'OptionValueType', description: 'How to read an option value: an Int, a Boolean ("true"/"false") or a String' });

@ObjectType({ description: 'One coded value and its label' })
export class OptionView {
  @Field(() => String, { description: 'The value as text; read it by its set\'s valueType' })
  value!: string;

  @Field(() => String, { description: "In the request's language (Accept-Language; English when none is supported)" })
  label!: string;
}

@ObjectType({ description: 'The values one kind of field takes; the server refuses any other value of such a field' })
export class OptionSetView {
  @Field(() => OptionSetNameEnum)
  name!: OptionSetName;

  @Field(() => OptionValueType)
  valueType!: keyof typeof OptionValueType;

  @Field(() => [OptionView])
  options!: OptionView[];
}

@Resolver()
export class OptionsResolver {
  @Authorized()
  @Query(() => [OptionSetView], { nullable: true, description: 'Option sets with their labels, in the order asked; every set when names is omitted' })
  optionSets(
    @Arg('names', () => [OptionSetNameEnum], { nullable: true }) names: OptionSetName[] | null | undefined,
    @Ctx() { languages }: GraphQLContext,
  ): OptionSetView[] {
    const language = labelLanguageOf(languages);
    return (names ?? OPTION_SET_NAMES).map((name) => ({
      name,
      valueType: OPTION_SETS[name].valueType,
      options: labelledOptions(name, language).map(({ value, label }) => ({ value: String(value), label })),
    }));
  }
}
