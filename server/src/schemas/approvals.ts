// The provider's approvals queue (issue 11; spec 3 §1 "providers approve or decline subscription
// requests and reviews", spec 2's access requests): one list of the pending subscriptions, access
// requests and reviews of the products the caller's organisation provides. Decisions go through
// POST /subscriptions/{id}/approval, /accessRequests/{id}/approval and /reviews/{id}/approval,
// each taking ApprovalDecision ({state: approved|rejected, reason?}).
import { Type, type Static } from '@sinclair/typebox';
import { Id, Repeated } from './common.ts';
import { DateTime, Literals, Nullable, Strict } from './catalogue.ts';
import { APPROVALS_PAGE_SIZE, MAX_PAGE_LIMIT } from '../../../src/rules/constants.ts';
import { ApplicationProfileGiven } from './accessRequests.ts';

export const APPROVAL_TYPES = ['subscription', 'accessRequest', 'review'] as const;

export const ApprovalItem = Type.Object({
  type: Literals(APPROVAL_TYPES),
  /** The subscription's, access request's or review's id (the approval route's {id}). */
  id: Type.String(),
  title: Type.String(),
  product: Type.Object({ id: Type.String(), title: Type.String() }),
  /** The consumer organisation asking. */
  organisation: Type.Object({ id: Type.String(), name: Type.String() }),
  requestedBy: Nullable(Type.Object({ id: Type.String(), name: Type.String() })),
  requestedAt: DateTime,
  /** type subscription: the plan, the owner, and the additional information against its schema. */
  subscription: Nullable(Type.Object({
    plan: Type.Object({ id: Type.String(), title: Type.String(), type: Type.String() }),
    owner: Type.Object({ type: Type.String(), id: Type.String(), name: Nullable(Type.String()) }),
    data: Type.Unknown(),
    schema: Type.Unknown(),
  })),
  /** type accessRequest: the application, the resource and the subscription it is under, and the
   * information given against the resource's access request definition schema. */
  accessRequest: Nullable(Type.Object({
    application: Type.Object({ id: Type.String(), title: Type.String() }),
    assetResource: Type.Object({ id: Type.String(), title: Type.String() }),
    subscription: Type.Object({ id: Type.String(), title: Type.String() }),
    data: Type.Unknown(),
    schema: Type.Unknown(),
    /** The application's attributes (its profile) the definition asks for, as the consumer entered them. */
    applicationProfile: Nullable(ApplicationProfileGiven),
  })),
  /** type review: its rating and comment (the title is the item's). */
  review: Nullable(Type.Object({ rating: Type.Integer(), comment: Type.String() })),
});
export type ApprovalItem = Static<typeof ApprovalItem>;

export const ApprovalsQuery = Type.Object({
  type: Repeated(Literals(APPROVAL_TYPES)),
  product: Type.Optional(Id),
  /** Default oldest first (the queue's order). */
  sort: Type.Optional(Literals(['+requestedAt', '-requestedAt'] as const)),
  limit: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_PAGE_LIMIT, default: APPROVALS_PAGE_SIZE })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000_000, default: 0 })),
}, Strict);
export type ApprovalsQuery = Static<typeof ApprovalsQuery>;
