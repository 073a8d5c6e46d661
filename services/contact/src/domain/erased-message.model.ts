import { registerModel, schemaOptions } from '@fm/shared/store';
import { type Connection, type Model, Schema } from 'mongoose';

/**
 * The id of a contact message erased with its sender's account (and when): nothing else of it.
 * The console's reply to such a message answers 410 instead of 404.
 */
export interface ErasedMessage {
  _id: string;
  erasedAt: Date;
}

const erasedMessageSchema = new Schema<ErasedMessage>(
  {
    _id: { type: String, required: true },
    erasedAt: { type: Date, required: true },
  },
  schemaOptions({ collection: 'contact_erased_messages', timestamps: false }),
);

export function erasedMessageModel(mongo: Connection): Model<ErasedMessage> {
  return registerModel(mongo, 'ContactErasedMessage', erasedMessageSchema);
}
