/**
 * /privacy: what the storefront keeps about a person, why, for how long, what happens on account
 * deletion, and which cookies exist. Static text (it works offline once the app is cached).
 */
import { Link } from '@tanstack/react-router';

import './account-security.css';

export function PrivacyPage() {
  return (
    <section className="account-page">
      <h1>Privacy</h1>
      <div className="account-page__card">
        <h2>What we keep while you have an account</h2>
        <p>
          Your name, e-mail and phone; the delivery addresses you save; your orders; how you sign in (your password is stored only as a
          salted hash we cannot read back; a Google sign-in is kept as Google&apos;s id for you). We use them to take, prepare and deliver
          your orders and to show you your order history. We do not sell them or use them for advertising.
        </p>

        <h2>Orders are kept for accounting</h2>
        <p>
          The restaurant must keep its sales records for the period the law requires, so orders are not deleted. When you delete your
          account, each order loses your name, e-mail, phone, delivery address and details, delivery instructions, notes and map location;
          what stays is what was ordered, the amounts, the dates and how it was paid.
        </p>

        <h2>When you delete your account</h2>
        <p>
          Your profile, saved addresses, sign-in methods, open sessions on every device, e-mail links, remembered devices and the feedback
          you wrote about orders are deleted at once, and this device forgets your data. You can do it, and download a copy of your data
          first, on your <Link to="/profile">profile</Link> under Security.
        </p>

        <h2>Card payments</h2>
        <p>Card details go straight to the payment provider&apos;s checkout page; we never see or store your card number.</p>

        <h2>Cookies</h2>
        <p>Only the cookies the site needs to work; no advertising or analytics cookies.</p>
        <ul>
          <li>
            <strong>cg_session</strong>: keeps you signed in (up to 14 days, ended when you sign out). Readable only by our server.
          </li>
          <li>
            <strong>cg_device</strong>: remembers that this device signed in to your account, so someone trying wrong passwords elsewhere
            cannot lock you out (up to 180 days).
          </li>
          <li>
            <strong>cg_oidc</strong>: only while you sign in with Google (at most 10 minutes).
          </li>
        </ul>
        <p>
          On your device the app also keeps the menu, your cart and a copy of your orders, addresses and profile so it works offline;
          signing out removes your personal copy.
        </p>

        <h2>Security records</h2>
        <p>
          To slow down password guessing and spam, we count attempts per e-mail and per internet address. These counters hold only one-way
          hashes, never the address itself, and are removed within a day.
        </p>

        <h2>Questions</h2>
        <p>
          Write to us from the <Link to="/contact">contact page</Link>.
        </p>
      </div>
    </section>
  );
}
