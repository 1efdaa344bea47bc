/** Element Timing's attribute (https://wicg.github.io/element-timing/), which React passes through as written. */
import 'react';

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the augmented interface must keep its type parameter
  interface HTMLAttributes<T> {
    elementtiming?: string;
  }
}
