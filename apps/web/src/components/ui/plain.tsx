// Light building blocks for the storefront's first load (the header and the home): a button, a link drawn
// as a button, and a native select with Mantine's look (plain.module.css) but none of its
// component code, which the first load would otherwise download (docs/performance/first-load.md).
// Other pages keep Mantine's components.
import {
  useId,
  type ButtonHTMLAttributes,
  type HTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
} from 'react';
import { Link, type LinkProps } from '../../lib/router';
import classes from './plain.module.css';

export type PlainButtonVariant = 'filled' | 'subtle' | 'default';

interface ButtonLook {
  variant?: PlainButtonVariant;
  leftSection?: ReactNode;
  rightSection?: ReactNode;
  children?: ReactNode;
}

// Mantine's focus ring (global.css) and press effect, as its buttons have.
const buttonClass = (className?: string) =>
  `${classes.button} mantine-focus-auto mantine-active${className ? ` ${className}` : ''}`;

const buttonData = ({ variant = 'filled', leftSection, rightSection }: ButtonLook) => ({
  'data-variant': variant,
  'data-with-left-section': leftSection ? true : undefined,
  'data-with-right-section': rightSection ? true : undefined,
});

function ButtonInner({ leftSection, rightSection, children }: ButtonLook) {
  return (
    <span className={classes.buttonInner}>
      {leftSection ? (
        <span className={classes.buttonSection} data-position="left">
          {leftSection}
        </span>
      ) : null}
      <span className={classes.buttonLabel}>{children}</span>
      {rightSection ? (
        <span className={classes.buttonSection} data-position="right">
          {rightSection}
        </span>
      ) : null}
    </span>
  );
}

export type PlainButtonProps = ButtonLook &
  Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> & { ref?: Ref<HTMLButtonElement> };

export function PlainButton({
  variant,
  leftSection,
  rightSection,
  children,
  className,
  type = 'button',
  ...props
}: PlainButtonProps) {
  const look = { variant, leftSection, rightSection };
  return (
    <button type={type} className={buttonClass(className)} {...buttonData(look)} {...props}>
      <ButtonInner {...look}>{children}</ButtonInner>
    </button>
  );
}

export type PlainLinkButtonProps = ButtonLook & Omit<LinkProps, 'children'>;

/** A link drawn as a button. */
export function PlainLinkButton({
  variant,
  leftSection,
  rightSection,
  children,
  className,
  ...props
}: PlainLinkButtonProps) {
  const look = { variant, leftSection, rightSection };
  return (
    <Link className={buttonClass(className)} {...buttonData(look)} {...props}>
      <ButtonInner {...look}>{children}</ButtonInner>
    </Link>
  );
}

export interface PlainSelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'size'> {
  label: ReactNode;
  data: { value: string; label: string }[];
  size?: 'xs' | 'sm';
  /** Where the label and the field go (a wrapper around both). */
  className?: string;
}

// Mantine's up-and-down chevron of its selects.
const CHEVRON =
  'M4.93179 5.43179C4.75605 5.60753 4.75605 5.89245 4.93179 6.06819C5.10753 6.24392 5.39245 6.24392 5.56819 6.06819L7.49999 4.13638L9.43179 6.06819C9.60753 6.24392 9.89245 6.24392 10.0682 6.06819C10.2439 5.89245 10.2439 5.60753 10.0682 5.43179L7.81819 3.18179C7.73379 3.0974 7.61933 3.04999 7.49999 3.04999C7.38064 3.04999 7.26618 3.0974 7.18179 3.18179L4.93179 5.43179ZM10.0682 9.56819C10.2439 9.39245 10.2439 9.10753 10.0682 8.93179C9.89245 8.75606 9.60753 8.75606 9.43179 8.93179L7.49999 10.8636L5.56819 8.93179C5.39245 8.75606 5.10753 8.75606 4.93179 8.93179C4.75605 9.10753 4.75605 9.39245 4.93179 9.56819L7.18179 11.8182C7.35753 11.9939 7.64245 11.9939 7.81819 11.8182L10.0682 9.56819Z';

/** A labelled native select with Mantine's NativeSelect look. */
export function PlainSelect({ label, data, size = 'sm', className, id, ...props }: PlainSelectProps) {
  const ownId = useId();
  const selectId = id ?? ownId;
  const sizeClass = size === 'xs' ? ` ${classes.xs}` : '';
  return (
    <div className={className}>
      <label htmlFor={selectId} className={`${classes.label}${sizeClass}`}>
        {label}
      </label>
      <div className={`${classes.selectWrapper}${sizeClass}`}>
        <select id={selectId} className={`${classes.input} ${classes.select}${sizeClass}`} {...props}>
          {data.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <span className={classes.chevron} aria-hidden="true">
          <svg
            viewBox="0 0 15 15"
            width={size === 'xs' ? 14 : 18}
            height={size === 'xs' ? 14 : 18}
            fill="none"
          >
            <path d={CHEVRON} fill="currentColor" fillRule="evenodd" clipRule="evenodd" />
          </svg>
        </span>
      </div>
    </div>
  );
}

/** Mantine's text input look, for a plain <input>. */
export const plainInputClass = classes.input;

export interface PlainAlertProps extends Omit<HTMLAttributes<HTMLDivElement>, 'color'> {
  /** The primary colour (information) or red (a failure). */
  color?: 'primary' | 'red';
  icon?: ReactNode;
  /** A bold first line. */
  heading?: ReactNode;
}

/** A message in a tinted box with its icon: Mantine's Alert (light variant) look. */
export function PlainAlert({
  color = 'primary',
  icon,
  heading,
  children,
  className,
  ...props
}: PlainAlertProps) {
  return (
    <div className={`${classes.alert}${className ? ` ${className}` : ''}`} data-color={color} {...props}>
      {icon ? <div className={classes.alertIcon}>{icon}</div> : null}
      <div className={classes.alertBody}>
        {heading ? <div className={classes.alertHeading}>{heading}</div> : null}
        <div className={classes.alertMessage}>{children}</div>
      </div>
    </div>
  );
}

/** Mantine's Card look (border, radius md, a column), for any element; the padding is the caller's. */
export const plainCardClass = classes.card;

/** Mantine's Anchor look, with its focus ring. */
export const plainAnchorClass = `${classes.anchor} mantine-focus-auto`;
