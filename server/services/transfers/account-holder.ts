/** A user as a transfer or a money request names them: the account's id, the name they gave, their e-mail. */
export interface AccountHolder {
  id: string;
  name: string;
  email: string;
}
