/** Order feedback (spec §2 Order details 'Send Feedback'): a 1-5 rating and a short message about one of my orders. */
import { z } from 'zod/mini';

export const MIN_FEEDBACK_RATING = 1;
export const MAX_FEEDBACK_RATING = 5;
export const MAX_FEEDBACK_MESSAGE_LENGTH = 1000;

/** POST /api/orders/:orderNumber/feedback body. */
export const orderFeedbackInputSchema = z.object({
  rating: z.number().check(z.int(), z.gte(MIN_FEEDBACK_RATING), z.lte(MAX_FEEDBACK_RATING)),
  message: z.string().check(z.trim(), z.maxLength(MAX_FEEDBACK_MESSAGE_LENGTH)),
});
export type OrderFeedbackInput = z.infer<typeof orderFeedbackInputSchema>;

export const orderFeedbackSchema = z.object({
  id: z.number().check(z.int(), z.positive()),
  orderNumber: z.string(),
  rating: z.number().check(z.int(), z.gte(MIN_FEEDBACK_RATING), z.lte(MAX_FEEDBACK_RATING)),
  message: z.string(),
  createdAt: z.string(),
});
export type OrderFeedback = z.infer<typeof orderFeedbackSchema>;

export const orderFeedbackResponseSchema = z.object({ feedback: orderFeedbackSchema });
