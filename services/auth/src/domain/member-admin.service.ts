import type { AdminMember, AdminPage } from '@fm/contracts';
import { type AdminPageQuery, findPage, NotFoundError, wordSearchFilter } from '@fm/shared/http';
import type { AuthModels, User } from './user.model';

export function adminMemberView(user: User): AdminMember {
  return {
    id: user._id,
    email: user.email,
    firstName: user.firstName ?? null,
    lastName: user.lastName ?? null,
    membershipLevel: user.membershipLevel === 'premium' ? 'premium' : 'free',
    role: user.role === 'admin' ? 'admin' : 'member',
    createdAt: new Date(user.createdAt).toISOString(),
  };
}

/**
 * The founder console's view of the members (read only: no route changes a member's role; the
 * admin command does). Search matches the email, first or last name, or "first last", as a
 * case-insensitive substring.
 */
export class MemberAdmin {
  constructor(private readonly models: Pick<AuthModels, 'User'>) {}

  list(query: AdminPageQuery & { q?: string }): Promise<AdminPage<AdminMember>> {
    // Every word in one of the fields: "ada love" finds Ada Lovelace; "example.com" finds by email.
    const filter = wordSearchFilter(query.q, ['email', 'firstName', 'lastName']);
    return findPage(this.models.User, filter, query, adminMemberView);
  }

  async get(id: string): Promise<AdminMember> {
    const user = id.length <= 100 ? await this.models.User.findById(id).lean<User>() : null;
    if (!user) throw new NotFoundError('Member not found');
    return adminMemberView(user);
  }
}
