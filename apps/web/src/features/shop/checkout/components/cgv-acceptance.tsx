// The checkout's acceptance of the CGV: a checkbox with a link to their page (a new tab, so that the
// order being filled stays), naming the version accepted; the server refuses an order without it.
import { Anchor, Checkbox, VisuallyHidden } from '@mantine/core';
import { formatDate } from '@comptoir/shared/format';
import { CGV_ACCEPT_LABEL, cgvVersionText, type CgvAccepted } from '@comptoir/shared/site-pages';
import { paths } from '../../../../config/paths';
import { CHECKOUT_LABELS } from '../labels';

export function CgvAcceptance({
  cgv,
  checked,
  onChange,
}: {
  cgv: CgvAccepted;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <Checkbox
      // 24 px: a target a thumb can hit (WCAG 2.2 target size), the link beside it in the label.
      size="md"
      checked={checked}
      onChange={(event) => onChange(event.currentTarget.checked)}
      label={
        <>
          {CGV_ACCEPT_LABEL}{' '}
          <Anchor href={paths.shop.cgv.getHref()} target="_blank" rel="noopener" inherit>
            {CHECKOUT_LABELS.cgvLink}
            <VisuallyHidden component="span"> {CHECKOUT_LABELS.cgvNewTab}</VisuallyHidden>
          </Anchor>{' '}
          ({cgvVersionText(cgv.version, formatDate(cgv.date))})
        </>
      }
    />
  );
}
