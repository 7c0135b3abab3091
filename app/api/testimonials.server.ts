import { z } from 'zod';
import {
  listOwnTestimonials,
  listTestimonials,
  recordStaffAction,
  reviewTestimonial,
  submitTestimonial,
  TESTIMONIAL_SORTS,
  TestimonialInput,
  TestimonialReview,
  withdrawTestimonial,
} from '../../server/accounts/index.ts';
import { defineEndpoint } from '../../server/runtime/index.ts';
import { sortNames } from '../../db/list-sort.ts';

// Testimonials (issue 27): merchants write them from the dashboard, staff approve or reject them, /testimonials
// shows the approved ones. A merchant reads and withdraws only their own.

const TestimonialView = z.object({
  _id: z.string(),
  text: z.string(),
  name: z.string(),
  business: z.string(),
  language: z.enum(['en', 'fr']),
  status: z.enum(['pending', 'approved', 'rejected']),
  created_at: z.string(),
  reviewed_at: z.string().nullable(),
});

export const listOwnTestimonialsEndpoint = defineEndpoint(
  {
    method: 'GET',
    path: '/api/v1/testimonials',
    summary: 'The testimonials the signed-in merchant wrote, newest first, each with its status',
    tags: ['testimonials'],
    auth: 'user',
    response: z.object({ data: z.array(TestimonialView) }),
  },
  async ({ user, runtime }) => ({ data: await listOwnTestimonials({ db: runtime.db, ownerId: user.id }) }),
);

export const submitTestimonialEndpoint = defineEndpoint(
  {
    method: 'POST',
    path: '/api/v1/testimonials',
    summary:
      'Write a testimonial (text, name shown, business, language of the page it is for); kept as plain text, ' +
      'shown on /testimonials once staff approve it',
    tags: ['testimonials'],
    auth: 'user',
    body: TestimonialInput,
    response: z.object({ data: TestimonialView }),
  },
  async ({ user, body, runtime }) => ({
    data: await submitTestimonial({ db: runtime.db, ownerId: user.id, input: body }),
  }),
);

export const withdrawTestimonialEndpoint = defineEndpoint(
  {
    method: 'DELETE',
    path: '/api/v1/testimonials/{testimonialId}',
    summary: 'Withdraw one of your testimonials (published or not)',
    tags: ['testimonials'],
    auth: 'user',
    response: z.object({ deleted: z.boolean() }),
    errors: [404],
  },
  async ({ user, params, runtime }) => {
    await withdrawTestimonial({ db: runtime.db, ownerId: user.id, id: params.testimonialId ?? '' });
    return { deleted: true };
  },
);

export const allTestimonialsEndpoint = defineEndpoint(
  {
    method: 'GET',
    path: '/api/v1/all-testimonials',
    summary: "Staff: every merchant's testimonials (page, limit, filter, sort), with the author's address",
    tags: ['testimonials', 'admin'],
    auth: 'admin',
    query: z.object({
      page: z.coerce.number().int().min(1).max(100_000).default(1),
      limit: z.coerce.number().int().min(1).max(100).default(10),
      filter: z.string().trim().max(200).optional(),
      sort: z.enum(sortNames(TESTIMONIAL_SORTS) as [string, ...string[]]).optional(),
    }),
    response: z.object({
      data: z.array(TestimonialView.extend({ email: z.string() })),
      total: z.number(),
      count: z.number(),
    }),
    errors: [403],
  },
  async ({ query, runtime }) => listTestimonials({ db: runtime.db, ...query }),
);

export const reviewTestimonialEndpoint = defineEndpoint(
  {
    method: 'PUT',
    path: '/api/v1/testimonials/{testimonialId}/review',
    summary: 'Staff: approve a testimonial (it appears on /testimonials in its language) or reject it',
    tags: ['testimonials', 'admin'],
    auth: 'admin',
    body: TestimonialReview,
    response: z.object({ data: TestimonialView }),
    errors: [403, 404],
  },
  async ({ user, params, body, runtime }) => {
    const data = await reviewTestimonial({
      db: runtime.db,
      id: params.testimonialId ?? '',
      status: body.status,
    });
    await recordStaffAction({
      db: runtime.db,
      actor: user,
      action: body.status === 'approved' ? 'approve_testimonial' : 'reject_testimonial',
      subjectType: 'testimonial',
      subjectId: data._id,
    });
    return { data };
  },
);
