/**
 * Where the "new version available" prompt may appear. During a checkout (filling in the order, or
 * paying again for one) the prompt waits: it shows again once the customer leaves those screens.
 */
const CHECKOUT_PATHS = ['/checkout', '/retry-payment'];

export function isCheckoutPath(pathname: string): boolean {
  return CHECKOUT_PATHS.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}
