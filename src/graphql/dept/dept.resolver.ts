// The department tree of the caller's tenant (system:dept:*).
import { Arg, Authorized, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { DeptRecord, DeptTreeNode } from '../../core/dept/dept-service';
import { Int64 } from '../common/scalars';
import { savedId } from '../common/saved-id';
import type { GraphQLContext } from '../context';
import { DeptSaveReqVO, DeptTreeNodeView, DeptView } from './dept.types';

@Resolver()
export class DeptResolver {
  @Authorized('system:dept:create')
  @Mutation(() => DeptView, { description: 'Creates a department; answers it' })
  async createDept(@Arg('input', () => DeptSaveReqVO) input: DeptSaveReqVO, @Ctx() context: GraphQLContext): Promise<DeptRecord> {
    const { ctx, core } = context;
    return this.dept(await core.depts.create(ctx, input), context);
  }

  @Authorized('system:dept:update')
  @Mutation(() => DeptView, { description: 'Updates a department; it cannot move under itself or a descendant' })
  async updateDept(@Arg('input', () => DeptSaveReqVO) input: DeptSaveReqVO, @Ctx() context: GraphQLContext): Promise<DeptRecord> {
    const { ctx, core } = context;
    await core.depts.update(ctx, input);
    return this.dept(savedId(input), context);
  }

  @Authorized('system:dept:delete')
  @Mutation(() => Boolean, { description: 'Refused while the department has children or users' })
  async deleteDept(@Arg('id', () => Int64) id: number, @Ctx() { ctx, core }: GraphQLContext): Promise<boolean> {
    await core.depts.delete(ctx, id);
    return true;
  }

  @Authorized('system:dept:query')
  @Query(() => DeptView, { nullable: true, description: 'A department of the tenant; DEPT_NOT_FOUND otherwise' })
  dept(@Arg('id', () => Int64) id: number, @Ctx() { ctx, core }: GraphQLContext): Promise<DeptRecord> {
    return core.depts.get(ctx, id);
  }

  @Authorized('system:dept:query')
  @Query(() => [DeptTreeNodeView], {
    nullable: true,
    description: 'The departments as a tree; with filters, each match hangs under its nearest matching ancestor',
  })
  deptTree(
    @Arg('name', () => String, { nullable: true, description: 'Contained in the name' }) name: string | null,
    @Arg('status', () => Int, { nullable: true }) status: number | null,
    @Ctx() { ctx, core }: GraphQLContext,
  ): Promise<DeptTreeNode[]> {
    return core.depts.tree(ctx, { name, status });
  }

  @Authorized('system:dept:query')
  @Query(() => [DeptView], { nullable: true, description: 'Every department (of a status, with a name containing name, when given), flat: the tree is built from parentId' })
  deptList(
    @Arg('name', () => String, { nullable: true, description: 'Contained in the name' }) name: string | null,
    @Arg('status', () => Int, { nullable: true }) status: number | null,
    @Ctx() { ctx, core }: GraphQLContext,
  ): Promise<DeptRecord[]> {
    return core.depts.list(ctx, { name, status });
  }

  @Authorized()
  @Query(() => [DeptView], { nullable: true, description: 'Enabled departments, flat, for pickers' })
  deptSimpleList(@Ctx() { ctx, core }: GraphQLContext): Promise<DeptRecord[]> {
    return core.depts.simpleList(ctx);
  }
}
