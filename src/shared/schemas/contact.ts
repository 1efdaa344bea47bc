import { z } from 'zod';

export const MAX_CONTACT_NAME_LENGTH = 80;
export const MAX_CONTACT_EMAIL_LENGTH = 200;
export const MIN_CONTACT_MESSAGE_LENGTH = 10;
export const MAX_CONTACT_MESSAGE_LENGTH = 2000;

/** POST /api/contact: the message form of the contact page (also validates the form in the browser). */
export const contactMessageSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(MAX_CONTACT_NAME_LENGTH),
  email: z.string().trim().max(MAX_CONTACT_EMAIL_LENGTH).pipe(z.email('Enter a valid e-mail address')),
  message: z
    .string()
    .trim()
    .min(MIN_CONTACT_MESSAGE_LENGTH, `Write at least ${MIN_CONTACT_MESSAGE_LENGTH} characters`)
    .max(MAX_CONTACT_MESSAGE_LENGTH),
});
export type ContactMessageInput = z.infer<typeof contactMessageSchema>;

export const contactMessageReceiptSchema = z.object({
  id: z.number().int().positive(),
  receivedAt: z.string(),
});
export type ContactMessageReceipt = z.infer<typeof contactMessageReceiptSchema>;
