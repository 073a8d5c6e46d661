import type { AccountDeleted, Inbox, Logger } from '@fm/shared';
import type { Connection } from 'mongoose';
import { messagesOfMember } from './contact.service';
import { contactSubmissionModel } from './contact-submission.model';
import { MAIL_ENTRY_PREFIX } from './notification.service';

export type AccountDeletionOutcome = 'done' | 'duplicate';

/** A regular expression matching `text` literally. */
const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * What contact does when a member deletes their account (auth's `account-deleted`, on
 * QUEUES.accountEventsContact): their contact messages are erased (those sent while logged in as
 * them, and those sent as a visitor with their address if it was verified: the messages their
 * export shows), and so are the records of the mails sent to their address. Handled once per
 * event id (contact's inbox): a replay is a no-op (a visitor who later writes from that address
 * loses nothing); a failure throws, and the queue's retry does the rest.
 */
export class AccountDeletionService {
  private readonly submissions;

  constructor(
    mongo: Connection,
    private readonly inbox: Inbox,
  ) {
    this.submissions = contactSubmissionModel(mongo);
  }

  async handle(event: AccountDeleted, log: Logger): Promise<AccountDeletionOutcome> {
    const context = { userId: event.userId, eventId: event.eventId };
    const result = await this.inbox.once(event.eventId, () => this.erase(event, log));
    if (result.status === 'in-progress') {
      throw new Error(
        `account-deleted ${event.eventId} is being handled elsewhere; retry in ${result.retryAfterSeconds} s`,
      );
    }
    if (result.status === 'duplicate') {
      log.info(context, 'account-deleted already processed');
      return 'duplicate';
    }
    return 'done';
  }

  private async erase(event: AccountDeleted, log: Logger): Promise<void> {
    const email = event.email?.trim().toLowerCase();
    const messages = await this.submissions.deleteMany(
      messagesOfMember({ userId: event.userId, email, emailVerified: event.emailVerified === true }),
    );
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
