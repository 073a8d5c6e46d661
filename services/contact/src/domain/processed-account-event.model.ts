import { registerModel, schemaOptions } from '@fm/shared';
import { type Connection, type Model, Schema } from 'mongoose';

/**
 * One account event contact has applied, keyed by the event id (written last): a replay finds it
 * and changes nothing. Holds counts only, no address. Its own collection: billing has one of the
 * same kind, and the database is shared.
 */
export interface ProcessedAccountEvent {
  _id: string;
  type: string;
  deletedMessages: number;
  deletedMailRecords: number;
  processedAt: Date;
}

const processedAccountEventSchema = new Schema<ProcessedAccountEvent>(
  {
    _id: { type: String, required: true },
    type: { type: String, required: true },
    deletedMessages: { type: Number, required: true },
    deletedMailRecords: { type: Number, required: true },
    processedAt: { type: Date, required: true },
  },
  schemaOptions({ collection: 'contact_processed_account_events', timestamps: false }),
);

export function processedAccountEventModel(mongo: Connection): Model<ProcessedAccountEvent> {
  return registerModel(mongo, 'ContactProcessedAccountEvent', processedAccountEventSchema);
}
