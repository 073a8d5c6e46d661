import type { AccountDeleted } from '@fm/contracts';
import type { Logger } from '@fm/shared/service';
import type { Inbox } from '@fm/shared/store';
import type { Connection } from 'mongoose';
import { messagesOfMember } from './contact.service';
import { contactSubmissionModel } from './contact-submission.model';
import { contactReplyModel } from './contact-reply.model';
import { erasedMessageModel } from './erased-message.model';
import { MAIL_ENTRY_PREFIX } from './notification.service';

/** A regular expression matching `text` literally. */
const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * What contact does when a member deletes their account (auth's `account-deleted`, on
 * QUEUES.accountEventsContact): their contact messages are erased (those sent while logged in as
 * them, and those sent as a visitor with their address if it was verified: the messages their
 * export shows, with the founder's replies to them; only their ids stay, in
 * contact_erased_messages), and so are the records of the mails sent to their address; their
 * pending newsletter deliveries are skipped and every delivery record forgets their address. The
 * worker handles each event once by event id (contact's inbox, the kit's `once`): a replay is a
 * no-op (a visitor who later writes from that address loses nothing); a failure throws, and the
 * queue's retry does the rest.
 */
export class AccountDeletionService {
  private readonly submissions;
  private readonly erased;
  private readonly replies;

  constructor(
    mongo: Connection,
    /** contact's inbox: the records of the mails to the member's address are forgotten. */
    private readonly inbox: Pick<Inbox, 'forget'>,
    /** The newsletter's deliveries: a deleted member's pending ones are skipped, their address erased. */
    private readonly newsletters?: { forgetRecipient(userId: string): Promise<void> },
  ) {
    this.submissions = contactSubmissionModel(mongo);
    this.erased = erasedMessageModel(mongo);
    this.replies = contactReplyModel(mongo);
  }

  /**
   * Before the messages go: the founder's replies to them go, and only their ids stay (so a
   * reply to one answers 410, not 404).
   */
  private async eraseReplies(filter: ReturnType<typeof messagesOfMember>): Promise<void> {
    const ids = (await this.submissions.find(filter, { _id: 1 }).lean<{ _id: unknown }[]>()).map(({ _id }) =>
      String(_id),
    );
    if (!ids.length) return;
    const erasedAt = new Date();
    await this.erased.bulkWrite(
      ids.map((id) => ({
        updateOne: { filter: { _id: id }, update: { $setOnInsert: { erasedAt } }, upsert: true },
      })),
    );
    await this.replies.deleteMany({ submissionId: { $in: ids } });
  }

  async erase(event: AccountDeleted, log: Logger): Promise<void> {
    const email = event.email?.trim().toLowerCase();
    const theirs = messagesOfMember({ userId: event.userId, email, emailVerified: event.emailVerified === true });
    await this.eraseReplies(theirs);
    const messages = await this.submissions.deleteMany(theirs);
    await this.newsletters?.forgetRecipient(event.userId);
    // Mails sent to the account's address (welcome, resets, coaching, payments): the member's.
    const mailRecords = email
      ? await this.inbox.forget(new RegExp(`^${literally(MAIL_ENTRY_PREFIX)}.*:${literally(email)}$`))
      : 0;
    log.info(
      {
        userId: event.userId,
        eventId: event.eventId,
        deletedMessages: messages.deletedCount,
        deletedMailRecords: mailRecords,
      },
      'contact data of a deleted member erased',
    );
  }
}
