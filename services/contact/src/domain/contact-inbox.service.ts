import type { AdminContactMessage, AdminPage } from '@fm/contracts';
import { type AuditLog, type CurrentUser, findPage, isObjectId, NotFoundError } from '@fm/shared';
import type { Connection } from 'mongoose';
import { contactSubmissionModel, type ContactSubmissionDocument } from './contact-submission.model';
import type { InboxPatch, InboxQuery } from './contact-inbox.schemas';

function inboxView(doc: ContactSubmissionDocument): AdminContactMessage {
  return {
    id: String(doc._id),
    name: doc.name,
    email: doc.email,
    message: doc.message,
    createdAt: new Date(doc.createdAt).toISOString(),
    handled: doc.handled === true,
  };
}

/**
 * The founder's contact inbox in the console: every stored message, newest first, and the
 * "handled" mark (audited). Messages stored before the mark existed read as not handled.
 */
export class ContactInbox {
  private readonly submissions;

  constructor(
    mongo: Connection,
    private readonly audit: AuditLog,
  ) {
    this.submissions = contactSubmissionModel(mongo);
  }

  list(query: InboxQuery): Promise<AdminPage<AdminContactMessage>> {
    const filter = query.handled === undefined ? {} : query.handled ? { handled: true } : { handled: { $ne: true } };
    return findPage(this.submissions, filter, query, inboxView);
  }

  async setHandled(
    actor: Pick<CurrentUser, 'id' | 'email'>,
    id: string,
    patch: InboxPatch,
  ): Promise<AdminContactMessage> {
    const before = isObjectId(id) ? await this.submissions.findById(id).lean<ContactSubmissionDocument>() : null;
    if (!before) throw new NotFoundError('Message not found');
    await this.submissions.updateOne(
      { _id: id },
      { $set: { handled: patch.handled, handledAt: patch.handled ? new Date() : null } },
    );
    const after = (await this.submissions.findById(id).lean<ContactSubmissionDocument>())!;
    await this.audit.record(actor, {
      action: 'contact-message.update',
      targetType: 'contact-message',
      targetId: id,
      // Whether it is handled. The sender's address and message stay out of the log: it is
      // append-only, and a member's deletion must not leave their address behind in it (the
      // target id names the message while it exists).
      summary: `handled: ${before.handled === true} → ${after.handled === true}`,
    });
    return inboxView(after);
  }
}
