/** GET /api/admin/mail (issue 20): the messages the embedded Mail default kept (no SMTP_URL), for the manager's "Sent mail" list. */
import { z } from 'zod';

export const sentMailSchema = z.object({
  id: z.number().int().positive(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  createdAt: z.string(),
});
export type SentMailView = z.infer<typeof sentMailSchema>;

export const sentMailResponseSchema = z.object({
  /** SMTP_URL is set: mail is really sent, and nothing new is kept here. */
  smtp: z.boolean(),
  messages: z.array(sentMailSchema),
});
export type SentMailResponse = z.infer<typeof sentMailResponseSchema>;
