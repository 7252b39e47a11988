import { Center, Loader } from '@mantine/core';
import { LOADING_LABEL } from './labels';

/** Shown while a page's code or its session check is loading. */
export function PageLoader({ height = '50vh' }: { height?: string | number }) {
  return (
    <Center h={height}>
      <Loader role="status" aria-label={LOADING_LABEL} />
    </Center>
  );
}
