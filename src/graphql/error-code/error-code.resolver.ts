import { Authorized, Field, Int, ObjectType, Query, Resolver } from 'type-graphql';
import { ErrorCatalogue } from '../../core/errors/catalogue';

@ObjectType({ description: 'A coded error the service can answer with' })
export class ErrorCodeEntry {
  @Field(() => String, { description: 'Catalogue name, e.g. TENANT_NOT_FOUND' })
  name!: string;

  @Field(() => Int)
  code!: number;

  @Field(() => String, { description: 'Message template; {name} marks a parameter' })
  message!: string;

  @Field(() => Int, { description: 'HTTP status on the REST face (200 for business rejections)' })
  httpStatus!: number;
}

@Resolver()
export class ErrorCodeResolver {
  @Authorized('system:error-code:query')
  @Query(() => [ErrorCodeEntry], { description: 'The error-code catalogue' })
  errorCodes(): ErrorCodeEntry[] {
    return Object.entries(ErrorCatalogue).map(([name, definition]) => ({
      name,
      code: definition.code,
      message: definition.template,
      httpStatus: definition.httpStatus,
    }));
  }
}
