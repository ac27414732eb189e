import { describe, expect, it } from 'vitest';
import { resource } from '../../src/admin/resources/index.ts';
import { formDefaults } from '../../src/lib/forms/schema.ts';
import { prepareUserBody, userFields } from '../../src/lib/forms/users.ts';

describe('user accounts: new ones start active', () => {
  it('the create form of a user and of an ad starts with active on; a loaded record keeps its value', () => {
    expect(formDefaults(userFields).active).toBe(true);
    expect(formDefaults(resource('ad').fields).active).toBe(true);
    expect(formDefaults(userFields, { active: false }).active).toBe(false);
    expect(formDefaults(resource('consultancy').fields).verified).toBe(false);
  });
  it('so the prepared create sends active true', () => {
    expect(
      prepareUserBody({ ...formDefaults(userFields), email: 'a@b.np', role: 'student', password: 'secret123' }, 'create'),
    ).toMatchObject({ active: true });
  });
});

describe('user accounts: institution links follow the role', () => {
  it('moving a consultancy account to college sends the college and null for the rest', () => {
    const body = prepareUserBody({ role: 'college', consultancy_id: '7', college_id: '3', university_id: '' }, 'update');
    expect(body).toMatchObject({ role: 'college', college_id: 3, consultancy_id: null, university_id: null });
  });
  it("an emptied link of the role's own kind is sent as null, not left out", () => {
    expect(prepareUserBody({ role: 'consultancy', consultancy_id: '', college_id: '', university_id: '' }, 'update')).toMatchObject({
      consultancy_id: null,
      college_id: null,
      university_id: null,
    });
  });
  it('admin and student accounts are linked to nothing', () => {
    for (const role of ['admin', 'student']) {
      expect(prepareUserBody({ role, consultancy_id: '7', college_id: '', university_id: '9' }, 'update')).toMatchObject({
        consultancy_id: null,
        college_id: null,
        university_id: null,
      });
    }
  });
  it('without a role in the values the links are prepared as usual', () => {
    expect(prepareUserBody({ first_name: 'Asha', college_id: '' }, 'update')).toEqual({ first_name: 'Asha' });
  });
});
