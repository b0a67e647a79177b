import { describe, expect, it } from 'vitest';
import { newsletterActions } from './newsletters';

const STAFF = ['newsletters.manage'];
const APPROVER = ['newsletters.manage', 'newsletters.approve'];
const actions = (deliveryStatus: string, isPublished: boolean, permissions = STAFF) =>
  newsletterActions({ deliveryStatus, isPublished }, permissions);

describe('newsletter actions per delivery status (the specification table)', () => {
  it('saved: edit and send test, and the submit for approval', () => {
    expect(actions('saved', false)).toEqual(['edit', 'test', 'submit']);
  });
  it('pending and unpublished: approval (only with the approve permission) and terminate', () => {
    expect(actions('pending', false)).toEqual(['terminate']);
    expect(actions('pending', false, APPROVER)).toEqual(['approve', 'terminate']);
  });
  it('pending or paused and published: pause or resume, terminate; delete once paused', () => {
    expect(actions('pending', true)).toEqual(['pause', 'terminate']);
    expect(actions('paused', true)).toEqual(['resume', 'terminate', 'delete']);
  });
  it('sent and terminated: delete only; nothing without the permission', () => {
    expect(actions('sent', true)).toEqual(['delete']);
    expect(actions('terminated', true)).toEqual(['delete']);
    expect(actions('saved', false, [])).toEqual([]);
    expect(actions('paused', true, [])).toEqual([]);
  });
});
