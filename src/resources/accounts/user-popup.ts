import { defineResource } from '../define';
import { bool, datetime, integer, longText, text } from '../fields';
import { obj, recordOf, str } from '../answers';

/** An announcement shown once to each user while it is active (maintenance windows, new features). */
export const userPopup = defineResource({
  name: 'user_popup',
  label: 'User popup',
  perms: { app: 'accounts', model: 'userpopup' },
  fields: {
    title: text({ required: true, max: 200 }),
    message: longText({ required: true }),
    active: bool({ default: true, index: true }),
    starts_at: datetime(),
    ends_at: datetime(),
  },
  list: { columns: ['title', 'active', 'starts_at', 'ends_at'], search: ['title'], ordering: ['-id'] },
  actions: {
    // The active popups the user has not dismissed yet, oldest first.
    get_user_popups: { on: 'collection', method: 'GET', permission: 'authenticated', result: 'list', answer: recordOf('user_popup') },
    view_user_popup: {
      on: 'collection', method: 'POST', permission: 'authenticated', label: 'Mark a popup viewed', result: 'object', answer: obj({ detail: str() }),
      input: { popupId: integer({ required: true, min: 1, label: 'Popup' }) },
    },
  },
});
