// `{list, total}` pages of the administration API, one generic definition for every resource.
import { type ClassType, Field, InputType, Int, ObjectType } from 'type-graphql';

export interface Page<T> {
  list: T[];
  total: number;
}

/** The page type of an item type: `PageOf(UserView)` -> `UserViewPage { list, total }`. */
export function PageOf<T extends object>(item: ClassType<T>) {
  @ObjectType(`${item.name}Page`)
  abstract class PageClass implements Page<T> {
    @Field(() => [item])
    list!: T[];

    @Field(() => Int)
    total!: number;
  }
  return PageClass;
}

@InputType({ description: 'Paging of a list: pageNo from 1, pageSize 1..100' })
export class PageParam {
  @Field(() => Int, { defaultValue: 1 })
  pageNo!: number;

  @Field(() => Int, { defaultValue: 10 })
  pageSize!: number;
}
