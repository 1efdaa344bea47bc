/** GET /api/admin/mail (issue 20): the messages the embedded Mail default kept (no SMTP_URL), for the manager's "Sent mail" list. */
import { z } from 'zod/mini';

export const sentMailSchema = z.object({
  id: z.number().check(z.int(), z.positive()),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.nullable(z.string()),
  createdAt: z.string(),
});
export type SentMailView = z.infer<typeof sentMailSchema>;

export const sentMailResponseSchema = z.object({
  /** SMTP_URL is set: mail is really sent, and nothing new is kept here. */
  smtp: z.boolean(),
  messages: z.array(sentMailSchema),
});
export type SentMailResponse = z.infer<typeof sentMailResponseSchema>;
