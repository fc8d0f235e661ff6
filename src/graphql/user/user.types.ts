import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { type UserRecord, userPageSort } from '../../core/user/user-service';
import { PageOf, PageParamSortedBy } from '../common/page';
import type { FieldColumns } from '../common/selected-columns';
import { DateTime, Int64 } from '../common/scalars';

@InputType('UserSaveReqVO', { description: 'An administrator: id omitted on create, required on update' })
export class UserSaveReqVO {
  @Field(() => Int64, { nullable: true })
  id?: number | null;

  @Field(() => String, { description: '4 to 30 letters or digits; unique in the tenant' })
  username!: string;

  @Field(() => String, { description: 'At most 30 characters' })
  nickname!: string;

  @Field(() => String, { description: 'At most 50 characters' })
  name!: string;

  @Field(() => String, { nullable: true })
  remark?: string | null;

  @Field(() => Int64, { nullable: true, description: 'An enabled department of the tenant' })
  deptId?: number | null;

  @Field(() => [Int64], { nullable: true, description: 'Enabled posts of the tenant, each once' })
  postIds?: number[] | null;

  @Field(() => String, { nullable: true, description: 'At most 50 characters' })
  email?: string | null;

  @Field(() => String, { nullable: true })
  mobile?: string | null;

  @Field(() => Int, { nullable: true })
  sex?: number | null;

  @Field(() => String, { nullable: true })
  avatar?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'Required on create (4 to 128 characters); omitted (and ignored) on update, which keeps the stored password: updateUserPassword changes it',
  })
  password?: string | null;
}

@InputType('UserUpdateStatusReqVO')
export class UserUpdateStatusReqVO {
  @Field(() => Int64)
  id!: number;

  @Field(() => Int, { description: '0 enabled, 1 disabled (ends the user\'s sessions)' })
  status!: number;
}

@InputType('UserUpdatePasswordReqVO')
export class UserUpdatePasswordReqVO {
  @Field(() => Int64)
  id!: number;

  @Field(() => String, { description: '4 to 128 characters; the user\'s sessions end' })
  password!: string;
}

// The details a signed-in user changes themselves, through the console or the OAuth 2.0 user face.
// Decorated so that both shapes inherit the fields; no resolver names it, so it adds no type.
@InputType()
abstract class OwnDetailsFields {
  @Field(() => String, { description: 'At most 30 characters' })
  nickname!: string;

  @Field(() => String, { nullable: true, description: 'At most 50 characters' })
  email?: string | null;

  @Field(() => String, { nullable: true })
  mobile?: string | null;

  @Field(() => Int, { nullable: true })
  sex?: number | null;
}

@InputType('UserProfileUpdateReqVO', { description: 'The signed-in administrator\'s own details' })
export class UserProfileUpdateReqVO extends OwnDetailsFields {}

@InputType('UserProfileUpdatePasswordReqVO')
export class UserProfileUpdatePasswordReqVO {
  @Field(() => String)
  oldPassword!: string;

  @Field(() => String, { description: '4 to 128 characters; every session of the user ends' })
  newPassword!: string;
}

@InputType('OAuth2UserUpdateReqVO', { description: 'The signed-in user\'s own details (the OAuth 2.0 user-info face)' })
export class OAuth2UserUpdateReqVO extends OwnDetailsFields {}

@InputType('UserPageReqVO', { description: 'A page of administrators within your data scope: pageNo from 1, pageSize 1..100, optional filters' })
export class UserPageReqVO extends PageParamSortedBy('UserSortField', userPageSort) {
  @Field(() => String, { nullable: true, description: 'Contained in the username' })
  username?: string | null;

  @Field(() => String, { nullable: true, description: 'Contained in the mobile number' })
  mobile?: string | null;

  @Field(() => Int, { nullable: true })
  status?: number | null;

  @Field(() => Int64, { nullable: true, description: 'The department and every department below it' })
  deptId?: number | null;
}

@ObjectType('UserView', { description: 'An administrator of the tenant (department, roles and posts resolved per page, batched)' })
export class UserView {
  @Field(() => Int64)
  id!: number;

  @Field(() => String)
  username!: string;

  @Field(() => String)
  nickname!: string;

  @Field(() => String)
  name!: string;

  @Field(() => String, { nullable: true })
  remark!: string | null;

  @Field(() => Int64, { nullable: true })
  deptId!: number | null;

  @Field(() => String, { nullable: true })
  email!: string | null;

  @Field(() => String, { nullable: true })
  mobile!: string | null;

  @Field(() => Int, { nullable: true })
  sex!: number | null;

  @Field(() => String, { nullable: true })
  avatar!: string | null;

  @Field(() => Int, { description: '0 enabled, 1 disabled' })
  status!: number;

  @Field(() => String, { nullable: true })
  loginIp!: string | null;

  @Field(() => DateTime, { nullable: true })
  loginDate!: Date | null;

  @Field(() => DateTime, { name: 'createTime' })
  createdAt!: Date;
}

/** The columns the UserView fields not named after one column read (the resolver's roots carry them). */
export const userViewColumns: FieldColumns<UserRecord> = { createTime: ['createdAt'], dept: ['deptId'], roles: ['id'], posts: ['id'], postIds: ['id'] };

export const UserViewPage = PageOf(UserView);
