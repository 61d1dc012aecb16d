/** What other features hear about accounts: the referral programme attributes registrations. */
export interface AccountCreated {
  login: string;
  ipV4: string;
  ipV6: string;
  /** The request's cookies, where the referral cookie lives. */
  cookieHeader: string | undefined;
}

type Listener = (event: AccountCreated) => Promise<void> | void;

export class AccountEvents {
  private readonly created: Listener[] = [];

  onAccountCreated(listener: Listener): void {
    this.created.push(listener);
  }

  /** Runs every listener; a failing listener is reported but never undoes the registration. */
  async accountCreated(event: AccountCreated, onError: (error: unknown) => void): Promise<void> {
    for (const listener of this.created) {
      try {
        await listener(event);
      } catch (error) {
        onError(error);
      }
    }
  }
}
