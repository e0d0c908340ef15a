/** What an operator is told when their change waits for a second admin (four eyes), before what it does. */
export const SENT_FOR_APPROVAL = "Sent to a second admin for approval; nothing changes until another admin approves it in Approvals:";
