// The length rule of chosen passwords, on its own so forms can show it without bundling the
// common-password list (password-policy.ts holds the whole check).
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;
