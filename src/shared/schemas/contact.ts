import { z } from 'zod/mini';

export const MAX_CONTACT_NAME_LENGTH = 80;
export const MAX_CONTACT_EMAIL_LENGTH = 200;
export const MIN_CONTACT_MESSAGE_LENGTH = 10;
export const MAX_CONTACT_MESSAGE_LENGTH = 2000;

/** POST /api/contact: the message form of the contact page (also validates the form in the browser). */
export const contactMessageSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, 'Name is required'), z.maxLength(MAX_CONTACT_NAME_LENGTH)),
  email: z.pipe(z.string().check(z.trim(), z.maxLength(MAX_CONTACT_EMAIL_LENGTH)), z.email('Enter a valid e-mail address')),
  message: z
    .string()
    .check(
      z.trim(),
      z.minLength(MIN_CONTACT_MESSAGE_LENGTH, `Write at least ${MIN_CONTACT_MESSAGE_LENGTH} characters`),
      z.maxLength(MAX_CONTACT_MESSAGE_LENGTH),
    ),
});
export type ContactMessageInput = z.infer<typeof contactMessageSchema>;

export const contactMessageReceiptSchema = z.object({
  id: z.number().check(z.int(), z.positive()),
  receivedAt: z.string(),
});
export type ContactMessageReceipt = z.infer<typeof contactMessageReceiptSchema>;
