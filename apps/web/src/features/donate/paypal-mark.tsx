/**
 * PayPal's name as its mark writes it (two blues, bold italic), drawn with CSS: no image from
 * PayPal's hosts, which the content security policy would refuse. A brand name, the same in
 * every language.
 */
export const PaypalMark = () => (
  <span className="paypal-mark" lang="en">
    <span className="paypal-mark__pay">Pay</span>
    <span className="paypal-mark__pal">Pal</span>
  </span>
);
