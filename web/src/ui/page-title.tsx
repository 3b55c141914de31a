import { PRODUCT_NAME } from '@kora/contracts';

/** React 19 hoists <title> into <head>; the product name closes every page title. */
export function PageTitle({ title }: { title?: string }) {
  return <title>{title ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME}</title>;
}
