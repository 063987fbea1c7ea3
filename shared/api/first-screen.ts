/**
 * What a page's first screen needs, which the BFF inlines as JSON beside the runtime config
 * (issue 17) so that the first render waits for no round trip: whether there is a session (what
 * /bff/session would answer), and for a signed-in page the user. Never the token.
 */
import type { BackOfficeModule } from '../contract/admin';
import type { UserInfo } from '../contract/personal';

/** The id of the `<script type="application/json">` element that carries it. */
export const FIRST_SCREEN_ELEMENT_ID = 'first-screen';

export interface FirstScreen {
  authenticated: boolean;
  /** Signed in, on the user centre and the back office. */
  userInfo?: UserInfo;
  /** The back-office modules the user may open: only on the back office's pages. */
  modules?: BackOfficeModule[];
}
