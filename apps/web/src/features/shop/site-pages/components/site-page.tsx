// A legal page of the storefront (CGV, mentions légales, contact): its title, its text as the server
// drew it from the Markdown the back office edits (sanitised there: no script, no event attribute),
// the CGV's version, and on the contact page every agency with its address, phone and opening hours.
import { Alert, Text, Title } from '@mantine/core';
import { formatDate } from '@comptoir/shared/format';
import type { ContactAgency } from '@comptoir/shared/site-pages';
import { SITE_PAGE_TITLES, type SitePage } from '@comptoir/shared/site-pages-texts';
import { errorMessage } from '../../../../lib/api';
import { AlertIcon } from '../../../../components/ui/icons';
import { PageHeader } from '../../../../components/ui/page-header';
import { PageLoader } from '../../../../components/ui/page-loader';
import { useSitePage } from '../api/site-page';
import { SITE_PAGE_LABELS } from '../labels';
import classes from './site-page.module.css';

export function SitePageView({ page }: { page: SitePage }) {
  const query = useSitePage(page);
  const title = SITE_PAGE_TITLES[page];
  if (query.isPending) return <PageLoader />;
  if (query.isError)
    return (
      <>
        <PageHeader title={title} />
        <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
          {errorMessage(query.error)}
        </Alert>
      </>
    );
  const { html, version, date, agences } = query.data;
  return (
    <>
      <PageHeader
        title={title}
        subtitle={
          page === 'cgv' && version !== null ? SITE_PAGE_LABELS.version(version, formatDate(date)) : undefined
        }
      />
      {html === '' ? (
        <Text>{SITE_PAGE_LABELS.notWritten}</Text>
      ) : (
        // The server's sanitised HTML (sanitize-html's allowlist), never the Markdown as typed.
        <div className={classes.text} dangerouslySetInnerHTML={{ __html: html }} />
      )}
      {page === 'contact' && agences.length > 0 ? <Agencies agencies={agences} /> : null}
    </>
  );
}

function Agencies({ agencies }: { agencies: ContactAgency[] }) {
  return (
    <section aria-labelledby="contact-agencies">
      <Title order={2} fz="h3" mt="xl" mb="md" id="contact-agencies">
        {SITE_PAGE_LABELS.agencies}
      </Title>
      <ul className={classes.agencies}>
        {agencies.map((agency) => (
          <li key={agency.code} className={classes.agency}>
            <h3>{agency.libelle}</h3>
            <address style={{ fontStyle: 'normal' }}>
              {agency.adresse ? <p>{agency.adresse}</p> : null}
              {agency.codePostal || agency.ville ? (
                <p>{[agency.codePostal, agency.ville].filter(Boolean).join(' ')}</p>
              ) : null}
              {agency.telephone ? (
                <p>
                  {SITE_PAGE_LABELS.phone} :{' '}
                  <a className={classes.phone} href={`tel:${agency.telephone.replace(/[^\d+]/g, '')}`}>
                    {agency.telephone}
                  </a>
                </p>
              ) : null}
            </address>
            <p>
              {agency.horaires ? `${SITE_PAGE_LABELS.hours} : ${agency.horaires}` : SITE_PAGE_LABELS.noHours}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
