// What a person typed into a form the portal could not send because their session had ended
// (components/auth/session-guard.tsx), kept in the tab's sessionStorage until they are back on
// the page signed in. Browser-only code, no React.

/** sessionStorage keys: this prefix and the page's path with its query. */
export const FORM_KEPT_PREFIX = 'fsr-portal:unsent-form:';

export interface KeptField {
  name: string;
  /** The text, the chosen option(s), or for a checkbox or radio button whether it was ticked. */
  value: string | string[] | boolean;
  /** For checkboxes and radio buttons: the control's own value, to tell same-named ones apart. */
  option?: string;
}

export interface KeptForm {
  /** The page (path and query) the form was on. */
  path: string;
  /** Its position among the page's forms. */
  form: number;
  fields: KeptField[];
}

/** Controls whose content is not the person's typing (or must never be stored). */
const SKIPPED_TYPES = new Set(['hidden', 'password', 'file', 'submit', 'button', 'reset', 'image']);

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

function controls(form: HTMLFormElement): Control[] {
  return Array.from(form.elements).filter(
    (el): el is Control =>
      (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) &&
      el.name !== '' &&
      !el.name.startsWith('$ACTION') &&
      !(el instanceof HTMLInputElement && SKIPPED_TYPES.has(el.type)),
  );
}

/** The named controls of a form and what is in them (no passwords, files or hidden fields). */
export function formFields(form: HTMLFormElement): KeptField[] {
  return controls(form).map((el) => {
    if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')) return { name: el.name, value: el.checked, option: el.value };
    if (el instanceof HTMLSelectElement && el.multiple) return { name: el.name, value: Array.from(el.selectedOptions).map((o) => o.value) };
    return { name: el.name, value: el.value };
  });
}

/** Sets a control's value as typing would, so a controlled React field hears of it too. */
function setValue(el: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, value: string): void {
  const proto = Object.getPrototypeOf(el) as object;
  const setter = Object.getOwnPropertyDescriptor(proto, 'value')?.set;
  if (setter) setter.call(el, value);
  else el.value = value;
  el.dispatchEvent(new Event('input', { bubbles: true }));
  el.dispatchEvent(new Event('change', { bubbles: true }));
}

/**
 * Puts kept values back into a form. Only when the form still has every kept control (the same
 * form, not another one at the same position); returns whether it did.
 */
export function restoreFields(form: HTMLFormElement, fields: readonly KeptField[]): boolean {
  const present = controls(form);
  const find = (field: KeptField) => present.find((el) => el.name === field.name && (field.option === undefined || (el as HTMLInputElement).value === field.option));
  if (fields.length === 0 || !fields.every((field) => find(field))) return false;
  for (const field of fields) {
    const el = find(field)!;
    if (typeof field.value === 'boolean') {
      const box = el as HTMLInputElement;
      if (box.checked !== field.value) box.click();
    } else if (Array.isArray(field.value) && el instanceof HTMLSelectElement) {
      for (const option of Array.from(el.options)) option.selected = field.value.includes(option.value);
      el.dispatchEvent(new Event('change', { bubbles: true }));
    } else if (typeof field.value === 'string') {
      setValue(el, field.value);
    }
  }
  return true;
}
