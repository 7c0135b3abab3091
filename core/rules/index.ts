/** Rules applied when a catalog is saved: plan limits that block the save, and the size limit. */
export { countPages, countProducts } from './counts.ts';
export {
  PLAN_LIMIT_MESSAGES,
  checkPlanLimits,
  type PlanCheck,
  type PlanViolation,
  type PlanViolationCode,
} from './plan-limits.ts';
export { enforceSizeLimit, serializedSize, utf8ByteLength, type SizeLimitResult } from './size-limit.ts';
export { LAYOUT_IN_USE_MESSAGE, checkLayoutDeletion } from './layout-deletion.ts';
export {
  TOUR_STEPS,
  TUTORIAL_VIDEOS,
  hasOrganizerMode,
  isTutorial,
  ratingAnswer,
  shouldAskRating,
  tutorialLink,
  type AssistFlags,
  type TutorialVideo,
} from './editor-assist.ts';
