import {
  createTheme,
  type AlertProps,
  type AnchorProps,
  type CSSVariablesResolver,
  type InputClearButtonProps,
  type MantineColorsTuple,
  type ModalProps,
  type NotificationProps,
  type PasswordInputProps,
} from '@mantine/core';
import { CLOSE_LABEL, PASSWORD_TOGGLE_LABEL } from '../components/ui/labels';

// Slate blue of the shop's signage. Shade 7 (the primary in light mode) gives 6.2:1 against white,
// so white text on buttons and primary-coloured links both pass WCAG AA.
const ardoise: MantineColorsTuple = [
  '#edf3fb',
  '#d7e3f4',
  '#adc5e8',
  '#80a5dc',
  '#5b8ad1',
  '#4379cb',
  '#3670c9',
  '#2960b2',
  '#1f5199',
  '#0f3f7a',
];

/** A component's default props in the theme, checked against its props. */
const defaults = <Props>(defaultProps: Partial<Props>) => ({ defaultProps });

export const theme = createTheme({
  primaryColor: 'ardoise',
  primaryShade: { light: 7, dark: 4 },
  colors: { ardoise },
  // Filled components pick black or white text by luminance; 0.179 is the point where both give 4.5:1.
  autoContrast: true,
  luminanceThreshold: 0.179,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  defaultRadius: 'sm',
  cursorType: 'pointer',
  // Visitors who ask their system for less motion get modals and menus without transitions.
  respectReducedMotion: true,
  // Plain objects rather than Component.extend(): importing Modal or PasswordInput here would put them
  // in the first page's JavaScript, which has neither.
  components: {
    // Mantine's close buttons are icon-only: give every one of them a French accessible name.
    Notification: defaults<NotificationProps>({ closeButtonProps: { 'aria-label': CLOSE_LABEL } }),
    Modal: defaults<ModalProps>({ closeButtonProps: { 'aria-label': CLOSE_LABEL } }),
    Alert: defaults<AlertProps>({ closeButtonLabel: CLOSE_LABEL }),
    PasswordInput: defaults<PasswordInputProps>({
      visibilityToggleButtonProps: { 'aria-label': PASSWORD_TOGGLE_LABEL },
    }),
    Anchor: defaults<AnchorProps>({ underline: 'hover' }),
    // The clear button of a clearable select or file field: 28 px (22 by default), a target of at
    // least 24 px for a thumb (WCAG's target size).
    InputClearButton: defaults<InputClearButtonProps>({ size: 'md' }),
  },
});

// Mantine's default secondary texts (gray 6, red 6) fall below 4.5:1 on white: use darker shades.
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
  },
  dark: {},
});
