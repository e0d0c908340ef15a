/**
 * The operator's details a production start requires (server/env.ts): who it is, how to reach it,
 * where to pay. Made up; shared by the test servers and the benchmarks' production starts.
 */
export const OPERATOR_ENV = {
  OPERATOR_LEGAL_NAME: "Termvest Test Holdings Ltd",
  OPERATOR_REGISTRATION_NUMBER: "RC 7654321",
  OPERATOR_REGISTERED_ADDRESS: "3 Test Close, Lagos",
  OPERATOR_REGULATOR: "not regulated",
  SUPPORT_EMAIL: "help@termvest-test.example",
  SUPPORT_PHONE: "+234 700 111 2222",
  SITE_ADDRESS: "3 Test Close, Lagos",
  BANK_UBA_ACCOUNT_NUMBER: "1020304050",
  BANK_UBA_CURRENCY: "NGN",
  KYC_ENCRYPTION_KEY: "7f3c1a9e5b2d4f60718293a4b5c6d7e8f90112233445566778899aabbccddeef",
} as const;
