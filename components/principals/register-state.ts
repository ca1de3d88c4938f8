import type { Principal } from '@/lib/principals/principal-store';

/** What the last reading found of a principal on the register, in words (never by colour alone). */
export function registerStateText(state: Principal['registerState']): string {
  switch (state) {
    case 'principal':
      return 'Principal with appointed representatives';
    case 'not-a-principal':
      return 'Not a principal: no appointed representatives on the register';
    case 'not-found':
      return 'No firm with this FRN on the register';
    default:
      return 'Not read yet';
  }
}
