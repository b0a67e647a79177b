/**
 * The Vaultdesk API's types, generated from its description (/docs/json) by openapi-typescript.
 * Do not edit: run `npm run api:client` after changing a route or a contract schema.
 */
/* eslint-disable */

export type paths = {
    "/v1/admin/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in: password step, then code step when enable2FA
         * @description Public: no session needed.
         */
        post: operations["authPostLogin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The signed-in admin, role and permissions
         * @description Needs a session whose role holds the permission `self.account` (Use own account: profile, password, sign-out). Open also before the account has enabled two-factor.
         */
        get: operations["authGetMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign out: revokes this session
         * @description Needs a session whose role holds the permission `self.account` (Use own account: profile, password, sign-out). Open also before the account has enabled two-factor.
         */
        post: operations["authPostLogout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/2fa/start/enable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start two-factor setup: QR code and secret
         * @description Needs a session whose role holds the permission `self.account` (Use own account: profile, password, sign-out). Open also before the account has enabled two-factor.
         */
        post: operations["authPost2faStartEnable"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/2fa/create/enable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Confirm two-factor setup with a code and the password
         * @description Needs a session whose role holds the permission `self.account` (Use own account: profile, password, sign-out). Open also before the account has enabled two-factor.
         */
        post: operations["authPost2faCreateEnable"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/password/update": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Change own password; revokes the other sessions
         * @description Needs a session whose role holds the permission `self.account` (Use own account: profile, password, sign-out). Open also while the account must change its password.
         */
        put: operations["authPutPasswordUpdate"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/permissions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The permission catalogue
         * @description Needs a session whose role holds the permission `admins.read` (List admin users and roles).
         */
        get: operations["adminTeamGetPermissions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/roles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Roles, paged: staff roles, or customer roles with kind=customer
         * @description Needs a session whose role holds the permission `admins.read` (List admin users and roles). With `kind=customer`, it needs the permission `users.read` (See customers: lists, searches, profiles, transactions, referrals) instead.
         */
        get: operations["adminTeamGetRoles"];
        put?: never;
        /**
         * Create a role with permissions the caller holds (403 naming the rest)
         * @description Needs a session whose role holds the permission `roles.manage` (Create, modify and delete roles).
         */
        post: operations["adminTeamPostRoles"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/setup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a pending admin and e-mail the confirmation link; only with a role whose permissions the caller holds (403 naming the rest)
         * @description Needs a session whose role holds the permission `admins.manage` (Create and remove admin users).
         */
        post: operations["adminTeamPostSetup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/users/admin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Admin users, 20 per page
         * @description Needs a session whose role holds the permission `admins.read` (List admin users and roles).
         */
        get: operations["adminTeamGetUsersAdmin"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/users/admin/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove an admin: sign-in refused and every session revoked at once; only an admin whose permissions the caller holds
         * @description Needs a session whose role holds the permission `admins.manage` (Create and remove admin users).
         */
        delete: operations["adminTeamDeleteUsersAdminById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/users/admin/{id}/role": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change an admin's role (effective on their next call): never one's own; the caller must hold every permission of both roles (403 naming the rest)
         * @description Needs a session whose role holds the permission `admins.manage` (Create and remove admin users).
         */
        patch: operations["adminTeamPatchUsersAdminRoleById"];
        trace?: never;
    };
    "/v1/admin/roles/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a role no admin holds, whose permissions the caller holds
         * @description Needs a session whose role holds the permission `roles.manage` (Create, modify and delete roles).
         */
        delete: operations["adminTeamDeleteRolesById"];
        options?: never;
        head?: never;
        /**
         * Modify a role (takes effect on its holders next call): not the role the caller holds; its permissions before and after must be the caller's (403 naming the rest)
         * @description Needs a session whose role holds the permission `roles.manage` (Create, modify and delete roles).
         */
        patch: operations["adminTeamPatchRolesById"];
        trace?: never;
    };
    "/v1/admin/roles/{id}/passkeys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Require passkeys for a role's members (who then cannot sign in with password + TOTP once they have one), or stop requiring them (held back for a second approver when the approval policy's admins kind is on); only a role whose permissions the caller holds (403 naming the rest), the caller's own included
         * @description Needs a session whose role holds the permission `roles.manage` (Create, modify and delete roles).
         */
        put: operations["adminTeamPutRolesPasskeysById"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/confirm-super": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Confirm an admin setup link (unauthenticated)
         * @description Public: no session needed.
         */
        post: operations["adminTeamPostConfirmSuper"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/dashboard": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Dashboard cards
         * @description Needs a session whose role holds the permission `dashboard.read` (See the dashboard cards).
         */
        get: operations["dashboardGet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/audit-logs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The audit trail, newest first, filterable
         * @description Needs a session whose role holds the permission `audit.read` (Read the audit trail).
         */
        get: operations["auditGetLogs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/audit-logs/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Walk the audit trail's hash chain and check the rows against every anchor (file store and chain): intact, or what does not match (409 while another check runs)
         * @description Needs a session whose role holds the permission `audit.read` (Read the audit trail).
         */
        get: operations["auditGetLogsVerify"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/audit-logs/anchors/latest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The newest anchor of the audit trail's head (from the anchors' index), and whether anchoring works here
         * @description Needs a session whose role holds the permission `audit.read` (Read the audit trail).
         */
        get: operations["auditGetLogsAnchorsLatest"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/audit-logs/anchors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Anchor the audit trail's head now: the rows since the last anchor, on chain and in the file store (409: nothing new, no chain or key configured, or an anchoring under way; 503: the chain did not take it)
         * @description Needs a session whose role holds the permission `audit.anchor` (Anchor the audit trail's head now: on chain and in the file store).
         */
        post: operations["auditPostLogsAnchors"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/overall-plans": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Savings plan counts and the USD value of active plans
         * @description Needs a session whose role holds the permission `treasury.read` (See custodial wallets, overall balances and plan totals).
         */
        get: operations["treasuryGetOverallPlans"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/overall-wallet-balances": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Customers' balances per currency, unsettled custodial balances, total USD value
         * @description Needs a session whose role holds the permission `treasury.read` (See custodial wallets, overall balances and plan totals).
         */
        get: operations["treasuryGetOverallWalletBalances"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/custodialWallet/get-addresses": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Custodial wallets with their balances, on chain or from the last snapshot
         * @description Needs a session whose role holds the permission `treasury.read` (See custodial wallets, overall balances and plan totals).
         */
        get: operations["treasuryGetCustodialWalletGetAddresses"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/dashboard/share-prices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Share price history of a protocol, newest first
         * @description Needs a session whose role holds the permission `treasury.read` (See custodial wallets, overall balances and plan totals).
         */
        get: operations["treasuryGetDashboardSharePrices"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/dashboard-trends": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Daily sign-ups and savings volume (USD) of the last 30 UTC days
         * @description Needs a session whose role holds the permission `dashboard.read` (See the dashboard cards).
         */
        get: operations["dashboardGetTrends"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/exports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * CSV exports, newest first: the caller's own, or everyone's with scope=all
         * @description Needs a session whose role holds the permission `self.account` (Use own account: profile, password, sign-out). With `scope=all`, it needs the permission `exports.audit` (See every staff member's CSV exports (who exported what, and when)) instead.
         */
        get: operations["exportsGet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/exports/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One of the caller's exports, with its progress
         * @description Needs a session whose role holds the permission `self.account` (Use own account: profile, password, sign-out).
         */
        get: operations["exportsGetById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/downloads/{file}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A finished CSV export, for the staff member who asked, with the signed link
         * @description Needs a session whose role holds the permission `self.account` (Use own account: profile, password, sign-out).
         */
        get: operations["exportsGetDownloadsByFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/search-user-date": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Users who signed up in a date range (end included), newest first; download=true exports them as CSV
         * @description Needs a session whose role holds the permission `users.read` (See customers: lists, searches, profiles, transactions, referrals).
         */
        get: operations["usersGetSearchUserDate"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Users of a country (zone, ip or residence; 'none' = unknown), newest first; download=true exports them as CSV
         * @description Needs a session whose role holds the permission `users.read` (See customers: lists, searches, profiles, transactions, referrals).
         */
        get: operations["usersGet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/search-user": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Users whose name, username, e-mail or phone contains the text (at most 20: exact matches, then newest)
         * @description Needs a session whose role holds the permission `users.read` (See customers: lists, searches, profiles, transactions, referrals).
         */
        get: operations["usersGetSearchUser"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/user-global-Search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * User advanced search: the same matching, with avatar and referrer
         * @description Needs a session whose role holds the permission `users.read` (See customers: lists, searches, profiles, transactions, referrals).
         */
        get: operations["usersGetUserGlobalSearch"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/users-by-wallet-balance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Wallets holding at least `balance` of a currency, largest first; download=true exports every one as CSV
         * @description Needs a session whose role holds the permission `users.read` (See customers: lists, searches, profiles, transactions, referrals).
         */
        get: operations["usersGetByWalletBalance"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/search-details": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A customer's profile, balances, wallets, addresses, activities and balance check
         * @description Needs a session whose role holds the permission `users.read` (See customers: lists, searches, profiles, transactions, referrals).
         */
        get: operations["userProfileGetSearchDetails"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/user-plans": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A customer's fixed and flexible savings plans
         * @description Needs a session whose role holds the permission `users.read` (See customers: lists, searches, profiles, transactions, referrals).
         */
        get: operations["userProfileGetUserPlans"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/user-wallet-transactions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A customer's wallet transactions, newest first (hidden ones included)
         * @description Needs a session whose role holds the permission `users.read` (See customers: lists, searches, profiles, transactions, referrals).
         */
        get: operations["userProfileGetUserWalletTransactions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/user-savings-transactions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A customer's savings transactions, newest first (hidden ones included)
         * @description Needs a session whose role holds the permission `users.read` (See customers: lists, searches, profiles, transactions, referrals).
         */
        get: operations["userProfileGetUserSavingsTransactions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/user-bank-details": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A customer's bank accounts
         * @description Needs a session whose role holds the permission `users.read` (See customers: lists, searches, profiles, transactions, referrals).
         */
        get: operations["userProfileGetUserBankDetails"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/get-user-usertypes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A customer's user types
         * @description Needs a session whose role holds the permission `users.read` (See customers: lists, searches, profiles, transactions, referrals).
         */
        get: operations["userProfileGetGetUserUsertypes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/filter-referal-users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Users referred by a customer in a date range, paged
         * @description Needs a session whose role holds the permission `users.read` (See customers: lists, searches, profiles, transactions, referrals).
         */
        get: operations["userProfileGetFilterReferalUsers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/user-referral-info": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Totals of a customer's referrals in a date range
         * @description Needs a session whose role holds the permission `users.read` (See customers: lists, searches, profiles, transactions, referrals).
         */
        get: operations["userProfileGetUserReferralInfo"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/update-user-trustscore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set a customer's trust score (1-100)
         * @description Needs a session whose role holds the permission `users.manage` (Change customers: lock savings, trust score, two-factor removal, record visibility, role).
         */
        post: operations["userProfilePostUpdateUserTrustscore"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/deactivate-user-two-factor": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Remove a customer's two-factor authentication
         * @description Needs a session whose role holds the permission `users.manage` (Change customers: lock savings, trust score, two-factor removal, record visibility, role).
         */
        put: operations["userProfilePutDeactivateUserTwoFactor"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/switch-savings-record": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Toggle a savings transaction's visibility
         * @description Needs a session whose role holds the permission `users.manage` (Change customers: lock savings, trust score, two-factor removal, record visibility, role).
         */
        put: operations["userProfilePutSwitchSavingsRecord"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/switch-wallet-record": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Toggle a wallet transaction's visibility
         * @description Needs a session whose role holds the permission `users.manage` (Change customers: lock savings, trust score, two-factor removal, record visibility, role).
         */
        put: operations["userProfilePutSwitchWalletRecord"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/roles/change-role": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change a customer's role (User or Staff)
         * @description Needs a session whose role holds the permission `users.manage` (Change customers: lock savings, trust score, two-factor removal, record visibility, role).
         */
        post: operations["userProfilePostRolesChangeRole"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/lock-fixed-savings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Lock (freeze) or unlock a customer's fixed savings plan
         * @description Needs a session whose role holds the permission `users.manage` (Change customers: lock savings, trust score, two-factor removal, record visibility, role).
         */
        put: operations["userFundsPutLockFixedSavings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/lock-flexible-savings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Lock an amount of a customer's flexible savings plan, or unlock it
         * @description Needs a session whose role holds the permission `users.manage` (Change customers: lock savings, trust score, two-factor removal, record visibility, role).
         */
        put: operations["userFundsPutLockFlexibleSavings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/advanced/trigger-remittance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Move a customer's whole balance in one currency (1 BUSD, 2 VLT) into a pending remittance
         * @description Needs a session whose role holds the permission `funds.remit` (Trigger a remittance of a customer's wallet funds).
         */
        post: operations["userFundsPostTriggerRemittance"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/resolve-multiple-wallet-issue": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Fold a customer's duplicate wallet into their primary (oldest active) wallet
         * @description Needs a session whose role holds the permission `wallets.resolve` (Resolve a customer's duplicate wallets).
         */
        post: operations["userFundsPostResolveMultipleWalletIssue"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/savings-plan-details": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A savings plan with its owner
         * @description Needs a session whose role holds the permission `plans.read` (See savings plan details, their batches and reward records).
         */
        get: operations["savingsPlansGetSavingsPlanDetails"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/advanced/batches-plan-was-involved": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The batches a plan was carried in, with the state of its part
         * @description Needs a session whose role holds the permission `plans.read` (See savings plan details, their batches and reward records).
         */
        get: operations["savingsPlansGetBatchesPlanWasInvolved"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/advanced/resolve-plan": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Resolve a plan's part in a batch with the transaction that carried it, checked on chain first
         * @description Needs a session whose role holds the permission `plans.resolve` (Resolve a savings plan's part in a batch).
         */
        post: operations["savingsPlansPostResolvePlan"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/advanced/vlt-reward-record": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The reward records of a plan
         * @description Needs a session whose role holds the permission `plans.read` (See savings plan details, their batches and reward records).
         */
        get: operations["savingsPlansGetVltRewardRecord"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/get-usertype-referals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Referral report of the referrers of a user type; download=true exports every referrer as CSV
         * @description Needs a session whose role holds the permission `users.read` (See customers: lists, searches, profiles, transactions, referrals).
         */
        get: operations["referralsGetGetUsertypeReferals"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/referral-user-types": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The user types the referral report can be filtered by
         * @description Needs a session whose role holds the permission `users.read` (See customers: lists, searches, profiles, transactions, referrals).
         */
        get: operations["referralsGetReferralUserTypes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/financials": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Fees collected in USD against gas spent, per currency and month, over a date range; download=true exports the months as CSV
         * @description Needs a session whose role holds the permission `reports.finance` (See the financials, weekly growth, feature usage and referral payout reports).
         */
        get: operations["reportsGetFinancials"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/growth-report": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Weekly growth: sign-ups, verified users, savings and wallet activity per week; download=true exports the weeks as CSV
         * @description Needs a session whose role holds the permission `reports.finance` (See the financials, weekly growth, feature usage and referral payout reports).
         */
        get: operations["reportsGetGrowthReport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/feature-report": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Feature usage: uses and customers per feature per week; download=true exports the weeks as CSV
         * @description Needs a session whose role holds the permission `reports.finance` (See the financials, weekly growth, feature usage and referral payout reports).
         */
        get: operations["reportsGetFeatureReport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/referral-payouts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Referral rewards paid per referrer over a date range; download=true exports them as CSV
         * @description Needs a session whose role holds the permission `reports.finance` (See the financials, weekly growth, feature usage and referral payout reports).
         */
        get: operations["reportsGetReferralPayouts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/transactions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Savings or wallet transactions in a date range, newest first; download=true exports them as CSV
         * @description Needs a session whose role holds the permission `reports.read` (See the transaction and accounts reports and export reports as CSV).
         */
        get: operations["reportsGetTransactions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/transactions/group": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Savings transactions totalled per customer and currency in a date range; download=true exports them as CSV
         * @description Needs a session whose role holds the permission `reports.read` (See the transaction and accounts reports and export reports as CSV).
         */
        get: operations["reportsGetTransactionsGroup"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/fees-collectedby-vlt": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Fees collected in a date range with their total in USD; download=true exports them as CSV
         * @description Needs a session whose role holds the permission `reports.read` (See the transaction and accounts reports and export reports as CSV).
         */
        get: operations["reportsGetFeesCollectedbyVlt"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/gas-fees-spent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Gas spent by the batches of a date range with totals; download=true exports them as CSV
         * @description Needs a session whose role holds the permission `reports.read` (See the transaction and accounts reports and export reports as CSV).
         */
        get: operations["reportsGetGasFeesSpent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The own account: name, e-mail, role, last sign-in attempts and open sessions
         * @description Needs a session whose role holds the permission `self.account` (Use own account: profile, password, sign-out).
         */
        get: operations["adminProfileGetProfile"];
        /**
         * Change the own display name
         * @description Needs a session whose role holds the permission `self.account` (Use own account: profile, password, sign-out).
         */
        put: operations["adminProfilePutProfile"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/sessions/sign-out-others": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * End every other open session of the own account
         * @description Needs a session whose role holds the permission `self.account` (Use own account: profile, password, sign-out).
         */
        post: operations["adminProfilePostSessionsSignOutOthers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/passkeys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The own passkeys (name, created, last used), whether the own role requires them, and whether one may be added now
         * @description Needs a session whose role holds the permission `self.account` (Use own account: profile, password, sign-out).
         */
        get: operations["passkeysGet"];
        put?: never;
        /**
         * Add a passkey: its name and the browser's answer to the options; a session that had to register one ends (sign in again with it)
         * @description Needs a session whose role holds the permission `self.account` (Use own account: profile, password, sign-out).
         */
        post: operations["passkeysPost"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/passkeys/options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start adding a passkey: the options for the browser (a single-use challenge). Only within the first minutes after signing in (403 otherwise)
         * @description Needs a session whose role holds the permission `self.account` (Use own account: profile, password, sign-out).
         */
        post: operations["passkeysPostOptions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/passkeys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove one of the own passkeys
         * @description Needs a session whose role holds the permission `self.account` (Use own account: profile, password, sign-out).
         */
        delete: operations["passkeysDeleteById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/passkey/options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start signing in with a passkey: the options for the browser (a single-use challenge, no e-mail needed)
         * @description Public: no session needed.
         */
        post: operations["passkeysPostAuthPasskeyOptions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/passkey/sign-in": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in with a passkey: the browser's answer to the options; the same session and answer as password + TOTP. A copied passkey (its counter did not increase) is refused and audited
         * @description Public: no session needed.
         */
        post: operations["passkeysPostAuthPasskeySignIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/finder": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Activity search: a customer's sign-ins, transactions, the staff actions on them and their notes, by e-mail
         * @description Needs a session whose role holds the permission `users.read` (See customers: lists, searches, profiles, transactions, referrals).
         */
        get: operations["finderGet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/finder/notes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Activity search over notes: the newest notes whose text holds the search (any part, any case), with their customer; KYC case notes need kyc.read
         * @description Needs a session whose role holds the permission `users.read` (See customers: lists, searches, profiles, transactions, referrals).
         */
        get: operations["finderGetNotes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/user-notes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A customer's notes, newest first, paged: those on the customer and (with kyc.read) those on their KYC case
         * @description Needs a session whose role holds the permission `users.read` (See customers: lists, searches, profiles, transactions, referrals).
         */
        get: operations["userProfileGetUserNotes"];
        put?: never;
        /**
         * Add a note to a customer (append-only: a correction is a new note naming the one it corrects in correctsId)
         * @description Needs a session whose role holds the permission `notes.write` (Add notes to a customer (user profile) and to their KYC case (Manage KYC); notes are never edited or deleted).
         */
        post: operations["userProfilePostUserNotes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/kyc/kyc-notes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A KYC case's notes, newest first, paged: those on the case and (with users.read) those on its customer
         * @description Needs a session whose role holds the permission `kyc.read` (See identity checks: the KYC list, records, images, history, suspects and levels).
         */
        get: operations["kycGetKycNotes"];
        put?: never;
        /**
         * Add a note to a KYC case (append-only: a correction is a new note naming the one it corrects in correctsId)
         * @description Needs a session whose role holds the permission `notes.write` (Add notes to a customer (user profile) and to their KYC case (Manage KYC); notes are never edited or deleted).
         */
        post: operations["kycPostKycNotes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/deposit-queue": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The deposit queue in one status, oldest first
         * @description Needs a session whose role holds the permission `queues.read` (See the deposit and withdraw queues, process lists, withdrawal-out requests, providers and bridge sell requests).
         */
        get: operations["queuesGetDepositQueue"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/update-deposit-queue-item": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Set a deposit queue item's status
         * @description Needs a session whose role holds the permission `queues.manage` (Change queue items and process lists, run and save on-chain batches, update queue and plans).
         */
        put: operations["queuesPutUpdateDepositQueueItem"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/cancel-deposit-queue-item": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Cancel a pending deposit queue item
         * @description Needs a session whose role holds the permission `queues.manage` (Change queue items and process lists, run and save on-chain batches, update queue and plans).
         */
        put: operations["queuesPutCancelDepositQueueItem"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/withdraw-queue": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The withdraw queue in one status, oldest first
         * @description Needs a session whose role holds the permission `queues.read` (See the deposit and withdraw queues, process lists, withdrawal-out requests, providers and bridge sell requests).
         */
        get: operations["queuesGetWithdrawQueue"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/update-withdraw-queue-item": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Set a withdraw queue item's status
         * @description Needs a session whose role holds the permission `queues.manage` (Change queue items and process lists, run and save on-chain batches, update queue and plans).
         */
        put: operations["queuesPutUpdateWithdrawQueueItem"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/cancel-withdraw-queue-item": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Cancel a pending withdraw queue item
         * @description Needs a session whose role holds the permission `queues.manage` (Change queue items and process lists, run and save on-chain batches, update queue and plans).
         */
        put: operations["queuesPutCancelWithdrawQueueItem"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/advanced/queue-status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Counts per status of a queue
         * @description Needs a session whose role holds the permission `queues.read` (See the deposit and withdraw queues, process lists, withdrawal-out requests, providers and bridge sell requests).
         */
        get: operations["queuesGetQueueStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/advanced/process-lists": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Process lists: unfinished first, then the latest finished
         * @description Needs a session whose role holds the permission `queues.read` (See the deposit and withdraw queues, process lists, withdrawal-out requests, providers and bridge sell requests).
         */
        get: operations["queuesGetProcessLists"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/advanced/create-process-list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The queue's open process list: made if there is none, else the one open (staff pressing Process List at once share it)
         * @description Needs a session whose role holds the permission `queues.manage` (Change queue items and process lists, run and save on-chain batches, update queue and plans).
         */
        post: operations["queuesPostCreateProcessList"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/advanced/add-queue-item-to-process-list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add a pending item to the open process list (it becomes processing)
         * @description Needs a session whose role holds the permission `queues.manage` (Change queue items and process lists, run and save on-chain batches, update queue and plans).
         */
        post: operations["queuesPostAddQueueItemToProcessList"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/advanced/remove-queue-item-from-process-list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Take an item out of the open process list (it becomes pending)
         * @description Needs a session whose role holds the permission `queues.manage` (Change queue items and process lists, run and save on-chain batches, update queue and plans).
         */
        post: operations["queuesPostRemoveQueueItemFromProcessList"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/advanced/record-sent-batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record the hash the wallet returned for a process list's batch, before it is saved: the batch is then never sent again (audited as batch.<type>.sent)
         * @description Needs a session whose role holds the permission `queues.manage` (Change queue items and process lists, run and save on-chain batches, update queue and plans).
         */
        post: operations["batchesPostRecordSentBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/advanced/release-sent-batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Release the recorded sent hash of a process list whose transaction reverted on chain (it moved nothing): the batch may be sent again (audited)
         * @description Needs a session whose role holds the permission `queues.manage` (Change queue items and process lists, run and save on-chain batches, update queue and plans).
         */
        post: operations["batchesPostReleaseSentBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/advanced/save-batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Save a batch sent through the vault, after checking it on chain
         * @description Needs a session whose role holds the permission `queues.manage` (Change queue items and process lists, run and save on-chain batches, update queue and plans).
         */
        post: operations["batchesPostSaveBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/advanced/process-batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Update Queue and Plans from a saved batch (process list 1 -> 2)
         * @description Needs a session whose role holds the permission `queues.manage` (Change queue items and process lists, run and save on-chain batches, update queue and plans).
         */
        post: operations["batchesPostProcessBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/advanced/update-queue-after-withdrawal": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Settle a withdraw item whose process list is finished
         * @description Needs a session whose role holds the permission `queues.manage` (Change queue items and process lists, run and save on-chain batches, update queue and plans).
         */
        post: operations["batchesPostUpdateQueueAfterWithdrawal"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/advanced/chain-config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The chain, contracts and batch timing the browser wallet works with
         * @description Needs a session whose role holds the permission `queues.read` (See the deposit and withdraw queues, process lists, withdrawal-out requests, providers and bridge sell requests).
         */
        get: operations["batchesGetChainConfig"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/advanced/wallet-balances": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * BUSD, xBUSD, BNB and VLT of a wallet, read on chain
         * @description Needs a session whose role holds the permission `queues.read` (See the deposit and withdraw queues, process lists, withdrawal-out requests, providers and bridge sell requests).
         */
        get: operations["batchesGetWalletBalances"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/withdrawal-requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Withdrawal-out requests in one status, newest first
         * @description Needs a session whose role holds the permission `queues.read` (See the deposit and withdraw queues, process lists, withdrawal-out requests, providers and bridge sell requests).
         */
        get: operations["withdrawalOutGetWithdrawalRequests"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/withdrawal-request-update": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Change a request status (3 cancels it and refunds the customer)
         * @description Needs a session whose role holds the permission `withdrawals.manage` (Set withdrawal-out requests to Pending or On-Hold, process and cancel them).
         */
        put: operations["withdrawalOutPutWithdrawalRequestUpdate"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/process-withdraw-request": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record the payout of a request (hash, channel "human"): Done
         * @description Needs a session whose role holds the permission `withdrawals.manage` (Set withdrawal-out requests to Pending or On-Hold, process and cancel them).
         */
        post: operations["withdrawalOutPostProcessWithdrawRequest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/process-inApp-transaction": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pay an in-app request to its destination wallet: Done
         * @description Needs a session whose role holds the permission `withdrawals.manage` (Set withdrawal-out requests to Pending or On-Hold, process and cancel them).
         */
        post: operations["withdrawalOutPostProcessInAppTransaction"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/advanced/liquidity-providers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Liquidity providers, most recently edited first
         * @description Needs a session whose role holds the permission `queues.read` (See the deposit and withdraw queues, process lists, withdrawal-out requests, providers and bridge sell requests).
         */
        get: operations["liquidityProvidersGet"];
        /**
         * Activate or deactivate a liquidity provider
         * @description Needs a session whose role holds the permission `providers.manage` (Add, activate and deactivate liquidity providers).
         */
        put: operations["liquidityProvidersPut"];
        /**
         * Add a liquidity provider
         * @description Needs a session whose role holds the permission `providers.manage` (Add, activate and deactivate liquidity providers).
         */
        post: operations["liquidityProvidersPost"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/advanced/vlt-bridge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A bridge sell request by its order reference
         * @description Needs a session whose role holds the permission `queues.read` (See the deposit and withdraw queues, process lists, withdrawal-out requests, providers and bridge sell requests).
         */
        get: operations["liquidityProvidersGetVltBridge"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/ipfs/{cid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The encrypted bytes of a stored file (KYC image, agent upload)
         * @description Needs a session whose role holds the permission `self.account` (Use own account: profile, password, sign-out).
         */
        get: operations["filesGetIpfsByCid"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/all-Process-settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The current internal settings (the screen reads data[0])
         * @description Needs a session whose role holds the permission `settings.manage` (See and change internal settings: token prices and the APR).
         */
        get: operations["settingsGetAllProcessSettings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/process-settings-history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every version of the internal settings, newest first, with who and when
         * @description Needs a session whose role holds the permission `settings.manage` (See and change internal settings: token prices and the APR).
         */
        get: operations["settingsGetProcessSettingsHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/update-Process-settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Set the VLT and BUSD USD prices and the VLT APR (a new version)
         * @description Needs a session whose role holds the permission `settings.manage` (See and change internal settings: token prices and the APR).
         */
        put: operations["settingsPutUpdateProcessSettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/get-alerts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every greeting, live or expired, newest first
         * @description Needs a session whose role holds the permission `greetings.manage` (Create, update and delete greetings).
         */
        get: operations["greetingsGetGetAlerts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/create-alert": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a greeting
         * @description Needs a session whose role holds the permission `greetings.manage` (Create, update and delete greetings).
         */
        post: operations["greetingsPostCreateAlert"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/update-alert": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update a greeting
         * @description Needs a session whose role holds the permission `greetings.manage` (Create, update and delete greetings).
         */
        patch: operations["greetingsPatchUpdateAlert"];
        trace?: never;
    };
    "/v1/admin/delete-alert": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a greeting
         * @description Needs a session whose role holds the permission `greetings.manage` (Create, update and delete greetings).
         */
        delete: operations["greetingsDeleteDeleteAlert"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/user/get-all-alert": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Live greetings for the customer app
         * @description Public: no session needed.
         */
        get: operations["greetingsGetUserGetAllAlert"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/newsletters": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Newsletters, newest first, 10 per page
         * @description Needs a session whose role holds the permission `newsletters.manage` (Draft, test, submit, pause, resume, terminate and delete newsletters).
         */
        get: operations["newslettersGet"];
        put?: never;
        /**
         * Submit a saved newsletter for approval (access code)
         * @description Needs a session whose role holds the permission `newsletters.manage` (Draft, test, submit, pause, resume, terminate and delete newsletters).
         */
        post: operations["newslettersPost"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/newsletters/maillist": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The mail lists a newsletter can go to, with their subscriber counts
         * @description Needs a session whose role holds the permission `newsletters.manage` (Draft, test, submit, pause, resume, terminate and delete newsletters).
         */
        get: operations["newslettersGetMaillist"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/subscribers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Subscriber and unsubscriber counts
         * @description Needs a session whose role holds the permission `newsletters.manage` (Draft, test, submit, pause, resume, terminate and delete newsletters).
         */
        get: operations["newslettersGetSubscribers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/newsletters/config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The newsletter system config (sender, batch size, wait)
         * @description Needs a session whose role holds the permission `newsletters.manage` (Draft, test, submit, pause, resume, terminate and delete newsletters).
         */
        get: operations["newslettersGetConfig"];
        /**
         * Change the newsletter system config, access code or sender pin
         * @description Needs a session whose role holds the permission `newsletters.configure` (Change the newsletter system config, access code and sender pin).
         */
        put: operations["newslettersPutConfig"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/newsletters/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One newsletter with its send progress
         * @description Needs a session whose role holds the permission `newsletters.manage` (Draft, test, submit, pause, resume, terminate and delete newsletters).
         */
        get: operations["newslettersGetById"];
        put?: never;
        post?: never;
        /**
         * Delete a terminated, paused or sent newsletter (access code)
         * @description Needs a session whose role holds the permission `newsletters.manage` (Draft, test, submit, pause, resume, terminate and delete newsletters).
         */
        delete: operations["newslettersDeleteById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/newsletters/draft": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Save a draft (new, or an edit of a saved one with id)
         * @description Needs a session whose role holds the permission `newsletters.manage` (Draft, test, submit, pause, resume, terminate and delete newsletters).
         */
        post: operations["newslettersPostDraft"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/newsletters/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a saved newsletter to the test mail list (access code)
         * @description Needs a session whose role holds the permission `newsletters.manage` (Draft, test, submit, pause, resume, terminate and delete newsletters).
         */
        post: operations["newslettersPostTestById"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/newsletters/{id}/send": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Approve a pending newsletter and start sending (sender pin; not the creator's own)
         * @description Needs a session whose role holds the permission `newsletters.approve` (Approve a newsletter for sending (never one's own)).
         */
        post: operations["newslettersPostSendById"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/newsletters/{id}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Pause (paused) or resume (pending) an approved newsletter (access code)
         * @description Needs a session whose role holds the permission `newsletters.manage` (Draft, test, submit, pause, resume, terminate and delete newsletters).
         */
        patch: operations["newslettersPatchStatusById"];
        trace?: never;
    };
    "/v1/newsletters/terminate/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Terminate a pending or paused newsletter (access code)
         * @description Needs a session whose role holds the permission `newsletters.manage` (Draft, test, submit, pause, resume, terminate and delete newsletters).
         */
        post: operations["newslettersPostTerminateById"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/newsletters/unsubscribe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Unsubscribe from the newsletter (signed link from the mail)
         * @description Public: no session needed.
         */
        get: operations["newslettersGetUnsubscribe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/configs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Bot switches and cron intervals (404 when the scheduler is not reachable)
         * @description Needs a session whose role holds the permission `bots.manage` (Switch bots on and off and set their cron intervals).
         */
        get: operations["botsGetConfigs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/configs/cronjob-time": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The cron intervals a bot can run at
         * @description Needs a session whose role holds the permission `bots.manage` (Switch bots on and off and set their cron intervals).
         */
        get: operations["botsGetConfigsCronjobTime"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/configs/runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Each bot's last runs: outcome and duration
         * @description Needs a session whose role holds the permission `bots.manage` (Switch bots on and off and set their cron intervals).
         */
        get: operations["botsGetConfigsRuns"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/configs/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Set a switch (true/false) or a cron interval
         * @description Needs a session whose role holds the permission `bots.manage` (Switch bots on and off and set their cron intervals).
         */
        patch: operations["botsPatchConfigsById"];
        trace?: never;
    };
    "/v1/admin/kycLevel/get-kyclevel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * KYC levels with their withdrawal limits
         * @description Needs a session whose role holds the permission `kyc.read` (See identity checks: the KYC list, records, images, history, suspects and levels).
         */
        get: operations["kycGetLevelGetKyclevel"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/kycLevel/create-KycLevel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a KYC level (number 1 to 3, one level per number)
         * @description Needs a session whose role holds the permission `kyc.levels` (Create and update KYC levels and their withdrawal limits).
         */
        post: operations["kycPostLevelCreateKycLevel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/kycLevel/update-kycLevel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Update a KYC level's name and withdrawal limits (id in the query or the body)
         * @description Needs a session whose role holds the permission `kyc.levels` (Create and update KYC levels and their withdrawal limits).
         */
        put: operations["kycPutLevelUpdateKycLevel"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/kycLevel/delete-kyclevel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Levels cannot be removed (the button is permanently disabled): always 409
         * @description Needs a session whose role holds the permission `kyc.levels` (Create and update KYC levels and their withdrawal limits).
         */
        delete: operations["kycDeleteLevelDeleteKyclevel"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/kyc/getkyc-by-level": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * KYC records by level and status, or of one user (userId, email), with the counters
         * @description Needs a session whose role holds the permission `kyc.read` (See identity checks: the KYC list, records, images, history, suspects and levels).
         */
        get: operations["kycGetGetkycByLevel"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/kyc/update-levelTwo-kyc": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Approve, reject or escalate a level 2 KYC (guarded: 409 when the case is no longer in a state that allows it, or another reviewer holds it)
         * @description Needs a session whose role holds the permission `kyc.review` (Approve, reject or escalate identity checks, and take unattended cases).
         */
        post: operations["kycPostUpdateLevelTwoKyc"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/kyc/random-kyc-records": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Take the oldest unattended submitted case for 15 minutes; answers its user id
         * @description Needs a session whose role holds the permission `kyc.review` (Approve, reject or escalate identity checks, and take unattended cases).
         */
        get: operations["kycGetRandomKycRecords"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/kyc/take-over-kyc": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Take over a case another reviewer holds, from the holder the screen showed (409 when someone else holds it by now, or nobody); held for 15 minutes
         * @description Needs a session whose role holds the permission `kyc.takeover` (Take over an identity check another reviewer holds, to decide it).
         */
        post: operations["kycPostTakeOverKyc"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/kyc/rejected-kyc-records": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A user's rejected and escalated level 2 decisions, newest first
         * @description Needs a session whose role holds the permission `kyc.read` (See identity checks: the KYC list, records, images, history, suspects and levels).
         */
        get: operations["kycGetRejectedKycRecords"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/kyc/kyc-filter-by-values": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * KYC records sharing a phone number, ID card number or device id
         * @description Needs a session whose role holds the permission `kyc.read` (See identity checks: the KYC list, records, images, history, suspects and levels).
         */
        get: operations["kycGetKycFilterByValues"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/advanced/blacklisted-device": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Blacklisted and de-listed devices, newest first
         * @description Needs a session whose role holds the permission `devices.blacklist` (See, blacklist and de-list devices).
         */
        get: operations["complianceGetBlacklistedDevice"];
        /**
         * Blacklist or de-list a listed device
         * @description Needs a session whose role holds the permission `devices.blacklist` (See, blacklist and de-list devices).
         */
        put: operations["compliancePutBlacklistedDevice"];
        /**
         * Blacklist a device (optionally naming the customer by id, username or e-mail)
         * @description Needs a session whose role holds the permission `devices.blacklist` (See, blacklist and de-list devices).
         */
        post: operations["compliancePostBlacklistedDevice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/security/retrieve-watchlist": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The fraud watchlist: watchlisted users, newest first
         * @description Needs a session whose role holds the permission `fraud.read` (See the fraud watchlist).
         */
        get: operations["complianceGetSecurityRetrieveWatchlist"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/compliance/double-fundings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Double funding records, pending or deleted
         * @description Needs a session whose role holds the permission `compliance.read` (See double fundings and locked savings).
         */
        get: operations["complianceGetDoubleFundings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/locked-fixed-savings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Fixed savings plans locked now or unlocked since
         * @description Needs a session whose role holds the permission `compliance.read` (See double fundings and locked savings).
         */
        get: operations["complianceGetLockedFixedSavings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/locked-flexible-savings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Flexible savings plans locked now or unlocked since
         * @description Needs a session whose role holds the permission `compliance.read` (See double fundings and locked savings).
         */
        get: operations["complianceGetLockedFlexibleSavings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/funding-request": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Funding requests by customer e-mail, transaction hash or receiving address; download=true exports every one found as CSV
         * @description Needs a session whose role holds the permission `funding.read` (Search funding requests and see plans about to mature).
         */
        get: operations["complianceGetFundingRequest"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/advanced/plans-about-to-mature": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Fixed plans whose lock ends within a week or has ended, not yet withdrawn; download=true exports every one as CSV
         * @description Needs a session whose role holds the permission `funding.read` (Search funding requests and see plans about to mature).
         */
        get: operations["complianceGetPlansAboutToMature"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/reconciliation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The latest finished reconciliation run (ledger against balances, transactions and plan holds; saved batches against the chain) with the first page of every row list, and the run queued or under way
         * @description Needs a session whose role holds the permission `reconciliation.read` (Run the reconciliation report: ledger against balances, plan holds, saved batches against the chain).
         */
        get: operations["reconciliationGet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/reconciliation/runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Queues a reconciliation run for the worker (202); 409 while one is queued or running
         * @description Needs a session whose role holds the permission `reconciliation.read` (Run the reconciliation report: ledger against balances, plan holds, saved batches against the chain).
         */
        post: operations["reconciliationPostRuns"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/reconciliation/rows": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One row list of a finished reconciliation run (the latest without run), paged: ledger drift, flagged balances, hold drift or saved batches
         * @description Needs a session whose role holds the permission `reconciliation.read` (Run the reconciliation report: ledger against balances, plan holds, saved batches against the chain).
         */
        get: operations["reconciliationGetRows"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/advanced/chain-watcher": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The chain watcher: each chain's head, last block processed and lag, the deposits seen and credited today per currency, the recorded transfers (newest first, by status) and the last errors
         * @description Needs a session whose role holds the permission `chainwatch.read` (See the chain watcher: the chain's head, the last block processed, lag, deposits seen and credited, errors).
         */
        get: operations["chainWatcherGet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/approval-policy": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The approval policy in force (part of the internal settings)
         * @description Needs a session whose role holds the permission `settings.manage` (See and change internal settings: token prices and the APR).
         */
        get: operations["settingsGetApprovalPolicy"];
        /**
         * Set the approval policy (a new version): while any kind is on, a change that weakens it waits for a second approver; one that only strengthens applies at once
         * @description Needs a session whose role holds the permission `settings.manage` (See and change internal settings: token prices and the APR).
         */
        put: operations["settingsPutApprovalPolicy"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/approval-policy-history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The last 20 versions of the approval policy, newest first, with who and when
         * @description Needs a session whose role holds the permission `settings.manage` (See and change internal settings: token prices and the APR).
         */
        get: operations["settingsGetApprovalPolicyHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/approval-requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Approval requests in one status (default pending) the caller may decide or asked for, newest first
         * @description Needs a session whose role holds the permission `self.account` (Use own account: profile, password, sign-out).
         */
        get: operations["approvalsGetApprovalRequests"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/approval-requests/count": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * How many pending requests await the caller, and how many of the caller's own are pending
         * @description Needs a session whose role holds the permission `self.account` (Use own account: profile, password, sign-out).
         */
        get: operations["approvalsGetApprovalRequestsCount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/approval-requests/{id}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Approve a request and carry it out once (never one's own; the target must be as it was when asked)
         * @description Needs a session whose role holds the permission `self.account` (Use own account: profile, password, sign-out).
         */
        post: operations["approvalsPostApprovalRequestsApproveById"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/approval-requests/{id}/reject": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reject a request (never one's own): nothing is carried out
         * @description Needs a session whose role holds the permission `self.account` (Use own account: profile, password, sign-out).
         */
        post: operations["approvalsPostApprovalRequestsRejectById"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/approval-requests/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel one's own pending request
         * @description Needs a session whose role holds the permission `self.account` (Use own account: profile, password, sign-out).
         */
        post: operations["approvalsPostApprovalRequestsCancelById"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/product/v1/client": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The calling service client: its name, key id, scopes and rate limit (proves the signature works)
         * @description Needs a service client's signature (X-Vaultdesk-Key, X-Vaultdesk-Timestamp, X-Vaultdesk-Signature); any active client.
         */
        get: operations["productApiGetProductV1Client"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/product/v1/customers/{customerId}/kyc": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Submit a level-two KYC case: the KYC record fields and its ID card and selfie pictures (base64)
         * @description Needs a service client's signature (X-Vaultdesk-Key, X-Vaultdesk-Timestamp, X-Vaultdesk-Signature) and the scope `kyc.write` (Submit identity checks with their pictures).
         */
        post: operations["productApiPostProductV1CustomersKycByCustomerId"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/product/v1/customers/{customerId}/plans": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Open a savings plan (fixed with a term in days, or flexible), empty until a deposit is processed
         * @description Needs a service client's signature (X-Vaultdesk-Key, X-Vaultdesk-Timestamp, X-Vaultdesk-Signature) and the scope `plans.write` (Open savings plans and ask deposits into them).
         */
        post: operations["productApiPostProductV1CustomersPlansByCustomerId"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/product/v1/customers/{customerId}/plans/{planId}/deposits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ask to deposit into a plan: taken from the customer's wallet at once, queued in the deposit queue
         * @description Needs a service client's signature (X-Vaultdesk-Key, X-Vaultdesk-Timestamp, X-Vaultdesk-Signature) and the scope `plans.write` (Open savings plans and ask deposits into them).
         */
        post: operations["productApiPostProductV1CustomersPlansDepositsByCustomerIdByPlanId"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/product/v1/customers/{customerId}/withdrawals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ask to withdraw: out of a plan (withdraw queue) or out of a wallet to an address (Withdrawal Out, held at once)
         * @description Needs a service client's signature (X-Vaultdesk-Key, X-Vaultdesk-Timestamp, X-Vaultdesk-Signature) and the scope `withdrawals.write` (Ask withdrawals).
         */
        post: operations["productApiPostProductV1CustomersWithdrawalsByCustomerId"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/product/v1/customers/{customerId}/funding-requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * File a funding request (a transfer the customer sent): compliance's Funding Requests screen shows it
         * @description Needs a service client's signature (X-Vaultdesk-Key, X-Vaultdesk-Timestamp, X-Vaultdesk-Signature) and the scope `funding.write` (File funding requests).
         */
        post: operations["productApiPostProductV1CustomersFundingRequestsByCustomerId"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/product/v1/customers/{customerId}/requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The state of each of a customer's requests (KYC, plans, deposits, withdrawals, funding), newest first
         * @description Needs a service client's signature (X-Vaultdesk-Key, X-Vaultdesk-Timestamp, X-Vaultdesk-Signature) and the scope `customers.read` (Read a customer's profile, wallets, balances, plans and the state of each request).
         */
        get: operations["productApiGetProductV1CustomersRequestsByCustomerId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/product/v1/customers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Register a customer (profile, device, country, referral); answers its customerId
         * @description Needs a service client's signature (X-Vaultdesk-Key, X-Vaultdesk-Timestamp, X-Vaultdesk-Signature) and the scope `customers.write` (Register and update customers, open their wallets).
         */
        post: operations["productApiPostProductV1Customers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/product/v1/customers/{customerId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A customer: profile, KYC state, wallets with addresses and balances, savings plans
         * @description Needs a service client's signature (X-Vaultdesk-Key, X-Vaultdesk-Timestamp, X-Vaultdesk-Signature) and the scope `customers.read` (Read a customer's profile, wallets, balances, plans and the state of each request).
         */
        get: operations["productApiGetProductV1CustomersByCustomerId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update a customer's profile, device or country
         * @description Needs a service client's signature (X-Vaultdesk-Key, X-Vaultdesk-Timestamp, X-Vaultdesk-Signature) and the scope `customers.write` (Register and update customers, open their wallets).
         */
        patch: operations["productApiPatchProductV1CustomersByCustomerId"];
        trace?: never;
    };
    "/product/v1/customers/{customerId}/wallets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Open a wallet for a customer with its address (one per network; an address belongs to one customer)
         * @description Needs a service client's signature (X-Vaultdesk-Key, X-Vaultdesk-Timestamp, X-Vaultdesk-Signature) and the scope `customers.write` (Register and update customers, open their wallets).
         */
        post: operations["productApiPostProductV1CustomersWalletsByCustomerId"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/advanced/integrations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Service clients, active first then newest first: scopes, webhook, rate limit, status, last use, whether a rotated-out secret is still valid (never a secret)
         * @description Needs a session whose role holds the permission `integrations.manage` (Manage the product API's service clients (create, rotate and revoke secrets, scopes, webhook endpoints) and replay their webhook deliveries).
         */
        get: operations["integrationsGet"];
        put?: never;
        /**
         * Create a service client: its key id and secret, the secret shown this once (409 when the name is taken; webhook URL https, or http on the local network where allowed)
         * @description Needs a session whose role holds the permission `integrations.manage` (Manage the product API's service clients (create, rotate and revoke secrets, scopes, webhook endpoints) and replay their webhook deliveries).
         */
        post: operations["integrationsPost"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/advanced/integrations/{clientId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change a service client's name, scopes, webhook, event types or rate limit (not its secret); a revoked client: 409
         * @description Needs a session whose role holds the permission `integrations.manage` (Manage the product API's service clients (create, rotate and revoke secrets, scopes, webhook endpoints) and replay their webhook deliveries).
         */
        patch: operations["integrationsPatchByClientId"];
        trace?: never;
    };
    "/v1/advanced/integrations/{clientId}/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A new secret, shown this once; the old one stays valid graceHours more (0: refused at once; a rotation during a grace replaces the previous one); a revoked client: 409
         * @description Needs a session whose role holds the permission `integrations.manage` (Manage the product API's service clients (create, rotate and revoke secrets, scopes, webhook endpoints) and replay their webhook deliveries).
         */
        post: operations["integrationsPostRotateByClientId"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/advanced/integrations/{clientId}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke a service client at once: every later call 401, no more webhooks; final (409 when already revoked)
         * @description Needs a session whose role holds the permission `integrations.manage` (Manage the product API's service clients (create, rotate and revoke secrets, scopes, webhook endpoints) and replay their webhook deliveries).
         */
        post: operations["integrationsPostRevokeByClientId"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/advanced/integrations/{clientId}/reveal-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The secret an approved create or rotate made, for the staff member who asked for it only, once (404 when none waits for the caller)
         * @description Needs a session whose role holds the permission `integrations.manage` (Manage the product API's service clients (create, rotate and revoke secrets, scopes, webhook endpoints) and replay their webhook deliveries).
         */
        post: operations["integrationsPostRevealSecretByClientId"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/advanced/integrations/{clientId}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A service client's webhook deliveries, newest first, optionally of one status
         * @description Needs a session whose role holds the permission `integrations.manage` (Manage the product API's service clients (create, rotate and revoke secrets, scopes, webhook endpoints) and replay their webhook deliveries).
         */
        get: operations["integrationsGetDeliveriesByClientId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/advanced/integrations/{clientId}/deliveries/{deliveryId}/replay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a delivered or failed webhook delivery again (it becomes pending, due now)
         * @description Needs a session whose role holds the permission `integrations.manage` (Manage the product API's service clients (create, rotate and revoke secrets, scopes, webhook endpoints) and replay their webhook deliveries).
         */
        post: operations["integrationsPostDeliveriesReplayByClientIdByDeliveryId"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/advanced/integrations/{clientId}/deliveries/replay-failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send every failed webhook delivery of a service client again; answers how many
         * @description Needs a session whose role holds the permission `integrations.manage` (Manage the product API's service clients (create, rotate and revoke secrets, scopes, webhook endpoints) and replay their webhook deliveries).
         */
        post: operations["integrationsPostDeliveriesReplayFailedByClientId"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/product/v1/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The events of the types this client subscribes to after the cursor `after` (an outbox id), oldest first, in the webhook body shape, with nextCursor
         * @description Needs a service client's signature (X-Vaultdesk-Key, X-Vaultdesk-Timestamp, X-Vaultdesk-Signature) and the scope `events.read` (Read its events after a cursor (what its webhooks carried)).
         */
        get: operations["productApiGetProductV1Events"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/live/ticket": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A ticket that opens the live stream for these topics within 30 seconds (the browser's EventSource cannot send the bearer token)
         * @description Needs a session whose role holds the permission `self.account` (Use own account: profile, password, sign-out).
         */
        get: operations["liveGetTicket"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/live": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Server-sent events: "topic X changed" for each topic asked, as changes commit on any instance; refetch through the normal calls
         * @description Needs a session whose role holds the permission `self.account` (Use own account: profile, password, sign-out). Authenticated by the bearer token or by `ticket` (from GET /v1/admin/live/ticket). Events: `ready` (data `{ topics }`), `change` (data `{ topic }`), `resync` (refetch every topic: changes may have been missed); a comment line every 20 s. The stream ends when the session ends, loses a topic's permission, or the server shuts down: reconnect with a new ticket.
         */
        get: operations["liveGet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/user-types/get-user-types": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every user type, by name
         * @description Needs a session whose role holds the permission `agents.manage` (Manage user types and agents, upload agent images).
         */
        get: operations["agentsGetUserTypesGetUserTypes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/user-types/add-user-type": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a user type
         * @description Needs a session whose role holds the permission `agents.manage` (Manage user types and agents, upload agent images).
         */
        post: operations["agentsPostUserTypesAddUserType"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/user-types/update-user-type": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Rename a user type
         * @description Needs a session whose role holds the permission `agents.manage` (Manage user types and agents, upload agent images).
         */
        patch: operations["agentsPatchUserTypesUpdateUserType"];
        trace?: never;
    };
    "/v1/admin/user-types/delete-user-type": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a user type no user holds
         * @description Needs a session whose role holds the permission `agents.manage` (Manage user types and agents, upload agent images).
         */
        delete: operations["agentsDeleteUserTypesDeleteUserType"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/assign-usertype": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Make a user an agent of a user type
         * @description Needs a session whose role holds the permission `agents.manage` (Manage user types and agents, upload agent images).
         */
        post: operations["agentsPostAssignUsertype"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/remove-usertype": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Remove a user as agent of a user type
         * @description Needs a session whose role holds the permission `agents.manage` (Manage user types and agents, upload agent images).
         */
        put: operations["agentsPutRemoveUsertype"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/update-location": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set an agent's store state
         * @description Needs a session whose role holds the permission `agents.manage` (Manage user types and agents, upload agent images).
         */
        post: operations["agentsPostUpdateLocation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/sortuser-by-usertype": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Agents holding a user type, newest first, 10 a page
         * @description Needs a session whose role holds the permission `agents.manage` (Manage user types and agents, upload agent images).
         */
        get: operations["agentsGetSortuserByUsertype"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/update-agent-idcard": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Upload an agent's ID card (multipart: cardUrl, idcardType; JPG/PNG under 5 MB)
         * @description Needs a session whose role holds the permission `agents.manage` (Manage user types and agents, upload agent images).
         */
        put: operations["agentsPutUpdateAgentIdcard"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/update-shopagent-selfie": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Upload an agent's selfie (multipart: imageUrl; the 200x200 webcam capture)
         * @description Needs a session whose role holds the permission `agents.manage` (Manage user types and agents, upload agent images).
         */
        put: operations["agentsPutUpdateShopagentSelfie"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/update-shopImage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Upload an agent's shop image (multipart: shopUrl; JPG/PNG under 2 MB)
         * @description Needs a session whose role holds the permission `agents.manage` (Manage user types and agents, upload agent images).
         */
        put: operations["agentsPutUpdateShopImage"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
};
export type webhooks = Record<string, never>;
export type components = {
    schemas: {
        ErrorBody: {
            message: string;
            code: string;
            fields?: {
                [key: string]: string[];
            };
            reference?: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
};
export type $defs = Record<string, never>;
export interface operations {
    authPostLogin: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                    password: string;
                    code?: string;
                };
            };
        };
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            token?: string;
                            expiresIn?: number;
                            enable2FA: boolean;
                            codeRequired: boolean;
                            mustChangePassword?: boolean;
                            passkeySetupRequired?: boolean;
                            user?: {
                                id: string;
                                email: string;
                                fullName: string;
                            };
                            authRole?: {
                                name: string;
                                slug: string;
                                permissions: string[];
                            };
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many failed attempts (or, on the product API, requests over the client's rate limit): try again after the Retry-After header's seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    authGetMe: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            user: {
                                id: string;
                                email: string;
                                fullName: string;
                            };
                            authRole: {
                                name: string;
                                slug: string;
                                permissions: string[];
                            };
                            enable2FA: boolean;
                            mustChangePassword: boolean;
                            passkeySetupRequired: boolean;
                            expiresIn: number;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    authPostLogout: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: Record<string, never>;
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    authPost2faStartEnable: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            qr: string;
                            secret: string;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    authPost2faCreateEnable: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    secret: string;
                    code: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: Record<string, never>;
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many failed attempts (or, on the product API, requests over the client's rate limit): try again after the Retry-After header's seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    authPutPasswordUpdate: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    currentPassword: string;
                    password: string & (string);
                    confirmPassword: string;
                };
            };
        };
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            otherSessionsRevoked: number;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    adminTeamGetPermissions: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            permissions: {
                                key: string;
                                description: string;
                            }[];
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    adminTeamGetRoles: {
        parameters: {
            query?: {
                kind?: "staff" | "customer";
                page?: number;
                pageSize?: number;
            };
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            records: {
                                _id: string;
                                id: string;
                                title: string;
                                slug: string;
                                description: string;
                                permissions: string[];
                                isActive: boolean;
                                requirePasskey: boolean;
                            }[];
                            currentPage: number;
                            totalRecords: number;
                            pageSize: number;
                        } | {
                            records: {
                                id: string;
                                title: string;
                                slug: string;
                                isActive: boolean;
                            }[];
                            currentPage: number;
                            totalRecords: number;
                            pageSize: number;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    adminTeamPostRoles: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
                /** @description Why (percent-encoded): needed when the approval policy holds this call back for a second member of staff */
                "x-approval-reason"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    title: string & (string);
                    /** @default  */
                    description?: string;
                    permissions: string[];
                };
            };
        };
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            _id: string;
                            id: string;
                            title: string;
                            slug: string;
                            description: string;
                            permissions: string[];
                            isActive: boolean;
                            requirePasskey: boolean;
                        };
                    };
                };
            };
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            approvalRequestId: string;
                            /** @enum {string} */
                            status: "pending";
                            expiresAt: string;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The approval policy needs a second member of staff for this call: send it again with a reason in the X-Approval-Reason header (it then answers 202 with the approval request) */
            428: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    adminTeamPostSetup: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
                /** @description Why (percent-encoded): needed when the approval policy holds this call back for a second member of staff */
                "x-approval-reason"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    fullName: string & (string);
                    email: string;
                    /** Format: uuid */
                    roleId: string;
                };
            };
        };
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            _id: string;
                            fullName: string;
                            email: string;
                            role: {
                                _id: string;
                                title: string;
                            };
                            status: string;
                            temporaryPassword: string;
                            inviteExpiresAt: string;
                        };
                    };
                };
            };
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            approvalRequestId: string;
                            /** @enum {string} */
                            status: "pending";
                            expiresAt: string;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The approval policy needs a second member of staff for this call: send it again with a reason in the X-Approval-Reason header (it then answers 202 with the approval request) */
            428: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    adminTeamGetUsersAdmin: {
        parameters: {
            query?: {
                page?: number;
                pageSize?: number;
            };
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            records: {
                                _id: string;
                                fullName: string;
                                email: string;
                                lastLogin: string | null;
                                role: {
                                    _id: string;
                                    title: string;
                                };
                                status: string;
                                createdAt: string;
                            }[];
                            current: number;
                            totalRecords: number;
                            pageSize: number;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    adminTeamDeleteUsersAdminById: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
                /** @description Why (percent-encoded): needed when the approval policy holds this call back for a second member of staff */
                "x-approval-reason"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            _id: string;
                            email: string;
                            status: string;
                            revokedSessions: number;
                        };
                    };
                };
            };
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            approvalRequestId: string;
                            /** @enum {string} */
                            status: "pending";
                            expiresAt: string;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The approval policy needs a second member of staff for this call: send it again with a reason in the X-Approval-Reason header (it then answers 202 with the approval request) */
            428: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    adminTeamPatchUsersAdminRoleById: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
                /** @description Why (percent-encoded): needed when the approval policy holds this call back for a second member of staff */
                "x-approval-reason"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    roleId: string;
                };
            };
        };
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            _id: string;
                            email: string;
                            role: {
                                _id: string;
                                title: string;
                            };
                        };
                    };
                };
            };
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            approvalRequestId: string;
                            /** @enum {string} */
                            status: "pending";
                            expiresAt: string;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The approval policy needs a second member of staff for this call: send it again with a reason in the X-Approval-Reason header (it then answers 202 with the approval request) */
            428: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    adminTeamDeleteRolesById: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
                /** @description Why (percent-encoded): needed when the approval policy holds this call back for a second member of staff */
                "x-approval-reason"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            _id: string;
                            title: string;
                        };
                    };
                };
            };
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            approvalRequestId: string;
                            /** @enum {string} */
                            status: "pending";
                            expiresAt: string;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The approval policy needs a second member of staff for this call: send it again with a reason in the X-Approval-Reason header (it then answers 202 with the approval request) */
            428: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    adminTeamPatchRolesById: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
                /** @description Why (percent-encoded): needed when the approval policy holds this call back for a second member of staff */
                "x-approval-reason"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    title: string & (string);
                    /** @default  */
                    description?: string;
                    permissions: string[];
                };
            };
        };
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            _id: string;
                            id: string;
                            title: string;
                            slug: string;
                            description: string;
                            permissions: string[];
                            isActive: boolean;
                            requirePasskey: boolean;
                        };
                    };
                };
            };
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            approvalRequestId: string;
                            /** @enum {string} */
                            status: "pending";
                            expiresAt: string;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The approval policy needs a second member of staff for this call: send it again with a reason in the X-Approval-Reason header (it then answers 202 with the approval request) */
            428: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    adminTeamPutRolesPasskeysById: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
                /** @description Why (percent-encoded): needed when the approval policy holds this call back for a second member of staff */
                "x-approval-reason"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    requirePasskey: boolean;
                };
            };
        };
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            _id: string;
                            title: string;
                            requirePasskey: boolean;
                        };
                    };
                };
            };
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            approvalRequestId: string;
                            /** @enum {string} */
                            status: "pending";
                            expiresAt: string;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The approval policy needs a second member of staff for this call: send it again with a reason in the X-Approval-Reason header (it then answers 202 with the approval request) */
            428: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    adminTeamPostConfirmSuper: {
        parameters: {
            query: {
                token: string;
            };
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: Record<string, never>;
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    dashboardGet: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            users: number;
                            dailySignup: number;
                            verifiedUsers: number;
                            unVerifiedUsers: number;
                            totalReferalPayout: string;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    auditGetLogs: {
        parameters: {
            query?: {
                page?: number;
                pageSize?: number;
                action?: string;
                actor?: string;
                targetType?: string;
                targetId?: string;
                requestId?: string;
                start?: string;
                end?: string;
            };
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            records: {
                                _id: string;
                                at: string;
                                actorId: string | null;
                                actorEmail: string | null;
                                action: string;
                                targetType: string;
                                targetId: string | null;
                                before: unknown;
                                after: unknown;
                                ip: string | null;
                                longitude: number | null;
                                latitude: number | null;
                                requestId: string | null;
                            }[];
                            currentPage: number;
                            totalRecords: number;
                            totalPage: number;
                            pageSize: number;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    auditGetLogsVerify: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            intact: boolean;
                            checked: number;
                            message: string;
                            problem: {
                                rowId: string;
                                chainSeq: number | null;
                                /** @enum {string} */
                                reason: "content-changed" | "previous-hash-broken" | "missing-row" | "not-in-chain";
                                detail: string;
                            } | null;
                            head: {
                                chainSeq: number;
                                rowId: string;
                                hash: string;
                            } | null;
                            ms: number;
                            anchors?: {
                                checked: number;
                                latest: {
                                    id: number;
                                    headSeq: number;
                                    headRowId: string;
                                    txHash: string;
                                } | null;
                                findings: {
                                    anchor: number;
                                    /** @enum {string} */
                                    chain: "confirmed" | "mismatch" | "not-found" | "unreachable" | "object-invalid";
                                    txHash: string | null;
                                    deleted: string[];
                                    rehashed: string[];
                                    inserted: string[];
                                    detail: string | null;
                                }[];
                                message: string;
                            };
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    auditGetLogsAnchorsLatest: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            latest: {
                                id: number;
                                fromSeq: number;
                                headSeq: number;
                                headRowId: string;
                                headHash: string;
                                rowCount: number;
                                objectKey: string;
                                digest: string;
                                chainId: number;
                                txHash: string;
                                block: number;
                                createdAt: string;
                            } | null;
                            unavailable: string | null;
                            schedule: string | null;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    auditPostLogsAnchors: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            id: number;
                            fromSeq: number;
                            headSeq: number;
                            headRowId: string;
                            headHash: string;
                            rowCount: number;
                            objectKey: string;
                            digest: string;
                            chainId: number;
                            txHash: string;
                            block: number;
                            createdAt: string;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    treasuryGetOverallPlans: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            total_active_fixed_plan: number;
                            total_active_fixed_plan_to_usd: string;
                            total_all_fixed_plan: number;
                            total_active_flexible_plan: number;
                            total_active_flexible_plan_to_usd: string;
                            total_all_flexible_plan: number;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    treasuryGetOverallWalletBalances: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            walletBalances: {
                                /** @enum {string} */
                                currency: "BUSD" | "VLT" | "BNB" | "xBUSD";
                                totalBalance: string;
                            }[];
                            unsettledBalance: {
                                bulkSender: {
                                    vlt: string;
                                    busd: string;
                                };
                                withdrawalOut: {
                                    vlt: string;
                                    busd: string;
                                };
                            };
                            totalUsdValue: string;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    treasuryGetCustodialWalletGetAddresses: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            result: {
                                address: string;
                                label: string;
                                /** @enum {string} */
                                purpose: "treasury" | "bulkSender" | "withdrawalOut" | "referralPayout";
                                BNB: string | null;
                                BUSD: string | null;
                                VLT: string | null;
                                xBUSD: string | null;
                                /** @enum {string} */
                                source: "chain" | "snapshot";
                                readAt: string | null;
                            }[];
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    treasuryGetDashboardSharePrices: {
        parameters: {
            query: {
                protocol: "xAuto" | "venus";
            };
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            price: string;
                            createdAt: string;
                        }[];
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    dashboardGetTrends: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            day: string;
                            signups: number;
                            savingsVolume: string;
                        }[];
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    exportsGet: {
        parameters: {
            query?: {
                scope?: "mine" | "all";
                page?: number;
            };
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            records: {
                                _id: string;
                                report: string;
                                reportName: string;
                                params: {
                                    [key: string]: unknown;
                                };
                                /** @enum {string} */
                                status: "queued" | "running" | "done" | "failed";
                                totalRows: number | null;
                                rowsWritten: number;
                                bytes: number;
                                error: string | null;
                                requestedBy: {
                                    _id: string;
                                    email: string;
                                    fullName: string;
                                };
                                createdAt: string;
                                finishedAt: string | null;
                                expiresAt: string;
                                link: string | null;
                            }[];
                            currentPage: number;
                            pageSize: number;
                            hasMore: boolean;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    exportsGetById: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            _id: string;
                            report: string;
                            reportName: string;
                            params: {
                                [key: string]: unknown;
                            };
                            /** @enum {string} */
                            status: "queued" | "running" | "done" | "failed";
                            totalRows: number | null;
                            rowsWritten: number;
                            bytes: number;
                            error: string | null;
                            requestedBy: {
                                _id: string;
                                email: string;
                                fullName: string;
                            };
                            createdAt: string;
                            finishedAt: string | null;
                            expiresAt: string;
                            link: string | null;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    exportsGetDownloadsByFile: {
        parameters: {
            query?: {
                expires?: string;
                sig?: string;
            };
            header?: never;
            path: {
                file: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The CSV file, as an attachment */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    usersGetSearchUserDate: {
        parameters: {
            query: {
                start: string;
                end: string;
                page?: number;
                pageSize?: number;
                download?: "true" | "false";
            };
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            records: {
                                _id: string;
                                username: string;
                                email: string;
                                phoneNo: string | null;
                                referralCount: number;
                                createdAt: string;
                            }[];
                            currentPage: number;
                            totalRecords: number;
                            totalPage: number;
                            pageSize: number;
                        } | {
                            exportId: string;
                            report: string;
                            /** @enum {string} */
                            status: "queued" | "running" | "done" | "failed";
                            link: string;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    usersGet: {
        parameters: {
            query: {
                countryType: "zone" | "ip" | "residence";
                countryCode: string;
                page?: number;
                pageSize?: number;
                download?: "true" | "false";
            };
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            records: {
                                _id: string;
                                username: string;
                                email: string;
                                phoneNo: string | null;
                                referralCount: number;
                                createdAt: string;
                            }[];
                            currentPage: number;
                            totalRecords: number;
                            totalPage: number;
                            pageSize: number;
                        } | {
                            exportId: string;
                            report: string;
                            /** @enum {string} */
                            status: "queued" | "running" | "done" | "failed";
                            link: string;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    usersGetSearchUser: {
        parameters: {
            query: {
                search: string;
            };
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            _id: string;
                            fullName: string;
                            username: string;
                            email: string;
                            phoneNo: string | null;
                            createdAt: string;
                        }[];
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    usersGetUserGlobalSearch: {
        parameters: {
            query: {
                search_text: string;
            };
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            _id: string;
                            profileUrl: string | null;
                            fullName: string;
                            email: string;
                            username: string;
                            referredBy: string | null;
                            createdAt: string;
                        }[];
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    usersGetByWalletBalance: {
        parameters: {
            query: {
                page?: number;
                pageSize?: number;
                currency: string;
                balance: string;
                download?: "true" | "false";
            };
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            records: {
                                walletId: {
                                    _id: string;
                                    name: string;
                                    address: string;
                                    userId: {
                                        _id: string;
                                        username: string;
                                        email: string;
                                        phoneNo: string | null;
                                    };
                                };
                                balance: string;
                            }[];
                            currentPage: number;
                            totalRecords: number;
                            totalPage: number;
                            pageSize: number;
                        } | {
                            exportId: string;
                            report: string;
                            /** @enum {string} */
                            status: "queued" | "running" | "done" | "failed";
                            link: string;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    userProfileGetSearchDetails: {
        parameters: {
            query: {
                id: string;
            };
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            profile: {
                                _id: string;
                                fullName: string;
                                email: string;
                                username: string;
                                phoneNo: string | null;
                                createdAt: string;
                                profileUrl: string | null;
                                hasCompletedProfile: boolean;
                                deactivated: boolean;
                                enabledTwoFactor: boolean;
                                isStaff: boolean;
                                role: {
                                    _id: string | null;
                                    title: string;
                                };
                                kycLevelTwoStatus: string | null;
                                kycLevelThreeStatus: string | null;
                                trustScore: number;
                                referralCount: number;
                                refereeName: string | null;
                                registrationDeviceDetails?: {
                                    type?: string | null;
                                    build?: string | null;
                                    description?: string | null;
                                    serial?: string | null;
                                    country?: string | null;
                                } | null;
                                registrationCoordinates?: {
                                    lat?: number | null;
                                    long?: number | null;
                                } | null;
                            };
                            balances: {
                                walletId: string;
                                name: string;
                                busd: string;
                                vlt: string;
                                bnb: string;
                                xbusd: string;
                            }[];
                            wallets: {
                                _id: string;
                                name: string;
                                network: number;
                                isActive: boolean;
                                createdAt: string;
                            }[];
                            addresses: {
                                walletId: string;
                                address: string;
                            }[];
                            userActivities: {
                                lastLogin: string | null;
                                lastLoginLocation: {
                                    locationCoordinates: string | null;
                                    deviceType?: string | null;
                                    userDevice?: string | null;
                                    cfIpCountry?: string | null;
                                    xRealIp?: string | null;
                                } | null;
                            };
                            balanceMismatch: {
                                flagged: boolean;
                                tolerance: number;
                                entries: {
                                    walletId: string;
                                    currency: string;
                                    balance: string;
                                    transactionsNet: string;
                                    difference: string;
                                }[];
                            };
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    userProfileGetUserPlans: {
        parameters: {
            query: {
                userId: string;
            };
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            records: {
                                _id: string;
                                planName: string;
                                protocolName: string;
                                /** @enum {string} */
                                planType: "fixed" | "flexible";
                                currency: string;
                                shareBalance: string;
                                lockPeriod: number | null;
                                createdAt: string;
                                updatedAt: string;
                                depositTime: string | null;
                                withdrawalTime: string | null;
                                depositAmount: string;
                                depositTransactionHash: string[];
                                withdrawalTransactionHash: string[];
                                planState: string;
                                saveStatus: string;
                                locked: boolean;
                                userId: string;
                                lockedAmount: string | null;
                                lockedComment: string | null;
                                lockVersion: number;
                            }[];
                            totalRecords: number;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    userProfileGetUserWalletTransactions: {
        parameters: {
            query: {
                id: string;
                page?: number;
                pageSize?: number;
            };
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            records: {
                                _id: string;
                                isActive: boolean;
                                amount: string;
                                currency: string;
                                typeOfTransaction: string;
                                transactionState: number;
                                description: string | null;
                                txnHash: string | null;
                                toAddress: string | null;
                                fromAddress: string | null;
                                createdAt: string;
                                finalAmount: string;
                                userId: string;
                                walletId: string;
                                confirmations: number | null;
                            }[];
                            currentPage: number;
                            totalRecords: number;
                            pageSize: number;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    userProfileGetUserSavingsTransactions: {
        parameters: {
            query: {
                id: string;
                page?: number;
                pageSize?: number;
            };
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            records: {
                                _id: string;
                                amount: string;
                                currency: string;
                                network: number;
                                txnHash: string | null;
                                transactionState: number;
                                description: string | null;
                                isActive: boolean;
                                createdAt: string;
                                planId: string;
                                userId: string;
                            }[];
                            currentPage: number;
                            totalRecords: number;
                            pageSize: number;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    userProfileGetUserBankDetails: {
        parameters: {
            query: {
                userId: string;
            };
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            records: {
                                _id: string;
                                bankName: string;
                                accountName: string;
                                accountNumber: string;
                                country: string | null;
                                createdAt: string;
                            }[];
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    userProfileGetGetUserUsertypes: {
        parameters: {
            query: {
                userId: string;
            };
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            records: {
                                _id: string;
                                usertype: {
                                    _id: string;
                                    name: string;
                                };
                                createdAt: string;
                            }[];
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    userProfileGetFilterReferalUsers: {
        parameters: {
            query: {
                username: string;
                start?: string;
                end?: string;
                page?: number;
            };
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            records: {
                                refferalState: string;
                                userIdUsedRef: {
                                    _id: string;
                                    username: string;
                                    email: string;
                                    deviceSerialNumber: string | null;
                                };
                                createdAt: string;
                            }[];
                            currentPage: number;
                            totalRecords: number;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    userProfileGetUserReferralInfo: {
        parameters: {
            query: {
                username: string;
                start?: string;
                end?: string;
            };
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            totalReferrals: number;
                            unverified: number;
                            numOfUniqueDeviceIds: number;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    userProfilePostUpdateUserTrustscore: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    userId: string;
                    trustScore: number;
                };
            };
        };
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            _id: string;
                            fullName: string;
                            email: string;
                            username: string;
                            phoneNo: string | null;
                            createdAt: string;
                            profileUrl: string | null;
                            hasCompletedProfile: boolean;
                            deactivated: boolean;
                            enabledTwoFactor: boolean;
                            isStaff: boolean;
                            role: {
                                _id: string | null;
                                title: string;
                            };
                            kycLevelTwoStatus: string | null;
                            kycLevelThreeStatus: string | null;
                            trustScore: number;
                            referralCount: number;
                            refereeName: string | null;
                            registrationDeviceDetails?: {
                                type?: string | null;
                                build?: string | null;
                                description?: string | null;
                                serial?: string | null;
                                country?: string | null;
                            } | null;
                            registrationCoordinates?: {
                                lat?: number | null;
                                long?: number | null;
                            } | null;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    userProfilePutDeactivateUserTwoFactor: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    userId: string;
                };
            };
        };
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            userId: string;
                            enabledTwoFactor: boolean;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    userProfilePutSwitchSavingsRecord: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    recordId: string;
                };
            };
        };
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            _id: string;
                            isActive: boolean;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    userProfilePutSwitchWalletRecord: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    recordId: string;
                };
            };
        };
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            _id: string;
                            isActive: boolean;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    userProfilePostRolesChangeRole: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    roleId: string;
                    /** Format: uuid */
                    userId: string;
                };
            };
        };
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            userId: string;
                            role: {
                                _id: string;
                                title: string;
                            };
                            isStaff: boolean;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    userFundsPutLockFixedSavings: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
                /** @description Why (percent-encoded): needed when the approval policy holds this call back for a second member of staff */
                "x-approval-reason"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    fixedSavingsId: string;
                    lockedComment: string;
                    /** @enum {string} */
                    lockStatus: "lock" | "unlock";
                    lockVersion?: number;
                };
            };
        };
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            _id: string;
                            /** @enum {string} */
                            planType: "fixed" | "flexible";
                            locked: boolean;
                            lockedAmount: string | null;
                            lockedComment: string | null;
                            lockedBy: string | null;
                            lockedAt: string | null;
                            unlockedBy: string | null;
                            unlockedAt: string | null;
                            lockVersion: number;
                        };
                    };
                };
            };
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            approvalRequestId: string;
                            /** @enum {string} */
                            status: "pending";
                            expiresAt: string;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The approval policy needs a second member of staff for this call: send it again with a reason in the X-Approval-Reason header (it then answers 202 with the approval request) */
            428: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    userFundsPutLockFlexibleSavings: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
                /** @description Why (percent-encoded): needed when the approval policy holds this call back for a second member of staff */
                "x-approval-reason"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    flexibleSavingsId: string;
                    lockedAmount?: string | number;
                    lockedComment: string;
                    /** @enum {string} */
                    lockStatus: "lock" | "unlock";
                    lockVersion?: number;
                };
            };
        };
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            _id: string;
                            /** @enum {string} */
                            planType: "fixed" | "flexible";
                            locked: boolean;
                            lockedAmount: string | null;
                            lockedComment: string | null;
                            lockedBy: string | null;
                            lockedAt: string | null;
                            unlockedBy: string | null;
                            unlockedAt: string | null;
                            lockVersion: number;
                        };
                    };
                };
            };
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            approvalRequestId: string;
                            /** @enum {string} */
                            status: "pending";
                            expiresAt: string;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The approval policy needs a second member of staff for this call: send it again with a reason in the X-Approval-Reason header (it then answers 202 with the approval request) */
            428: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    userFundsPostTriggerRemittance: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
                /** @description Why (percent-encoded): needed when the approval policy holds this call back for a second member of staff */
                "x-approval-reason"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    userId: string;
                    /** @enum {number} */
                    currency: 1 | 2;
                };
            };
        };
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            _id: string;
                            userId: string;
                            /** @enum {string} */
                            currency: "BUSD" | "VLT";
                            /** @enum {number} */
                            currencyCode: 1 | 2;
                            amount: string;
                            status: string;
                            requestedBy: string;
                            createdAt: string;
                            debits: {
                                walletId: string;
                                amount: string;
                                balanceAfter: string;
                            }[];
                        };
                    };
                };
            };
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            approvalRequestId: string;
                            /** @enum {string} */
                            status: "pending";
                            expiresAt: string;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The approval policy needs a second member of staff for this call: send it again with a reason in the X-Approval-Reason header (it then answers 202 with the approval request) */
            428: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    userFundsPostResolveMultipleWalletIssue: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    walletId: string;
                };
            };
        };
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            walletId: string;
                            isActive: boolean;
                            primaryWalletId: string;
                            moved: {
                                currency: string;
                                amount: string;
                            }[];
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    savingsPlansGetSavingsPlanDetails: {
        parameters: {
            query: {
                planId: string;
                planType: "fixed" | "flexible";
            };
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            _id: string;
                            planName: string;
                            protocolName: string;
                            /** @enum {string} */
                            planType: "fixed" | "flexible";
                            currency: string;
                            shareBalance: string;
                            lockPeriod: number | null;
                            createdAt: string;
                            updatedAt: string;
                            depositTime: string | null;
                            withdrawalTime: string | null;
                            depositAmount: string;
                            depositTransactionHash: string[];
                            withdrawalTransactionHash: string[];
                            planState: string;
                            saveStatus: string;
                            locked: boolean;
                            userId: string;
                            withdrawalAmount: string | null;
                            username: string;
                            email: string;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    savingsPlansGetBatchesPlanWasInvolved: {
        parameters: {
            query: {
                planId: string;
                planType: "fixed" | "flexible";
            };
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            batches: {
                                _id: string;
                                /** @enum {string} */
                                action: "deposit" | "withdraw";
                                transactionHash: string | null;
                                createdAt: string;
                                batchStatus: string;
                                /** @enum {string} */
                                status: "included" | "resolved";
                                amount: string;
                                resolvedHash: string | null;
                                resolvedAt: string | null;
                            }[];
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    savingsPlansPostResolvePlan: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    batchId: string;
                    hash: string;
                    /** Format: uuid */
                    planId: string;
                };
            };
        };
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            plan: {
                                _id: string;
                                planName: string;
                                protocolName: string;
                                /** @enum {string} */
                                planType: "fixed" | "flexible";
                                currency: string;
                                shareBalance: string;
                                lockPeriod: number | null;
                                createdAt: string;
                                updatedAt: string;
                                depositTime: string | null;
                                withdrawalTime: string | null;
                                depositAmount: string;
                                depositTransactionHash: string[];
                                withdrawalTransactionHash: string[];
                                planState: string;
                                saveStatus: string;
                                locked: boolean;
                                userId: string;
                                withdrawalAmount: string | null;
                                username: string;
                                email: string;
                            };
                            batch: {
                                _id: string;
                                /** @enum {string} */
                                action: "deposit" | "withdraw";
                                transactionHash: string | null;
                                createdAt: string;
                                batchStatus: string;
                                /** @enum {string} */
                                status: "included" | "resolved";
                                amount: string;
                                resolvedHash: string | null;
                                resolvedAt: string | null;
                            };
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    savingsPlansGetVltRewardRecord: {
        parameters: {
            query?: {
                planId?: string;
            };
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            planId: string;
                            records: {
                                _id: string;
                                amount: string;
                                currency: string;
                                status: string;
                                transactionHash: string | null;
                                createdAt: string;
                            }[];
                            total: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    referralsGetGetUsertypeReferals: {
        parameters: {
            query?: {
                userType?: string;
                start?: string;
                end?: string;
                page?: number;
                download?: "true" | "false";
            };
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            records: {
                                _id: string;
                                username: string;
                                email: string;
                                totalReferred: number;
                                uniqueDevice: number;
                                unverified: number;
                            }[];
                            currentPage: number;
                            totalRecords: number;
                            pageSize: number;
                            userType: string;
                            start: string;
                            end: string;
                        } | {
                            exportId: string;
                            report: string;
                            /** @enum {string} */
                            status: "queued" | "running" | "done" | "failed";
                            link: string;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    referralsGetReferralUserTypes: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            userTypes: {
                                _id: string;
                                name: string;
                            }[];
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    reportsGetFinancials: {
        parameters: {
            query?: {
                start?: string;
                end?: string;
                download?: "true" | "false";
            };
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            start: string;
                            end: string;
                            totalFeesUSD: string;
                            totalGasCostUSD: string;
                            netUSD: string;
                            feeCount: number;
                            byCurrency: {
                                currency: string;
                                fee: string;
                                feeUSD: string;
                                count: number;
                            }[];
                            byMonth: {
                                month: string;
                                feeUSD: string;
                                gasCostUSD: string;
                            }[];
                        } | {
                            exportId: string;
                            report: string;
                            /** @enum {string} */
                            status: "queued" | "running" | "done" | "failed";
                            link: string;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    reportsGetGrowthReport: {
        parameters: {
            query?: {
                weeks?: number;
                download?: "true" | "false";
            };
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            weeks: {
                                weekStart: string;
                                signUps: number;
                                verifiedUsers: number;
                                savingsCount: number;
                                savingsVolumeUSD: string;
                                walletTxCount: number;
                                activeUsers: number;
                            }[];
                            totalUsers: number;
                        } | {
                            exportId: string;
                            report: string;
                            /** @enum {string} */
                            status: "queued" | "running" | "done" | "failed";
                            link: string;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    reportsGetFeatureReport: {
        parameters: {
            query?: {
                weeks?: number;
                download?: "true" | "false";
            };
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            weeks: {
                                weekStart: string;
                                uses: {
                                    [key: string]: number;
                                };
                                users: {
                                    [key: string]: number;
                                };
                            }[];
                        } | {
                            exportId: string;
                            report: string;
                            /** @enum {string} */
                            status: "queued" | "running" | "done" | "failed";
                            link: string;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    reportsGetReferralPayouts: {
        parameters: {
            query?: {
                start?: string;
                end?: string;
                page?: number;
                download?: "true" | "false";
            };
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            records: {
                                _id: string;
                                username: string;
                                email: string;
                                paidReferrals: number;
                                totalPaid: string;
                                lastPaidAt: string;
                            }[];
                            currentPage: number;
                            totalRecords: number;
                            totalPage: number;
                            pageSize: number;
                            totalIsCapped: boolean;
                            start: string;
                            end: string;
                            totalPaid: string;
                            currency: string;
                        } | {
                            exportId: string;
                            report: string;
                            /** @enum {string} */
                            status: "queued" | "running" | "done" | "failed";
                            link: string;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    reportsGetTransactions: {
        parameters: {
            query?: {
                type?: "savings" | "wallet";
                transactionState?: number | string;
                start?: string;
                end?: string;
                page?: number;
                download?: "true" | "false";
            };
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            records: {
                                _id: string;
                                userId: {
                                    _id: string;
                                    username: string;
                                    email: string;
                                    profileUrl: string | null;
                                };
                                amount: string;
                                currency: string;
                                network: number;
                                txnHash: string | null;
                                transactionState: number;
                                description: string | null;
                                isActive: boolean;
                                createdAt: string;
                            }[];
                            currentPage: number;
                            totalRecords: number;
                            totalPage: number;
                            pageSize: number;
                            totalIsCapped: boolean;
                            start: string;
                            end: string;
                            /** @enum {string} */
                            type: "savings" | "wallet";
                        } | {
                            exportId: string;
                            report: string;
                            /** @enum {string} */
                            status: "queued" | "running" | "done" | "failed";
                            link: string;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    reportsGetTransactionsGroup: {
        parameters: {
            query?: {
                transactionState?: number | string;
                start?: string;
                end?: string;
                page?: number;
                download?: "true" | "false";
            };
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            records: {
                                _id: string;
                                username: string;
                                email: string;
                                currency: string;
                                transactionCount: number;
                                totalTransactionAmount: string;
                            }[];
                            currentPage: number;
                            totalRecords: number;
                            totalPage: number;
                            pageSize: number;
                            totalIsCapped: boolean;
                            start: string;
                            end: string;
                            DocumentCount: number;
                        } | {
                            exportId: string;
                            report: string;
                            /** @enum {string} */
                            status: "queued" | "running" | "done" | "failed";
                            link: string;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    reportsGetFeesCollectedbyVlt: {
        parameters: {
            query?: {
                start?: string;
                end?: string;
                page?: number;
                download?: "true" | "false";
            };
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            records: {
                                _id: string;
                                transactionAmount: string;
                                finalAmount: string;
                                fee: string;
                                feeUSD: string;
                                discount: string;
                                currency: string;
                                description: string | null;
                                createdAt: string;
                                user: {
                                    _id: string;
                                    username: string;
                                    email: string;
                                };
                            }[];
                            currentPage: number;
                            totalRecords: number;
                            totalPage: number;
                            pageSize: number;
                            totalIsCapped: boolean;
                            start: string;
                            end: string;
                            totalFeesCollected: string;
                            totalsByCurrency: {
                                currency: string;
                                fee: string;
                            }[];
                        } | {
                            exportId: string;
                            report: string;
                            /** @enum {string} */
                            status: "queued" | "running" | "done" | "failed";
                            link: string;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    reportsGetGasFeesSpent: {
        parameters: {
            query?: {
                start?: string;
                end?: string;
                page?: number;
                download?: "true" | "false";
            };
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            records: {
                                _id: string;
                                amount: string;
                                action: string;
                                bnbPrice: string;
                                finalShares: string;
                                gasCostUSD: string;
                                gasPrice: string;
                                gasUsed: number;
                                initShares: string;
                                pricePerFullShare: string;
                                shareBalance: string;
                                protocolName: string;
                                processStatus: string;
                                transactionHash: string | null;
                                createdAt: string;
                            }[];
                            currentPage: number;
                            totalRecords: number;
                            totalPage: number;
                            pageSize: number;
                            totalIsCapped: boolean;
                            start: string;
                            end: string;
                            totalGasUsed: string;
                            totalGasCostUSD: string;
                        } | {
                            exportId: string;
                            report: string;
                            /** @enum {string} */
                            status: "queued" | "running" | "done" | "failed";
                            link: string;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    adminProfileGetProfile: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            _id: string;
                            fullName: string;
                            email: string;
                            role: string;
                            enable2FA: boolean;
                            createdAt: string;
                            lastSignIns: {
                                at: string;
                                ip: string;
                                step: string;
                                success: boolean;
                            }[];
                            sessions: {
                                _id: string;
                                createdAt: string;
                                expiresAt: string;
                                ip: string | null;
                                userAgent: string | null;
                                current: boolean;
                            }[];
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    adminProfilePutProfile: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    fullName: string & (string);
                };
            };
        };
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            fullName: string;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    adminProfilePostSessionsSignOutOthers: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            revoked: number;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    passkeysGet: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            records: {
                                _id: string;
                                name: string;
                                createdAt: string;
                                lastUsedAt: string | null;
                                deviceType: string;
                                backedUp: boolean;
                            }[];
                            required: boolean;
                            canAdd: boolean;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    passkeysPost: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string & (string);
                    response: {
                        id: string;
                        rawId: string;
                        /** @enum {string} */
                        type: "public-key";
                        /** @enum {string} */
                        authenticatorAttachment?: "platform" | "cross-platform";
                        clientExtensionResults: {
                            credProps?: {
                                rk?: boolean;
                            };
                        };
                        response: {
                            clientDataJSON: string;
                            attestationObject: string;
                            authenticatorData?: string;
                            transports?: ("ble" | "cable" | "hybrid" | "internal" | "nfc" | "smart-card" | "usb")[];
                            publicKeyAlgorithm?: number;
                            publicKey?: string;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            passkey: {
                                _id: string;
                                name: string;
                                createdAt: string;
                                lastUsedAt: string | null;
                                deviceType: string;
                                backedUp: boolean;
                            };
                            signInAgain: boolean;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    passkeysPostOptions: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            challenge: string;
                            rp: unknown;
                            user: unknown;
                            pubKeyCredParams: unknown;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    passkeysDeleteById: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            _id: string;
                            name: string;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    passkeysPostAuthPasskeyOptions: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            challenge: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many failed attempts (or, on the product API, requests over the client's rate limit): try again after the Retry-After header's seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    passkeysPostAuthPasskeySignIn: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    response: {
                        id: string;
                        rawId: string;
                        /** @enum {string} */
                        type: "public-key";
                        /** @enum {string} */
                        authenticatorAttachment?: "platform" | "cross-platform";
                        clientExtensionResults: {
                            credProps?: {
                                rk?: boolean;
                            };
                        };
                        response: {
                            clientDataJSON: string;
                            authenticatorData: string;
                            signature: string;
                            userHandle?: string;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            token?: string;
                            expiresIn?: number;
                            enable2FA: boolean;
                            codeRequired: boolean;
                            mustChangePassword?: boolean;
                            passkeySetupRequired?: boolean;
                            user?: {
                                id: string;
                                email: string;
                                fullName: string;
                            };
                            authRole?: {
                                name: string;
                                slug: string;
                                permissions: string[];
                            };
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many failed attempts (or, on the product API, requests over the client's rate limit): try again after the Retry-After header's seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    finderGet: {
        parameters: {
            query: {
                email: string;
            };
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            user: {
                                _id: string;
                                fullName: string;
                                username: string;
                                email: string;
                                createdAt: string;
                                deactivated: boolean;
                            } | null;
                            signIns: {
                                at: string;
                                country: string | null;
                                device: string | null;
                            }[];
                            transactions: {
                                _id: string;
                                /** @enum {string} */
                                kind: "wallet" | "savings";
                                amount: string;
                                currency: string;
                                transactionState: number;
                                description: string | null;
                                createdAt: string;
                            }[];
                            staffActions: {
                                _id: string;
                                at: string;
                                actorEmail: string | null;
                                action: string;
                                targetType: string;
                                targetId: string | null;
                            }[];
                            notes: {
                                _id: string;
                                userId: string;
                                /** @enum {string} */
                                on: "customer" | "kyc";
                                kycRecordId: string | null;
                                correctsId: string | null;
                                note: string;
                                authorEmail: string;
                                authorName: string;
                                createdAt: string;
                            }[];
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    finderGetNotes: {
        parameters: {
            query: {
                search: string;
            };
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            _id: string;
                            userId: string;
                            /** @enum {string} */
                            on: "customer" | "kyc";
                            kycRecordId: string | null;
                            correctsId: string | null;
                            note: string;
                            authorEmail: string;
                            authorName: string;
                            createdAt: string;
                            user: {
                                _id: string;
                                fullName: string;
                                username: string;
                                email: string;
                            };
                        }[];
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    userProfileGetUserNotes: {
        parameters: {
            query: {
                userId: string;
                page?: number;
                pageSize?: number;
            };
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            records: {
                                _id: string;
                                userId: string;
                                /** @enum {string} */
                                on: "customer" | "kyc";
                                kycRecordId: string | null;
                                correctsId: string | null;
                                note: string;
                                authorEmail: string;
                                authorName: string;
                                createdAt: string;
                            }[];
                            currentPage: number;
                            totalRecords: number;
                            totalPage: number;
                            pageSize: number;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    userProfilePostUserNotes: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    userId: string;
                    note: string;
                    /** Format: uuid */
                    correctsId?: string;
                };
            };
        };
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            _id: string;
                            userId: string;
                            /** @enum {string} */
                            on: "customer" | "kyc";
                            kycRecordId: string | null;
                            correctsId: string | null;
                            note: string;
                            authorEmail: string;
                            authorName: string;
                            createdAt: string;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    kycGetKycNotes: {
        parameters: {
            query: {
                kycId: string;
                page?: number;
                pageSize?: number;
            };
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            records: {
                                _id: string;
                                userId: string;
                                /** @enum {string} */
                                on: "customer" | "kyc";
                                kycRecordId: string | null;
                                correctsId: string | null;
                                note: string;
                                authorEmail: string;
                                authorName: string;
                                createdAt: string;
                            }[];
                            currentPage: number;
                            totalRecords: number;
                            totalPage: number;
                            pageSize: number;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    kycPostKycNotes: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    kycId: string;
                    note: string;
                    /** Format: uuid */
                    correctsId?: string;
                };
            };
        };
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            _id: string;
                            userId: string;
                            /** @enum {string} */
                            on: "customer" | "kyc";
                            kycRecordId: string | null;
                            correctsId: string | null;
                            note: string;
                            authorEmail: string;
                            authorName: string;
                            createdAt: string;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    queuesGetDepositQueue: {
        parameters: {
            query?: {
                page?: number;
                status?: "pending" | "processing" | "done" | "cancelled" | "failed";
                pageSize?: number;
            };
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            records: {
                                _id: string;
                                /** @enum {string} */
                                queue: "deposit" | "withdraw";
                                amount: string;
                                /** @enum {string} */
                                status: "pending" | "processing" | "done" | "cancelled" | "failed";
                                planId: string;
                                planType: number;
                                planName: string;
                                depositTransactionHash: string[];
                                userId: {
                                    _id: string;
                                    fullName: string;
                                    username: string;
                                };
                                processList: {
                                    _id: string;
                                    status: number;
                                    creator: {
                                        email: string | null;
                                    };
                                } | null;
                                transactionHash: string | null;
                                updatedAt: string;
                                createdAt: string;
                            }[];
                            currentPage: number;
                            totalRecords: number;
                            totalPage: number;
                            pageSize: number;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    queuesPutUpdateDepositQueueItem: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    queueItemId: string;
                    /** @enum {string} */
                    status: "pending" | "processing" | "cancelled" | "done";
                };
            };
        };
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            _id: string;
                            /** @enum {string} */
                            queue: "deposit" | "withdraw";
                            amount: string;
                            /** @enum {string} */
                            status: "pending" | "processing" | "done" | "cancelled" | "failed";
                            planId: string;
                            planType: number;
                            planName: string;
                            depositTransactionHash: string[];
                            userId: {
                                _id: string;
                                fullName: string;
                                username: string;
                            };
                            processList: {
                                _id: string;
                                status: number;
                                creator: {
                                    email: string | null;
                                };
                            } | null;
                            transactionHash: string | null;
                            updatedAt: string;
                            createdAt: string;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    queuesPutCancelDepositQueueItem: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    queueItemId: string;
                };
            };
        };
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            _id: string;
                            /** @enum {string} */
                            queue: "deposit" | "withdraw";
                            amount: string;
                            /** @enum {string} */
                            status: "pending" | "processing" | "done" | "cancelled" | "failed";
                            planId: string;
                            planType: number;
                            planName: string;
                            depositTransactionHash: string[];
                            userId: {
                                _id: string;
                                fullName: string;
                                username: string;
                            };
                            processList: {
                                _id: string;
                                status: number;
                                creator: {
                                    email: string | null;
                                };
                            } | null;
                            transactionHash: string | null;
                            updatedAt: string;
                            createdAt: string;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    queuesGetWithdrawQueue: {
        parameters: {
            query?: {
                page?: number;
                status?: "pending" | "processing" | "done" | "cancelled" | "failed";
                pageSize?: number;
            };
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            records: {
                                _id: string;
                                /** @enum {string} */
                                queue: "deposit" | "withdraw";
                                amount: string;
                                /** @enum {string} */
                                status: "pending" | "processing" | "done" | "cancelled" | "failed";
                                planId: string;
                                planType: number;
                                planName: string;
                                depositTransactionHash: string[];
                                userId: {
                                    _id: string;
                                    fullName: string;
                                    username: string;
                                };
                                processList: {
                                    _id: string;
                                    status: number;
                                    creator: {
                                        email: string | null;
                                    };
                                } | null;
                                transactionHash: string | null;
                                updatedAt: string;
                                createdAt: string;
                            }[];
                            currentPage: number;
                            totalRecords: number;
                            totalPage: number;
                            pageSize: number;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    queuesPutUpdateWithdrawQueueItem: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    queueItemId: string;
                    /** @enum {string} */
                    status: "pending" | "processing" | "cancelled" | "done";
                };
            };
        };
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            _id: string;
                            /** @enum {string} */
                            queue: "deposit" | "withdraw";
                            amount: string;
                            /** @enum {string} */
                            status: "pending" | "processing" | "done" | "cancelled" | "failed";
                            planId: string;
                            planType: number;
                            planName: string;
                            depositTransactionHash: string[];
                            userId: {
                                _id: string;
                                fullName: string;
                                username: string;
                            };
                            processList: {
                                _id: string;
                                status: number;
                                creator: {
                                    email: string | null;
                                };
                            } | null;
                            transactionHash: string | null;
                            updatedAt: string;
                            createdAt: string;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    queuesPutCancelWithdrawQueueItem: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    queueItemId: string;
                };
            };
        };
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            _id: string;
                            /** @enum {string} */
                            queue: "deposit" | "withdraw";
                            amount: string;
                            /** @enum {string} */
                            status: "pending" | "processing" | "done" | "cancelled" | "failed";
                            planId: string;
                            planType: number;
                            planName: string;
                            depositTransactionHash: string[];
                            userId: {
                                _id: string;
                                fullName: string;
                                username: string;
                            };
                            processList: {
                                _id: string;
                                status: number;
                                creator: {
                                    email: string | null;
                                };
                            } | null;
                            transactionHash: string | null;
                            updatedAt: string;
                            createdAt: string;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    queuesGetQueueStatus: {
        parameters: {
            query: {
                queue: "deposit" | "withdraw" | "withdrawout";
            };
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            pending: number;
                            processing: number;
                            completed: number;
                            canceled: number;
                            retry: number;
                            hold: number;
                            review: number;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    queuesGetProcessLists: {
        parameters: {
            query?: {
                type?: "deposit" | "withdraw";
            };
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            _id: string;
                            /** @enum {string} */
                            type: "deposit" | "withdraw";
                            status: number;
                            items: {
                                _id: string;
                                amount: string;
                                /** @enum {string} */
                                status: "pending" | "processing" | "done" | "cancelled" | "failed";
                                planId: string;
                                planType: number;
                                planName: string;
                                userId: {
                                    _id: string;
                                    fullName: string;
                                    username: string;
                                };
                            }[];
                            totalAmount: string;
                            transactionHash: string | null;
                            createdAt: string;
                            creator: {
                                email: string | null;
                            };
                            batch: {
                                _id: string;
                                transactionHash: string | null;
                                createdAt: string;
                            } | null;
                            sentHash: string | null;
                            sentAt: string | null;
                            sentBy: {
                                email: string | null;
                            } | null;
                        }[];
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    queuesPostCreateProcessList: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    processType: "deposit" | "withdraw";
                };
            };
        };
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            _id: string;
                            /** @enum {string} */
                            type: "deposit" | "withdraw";
                            status: number;
                            items: {
                                _id: string;
                                amount: string;
                                /** @enum {string} */
                                status: "pending" | "processing" | "done" | "cancelled" | "failed";
                                planId: string;
                                planType: number;
                                planName: string;
                                userId: {
                                    _id: string;
                                    fullName: string;
                                    username: string;
                                };
                            }[];
                            totalAmount: string;
                            transactionHash: string | null;
                            createdAt: string;
                            creator: {
                                email: string | null;
                            };
                            batch: {
                                _id: string;
                                transactionHash: string | null;
                                createdAt: string;
                            } | null;
                            sentHash: string | null;
                            sentAt: string | null;
                            sentBy: {
                                email: string | null;
                            } | null;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    queuesPostAddQueueItemToProcessList: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    queueItemId: string;
                    /** Format: uuid */
                    processListId: string;
                };
            };
        };
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            _id: string;
                            /** @enum {string} */
                            type: "deposit" | "withdraw";
                            status: number;
                            items: {
                                _id: string;
                                amount: string;
                                /** @enum {string} */
                                status: "pending" | "processing" | "done" | "cancelled" | "failed";
                                planId: string;
                                planType: number;
                                planName: string;
                                userId: {
                                    _id: string;
                                    fullName: string;
                                    username: string;
                                };
                            }[];
                            totalAmount: string;
                            transactionHash: string | null;
                            createdAt: string;
                            creator: {
                                email: string | null;
                            };
                            batch: {
                                _id: string;
                                transactionHash: string | null;
                                createdAt: string;
                            } | null;
                            sentHash: string | null;
                            sentAt: string | null;
                            sentBy: {
                                email: string | null;
                            } | null;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    queuesPostRemoveQueueItemFromProcessList: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    queueItemId: string;
                    /** Format: uuid */
                    processListId: string;
                };
            };
        };
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            _id: string;
                            /** @enum {string} */
                            type: "deposit" | "withdraw";
                            status: number;
                            items: {
                                _id: string;
                                amount: string;
                                /** @enum {string} */
                                status: "pending" | "processing" | "done" | "cancelled" | "failed";
                                planId: string;
                                planType: number;
                                planName: string;
                                userId: {
                                    _id: string;
                                    fullName: string;
                                    username: string;
                                };
                            }[];
                            totalAmount: string;
                            transactionHash: string | null;
                            createdAt: string;
                            creator: {
                                email: string | null;
                            };
                            batch: {
                                _id: string;
                                transactionHash: string | null;
                                createdAt: string;
                            } | null;
                            sentHash: string | null;
                            sentAt: string | null;
                            sentBy: {
                                email: string | null;
                            } | null;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    batchesPostRecordSentBatch: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    processListId: string;
                    transactionHash: string;
                };
            };
        };
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            _id: string;
                            /** @enum {string} */
                            type: "deposit" | "withdraw";
                            status: number;
                            items: {
                                _id: string;
                                amount: string;
                                /** @enum {string} */
                                status: "pending" | "processing" | "done" | "cancelled" | "failed";
                                planId: string;
                                planType: number;
                                planName: string;
                                userId: {
                                    _id: string;
                                    fullName: string;
                                    username: string;
                                };
                            }[];
                            totalAmount: string;
                            transactionHash: string | null;
                            createdAt: string;
                            creator: {
                                email: string | null;
                            };
                            batch: {
                                _id: string;
                                transactionHash: string | null;
                                createdAt: string;
                            } | null;
                            sentHash: string | null;
                            sentAt: string | null;
                            sentBy: {
                                email: string | null;
                            } | null;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    batchesPostReleaseSentBatch: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    processListId: string;
                };
            };
        };
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            _id: string;
                            /** @enum {string} */
                            type: "deposit" | "withdraw";
                            status: number;
                            items: {
                                _id: string;
                                amount: string;
                                /** @enum {string} */
                                status: "pending" | "processing" | "done" | "cancelled" | "failed";
                                planId: string;
                                planType: number;
                                planName: string;
                                userId: {
                                    _id: string;
                                    fullName: string;
                                    username: string;
                                };
                            }[];
                            totalAmount: string;
                            transactionHash: string | null;
                            createdAt: string;
                            creator: {
                                email: string | null;
                            };
                            batch: {
                                _id: string;
                                transactionHash: string | null;
                                createdAt: string;
                            } | null;
                            sentHash: string | null;
                            sentAt: string | null;
                            sentBy: {
                                email: string | null;
                            } | null;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    batchesPostSaveBatch: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    transactionHash: string;
                    /** @enum {string} */
                    action: "deposit" | "withdraw";
                    planIdAndType: string[];
                    pricePerFullShare: string | number;
                    initShares: string | number;
                    finalShares: string | number;
                    protocolName: string & (string);
                    network: number | string;
                    amount: string;
                    gasUsed: string | number;
                    block: string | number;
                    /** Format: uuid */
                    processListId: string;
                };
            };
        };
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            _id: string;
                            processListId: string;
                            transactionHash: string;
                            /** @enum {string} */
                            action: "deposit" | "withdraw";
                            amount: string;
                            block: string;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    batchesPostProcessBatch: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    processListId: string;
                };
            };
        };
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            _id: string;
                            /** @enum {string} */
                            type: "deposit" | "withdraw";
                            status: number;
                            items: {
                                _id: string;
                                amount: string;
                                /** @enum {string} */
                                status: "pending" | "processing" | "done" | "cancelled" | "failed";
                                planId: string;
                                planType: number;
                                planName: string;
                                userId: {
                                    _id: string;
                                    fullName: string;
                                    username: string;
                                };
                            }[];
                            totalAmount: string;
                            transactionHash: string | null;
                            createdAt: string;
                            creator: {
                                email: string | null;
                            };
                            batch: {
                                _id: string;
                                transactionHash: string | null;
                                createdAt: string;
                            } | null;
                            sentHash: string | null;
                            sentAt: string | null;
                            sentBy: {
                                email: string | null;
                            } | null;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    batchesPostUpdateQueueAfterWithdrawal: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    queueId: string;
                };
            };
        };
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            _id: string;
                            /** @enum {string} */
                            queue: "deposit" | "withdraw";
                            amount: string;
                            /** @enum {string} */
                            status: "pending" | "processing" | "done" | "cancelled" | "failed";
                            planId: string;
                            planType: number;
                            planName: string;
                            depositTransactionHash: string[];
                            userId: {
                                _id: string;
                                fullName: string;
                                username: string;
                            };
                            processList: {
                                _id: string;
                                status: number;
                                creator: {
                                    email: string | null;
                                };
                            } | null;
                            transactionHash: string | null;
                            updatedAt: string;
                            createdAt: string;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    batchesGetChainConfig: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            chainId: number | null;
                            rpcUrl: string | null;
                            contracts: {
                                BUSD: string;
                                xBUSD: string;
                                VLT: string;
                            } | null;
                            operatorAddress: string | null;
                            shareWaitSeconds: number;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    batchesGetWalletBalances: {
        parameters: {
            query?: {
                address?: string;
            };
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            BUSD: string;
                            xBUSD: string;
                            BNB: string;
                            VLT: string;
                            address: string;
                            live: boolean;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    withdrawalOutGetWithdrawalRequests: {
        parameters: {
            query?: {
                page?: number;
                status?: number | string;
                pageSize?: number;
            };
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            records: {
                                _id: string;
                                userId: {
                                    _id: string;
                                    fullName: string;
                                    email: string;
                                    username: string;
                                };
                                formerBalance: string;
                                balance: string;
                                currency: number;
                                status: number;
                                finalAmount: string;
                                fee: string;
                                amount: string;
                                initiator: number;
                                p2pRef: string | null;
                                destinationAddress: string;
                                inAppTransaction: boolean;
                                transactionHash: string | null;
                                processedBy: {
                                    email: string;
                                } | null;
                                processedAt: string | null;
                                lastStatusChangedByUserId: {
                                    email: string;
                                } | null;
                                updatedAt: string;
                                createdAt: string;
                            }[];
                            currentPage: number;
                            totalRecords: number;
                            totalPage: number;
                            pageSize: number;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    withdrawalOutPutWithdrawalRequestUpdate: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
                /** @description Why (percent-encoded): needed when the approval policy holds this call back for a second member of staff */
                "x-approval-reason"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    requestId: string;
                    status: number | string;
                };
            };
        };
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            _id: string;
                            userId: {
                                _id: string;
                                fullName: string;
                                email: string;
                                username: string;
                            };
                            formerBalance: string;
                            balance: string;
                            currency: number;
                            status: number;
                            finalAmount: string;
                            fee: string;
                            amount: string;
                            initiator: number;
                            p2pRef: string | null;
                            destinationAddress: string;
                            inAppTransaction: boolean;
                            transactionHash: string | null;
                            processedBy: {
                                email: string;
                            } | null;
                            processedAt: string | null;
                            lastStatusChangedByUserId: {
                                email: string;
                            } | null;
                            updatedAt: string;
                            createdAt: string;
                        };
                    };
                };
            };
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            approvalRequestId: string;
                            /** @enum {string} */
                            status: "pending";
                            expiresAt: string;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The approval policy needs a second member of staff for this call: send it again with a reason in the X-Approval-Reason header (it then answers 202 with the approval request) */
            428: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    withdrawalOutPostProcessWithdrawRequest: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
                /** @description Why (percent-encoded): needed when the approval policy holds this call back for a second member of staff */
                "x-approval-reason"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    requestId: string;
                    hash: string;
                    /** @enum {string} */
                    channel: "human";
                };
            };
        };
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            _id: string;
                            userId: {
                                _id: string;
                                fullName: string;
                                email: string;
                                username: string;
                            };
                            formerBalance: string;
                            balance: string;
                            currency: number;
                            status: number;
                            finalAmount: string;
                            fee: string;
                            amount: string;
                            initiator: number;
                            p2pRef: string | null;
                            destinationAddress: string;
                            inAppTransaction: boolean;
                            transactionHash: string | null;
                            processedBy: {
                                email: string;
                            } | null;
                            processedAt: string | null;
                            lastStatusChangedByUserId: {
                                email: string;
                            } | null;
                            updatedAt: string;
                            createdAt: string;
                        };
                    };
                };
            };
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            approvalRequestId: string;
                            /** @enum {string} */
                            status: "pending";
                            expiresAt: string;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The approval policy needs a second member of staff for this call: send it again with a reason in the X-Approval-Reason header (it then answers 202 with the approval request) */
            428: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    withdrawalOutPostProcessInAppTransaction: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
                /** @description Why (percent-encoded): needed when the approval policy holds this call back for a second member of staff */
                "x-approval-reason"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    requestId: string;
                    hash: string;
                    /** @enum {string} */
                    channel: "human";
                };
            };
        };
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            _id: string;
                            userId: {
                                _id: string;
                                fullName: string;
                                email: string;
                                username: string;
                            };
                            formerBalance: string;
                            balance: string;
                            currency: number;
                            status: number;
                            finalAmount: string;
                            fee: string;
                            amount: string;
                            initiator: number;
                            p2pRef: string | null;
                            destinationAddress: string;
                            inAppTransaction: boolean;
                            transactionHash: string | null;
                            processedBy: {
                                email: string;
                            } | null;
                            processedAt: string | null;
                            lastStatusChangedByUserId: {
                                email: string;
                            } | null;
                            updatedAt: string;
                            createdAt: string;
                        };
                    };
                };
            };
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            approvalRequestId: string;
                            /** @enum {string} */
                            status: "pending";
                            expiresAt: string;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The approval policy needs a second member of staff for this call: send it again with a reason in the X-Approval-Reason header (it then answers 202 with the approval request) */
            428: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    liquidityProvidersGet: {
        parameters: {
            query?: {
                page?: number;
                pageSize?: number;
            };
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            records: {
                                _id: string;
                                name: string;
                                walletAddress: string;
                                isActive: boolean;
                                editedBy: {
                                    email: string;
                                } | null;
                                updatedAt: string;
                            }[];
                            currentPage: number;
                            totalRecords: number;
                            totalPage: number;
                            pageSize: number;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    liquidityProvidersPut: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    providerId: string;
                    isActive: boolean;
                };
            };
        };
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            _id: string;
                            name: string;
                            walletAddress: string;
                            isActive: boolean;
                            editedBy: {
                                email: string;
                            } | null;
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    liquidityProvidersPost: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string & (string);
                    walletAddress: string;
                };
            };
        };
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            _id: string;
                            name: string;
                            walletAddress: string;
                            isActive: boolean;
                            editedBy: {
                                email: string;
                            } | null;
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    liquidityProvidersGetVltBridge: {
        parameters: {
            query?: {
                orderReference?: string;
            };
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            orderReference: string;
                            userEmail: string;
                            amount: string;
                            payInCurrency: string;
                            destinationAddress: string;
                            createdAt: string;
                            updatedAt: string;
                        } | null;
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    filesGetIpfsByCid: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path: {
                cid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The encrypted bytes (AES-GCM), decrypted by the browser */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": string;
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    settingsGetAllProcessSettings: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            _id: string;
                            vltTokenUsdPrice: string;
                            busdTokenUsdPrice: string;
                            vltTokenAPR: string;
                            updatedBy: string | null;
                            updatedAt: string;
                        }[];
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    settingsGetProcessSettingsHistory: {
        parameters: {
            query?: {
                page?: number;
                pageSize?: number;
            };
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            records: {
                                _id: string;
                                vltTokenUsdPrice: string;
                                busdTokenUsdPrice: string;
                                vltTokenAPR: string;
                                updatedBy: string | null;
                                updatedAt: string;
                            }[];
                            currentPage: number;
                            totalRecords: number;
                            pageSize: number;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    settingsPutUpdateProcessSettings: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
                /** @description Why (percent-encoded): needed when the approval policy holds this call back for a second member of staff */
                "x-approval-reason"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    vltTokenUsdPrice: string | number;
                    busdTokenUsdPrice: string | number;
                    vltTokenAPR: string | number;
                };
            };
        };
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            _id: string;
                            vltTokenUsdPrice: string;
                            busdTokenUsdPrice: string;
                            vltTokenAPR: string;
                            updatedBy: string | null;
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            approvalRequestId: string;
                            /** @enum {string} */
                            status: "pending";
                            expiresAt: string;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The approval policy needs a second member of staff for this call: send it again with a reason in the X-Approval-Reason header (it then answers 202 with the approval request) */
            428: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    greetingsGetGetAlerts: {
        parameters: {
            query?: {
                page?: number;
                pageSize?: number;
            };
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            records: {
                                _id: string;
                                title: string;
                                description: string;
                                timeFrame: string;
                                expiry_time: string;
                                live: boolean;
                                createdAt: string;
                            }[];
                            currentPage: number;
                            totalRecords: number;
                            pageSize: number;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    greetingsPostCreateAlert: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    title: string & (string);
                    description: string;
                    /**
                     * @default
                     * @enum {string}
                     */
                    timeFrame?: "" | "morning" | "afternoon" | "evening";
                    expiry_time: string;
                };
            };
        };
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            _id: string;
                            title: string;
                            description: string;
                            timeFrame: string;
                            expiry_time: string;
                            live: boolean;
                            createdAt: string;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    greetingsPatchUpdateAlert: {
        parameters: {
            query: {
                id: string;
            };
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    title: string & (string);
                    description: string;
                    /**
                     * @default
                     * @enum {string}
                     */
                    timeFrame?: "" | "morning" | "afternoon" | "evening";
                    expiry_time: string;
                };
            };
        };
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            _id: string;
                            title: string;
                            description: string;
                            timeFrame: string;
                            expiry_time: string;
                            live: boolean;
                            createdAt: string;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    greetingsDeleteDeleteAlert: {
        parameters: {
            query: {
                id: string;
            };
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            _id: string;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    greetingsGetUserGetAllAlert: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            newslist: {
                                _id: string;
                                title: string;
                                description: string;
                                timeFrame: string;
                                expiry_time: string;
                                createdAt: string;
                            }[];
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    newslettersGet: {
        parameters: {
            query?: {
                page?: number;
                pageSize?: number;
            };
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            records: {
                                id: string;
                                _id: string;
                                subject: string;
                                bannerUrl: string;
                                previewMessage: string;
                                maillist: string;
                                deliveryType: string;
                                deliveryStatus: string;
                                deliveryDate: string | null;
                                instantProcessing: boolean;
                                creatorEmail: string;
                                approvedBy: string | null;
                                content: string;
                                isPublished: boolean;
                                totalSent: number;
                                totalFailed: number;
                                totalInDoubt: number;
                                totalRecipients: number | null;
                                createdAt: string;
                                updatedAt: string;
                            }[];
                            currentPage: number;
                            totalRecords: number;
                            totalPage: number;
                            pageSize: number;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    newslettersPost: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    id: string;
                    access_code: string;
                };
            };
        };
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            id: string;
                            _id: string;
                            subject: string;
                            bannerUrl: string;
                            previewMessage: string;
                            maillist: string;
                            deliveryType: string;
                            deliveryStatus: string;
                            deliveryDate: string | null;
                            instantProcessing: boolean;
                            creatorEmail: string;
                            approvedBy: string | null;
                            content: string;
                            isPublished: boolean;
                            totalSent: number;
                            totalFailed: number;
                            totalInDoubt: number;
                            totalRecipients: number | null;
                            createdAt: string;
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    newslettersGetMaillist: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            maillist: {
                                name: string;
                                label: string;
                                count: number;
                            }[];
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    newslettersGetSubscribers: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            totalSubscribers: number;
                            totalUnSubscribers: number;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    newslettersGetConfig: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            senderName: string;
                            senderEmail: string;
                            maxMailsPerBatch: number;
                            waitMinutesPerBatch: number;
                            accessCodeSet: boolean;
                            senderPinSet: boolean;
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    newslettersPutConfig: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    senderName: string & (string);
                    senderEmail: string;
                    maxMailsPerBatch: number | string;
                    waitMinutesPerBatch: number | string;
                    accessCode?: string;
                    senderPin?: string;
                };
            };
        };
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            senderName: string;
                            senderEmail: string;
                            maxMailsPerBatch: number;
                            waitMinutesPerBatch: number;
                            accessCodeSet: boolean;
                            senderPinSet: boolean;
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    newslettersGetById: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            id: string;
                            _id: string;
                            subject: string;
                            bannerUrl: string;
                            previewMessage: string;
                            maillist: string;
                            deliveryType: string;
                            deliveryStatus: string;
                            deliveryDate: string | null;
                            instantProcessing: boolean;
                            creatorEmail: string;
                            approvedBy: string | null;
                            content: string;
                            isPublished: boolean;
                            totalSent: number;
                            totalFailed: number;
                            totalInDoubt: number;
                            totalRecipients: number | null;
                            createdAt: string;
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    newslettersDeleteById: {
        parameters: {
            query: {
                access_code: string;
            };
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            _id: string;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    newslettersPostDraft: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    id?: string;
                    subject: string & (string);
                    /** @default  */
                    bannerUrl?: string;
                    /** @default  */
                    previewMessage?: string & (string);
                    /** @enum {string} */
                    maillist: "subscribers" | "test";
                    content: string;
                    /**
                     * @default instant
                     * @enum {string}
                     */
                    deliveryType?: "instant" | "scheduled";
                    /** Format: date-time */
                    deliveryDate?: string | null;
                };
            };
        };
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            id: string;
                            _id: string;
                            subject: string;
                            bannerUrl: string;
                            previewMessage: string;
                            maillist: string;
                            deliveryType: string;
                            deliveryStatus: string;
                            deliveryDate: string | null;
                            instantProcessing: boolean;
                            creatorEmail: string;
                            approvedBy: string | null;
                            content: string;
                            isPublished: boolean;
                            totalSent: number;
                            totalFailed: number;
                            totalInDoubt: number;
                            totalRecipients: number | null;
                            createdAt: string;
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    newslettersPostTestById: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    access_code: string;
                };
            };
        };
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            sent: number;
                            recipients: string[];
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    newslettersPostSendById: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    sender_pin: string;
                };
            };
        };
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            id: string;
                            _id: string;
                            subject: string;
                            bannerUrl: string;
                            previewMessage: string;
                            maillist: string;
                            deliveryType: string;
                            deliveryStatus: string;
                            deliveryDate: string | null;
                            instantProcessing: boolean;
                            creatorEmail: string;
                            approvedBy: string | null;
                            content: string;
                            isPublished: boolean;
                            totalSent: number;
                            totalFailed: number;
                            totalInDoubt: number;
                            totalRecipients: number | null;
                            createdAt: string;
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    newslettersPatchStatusById: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    access_code: string;
                    /** @enum {string} */
                    status: "paused" | "pending";
                };
            };
        };
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            id: string;
                            _id: string;
                            subject: string;
                            bannerUrl: string;
                            previewMessage: string;
                            maillist: string;
                            deliveryType: string;
                            deliveryStatus: string;
                            deliveryDate: string | null;
                            instantProcessing: boolean;
                            creatorEmail: string;
                            approvedBy: string | null;
                            content: string;
                            isPublished: boolean;
                            totalSent: number;
                            totalFailed: number;
                            totalInDoubt: number;
                            totalRecipients: number | null;
                            createdAt: string;
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    newslettersPostTerminateById: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    access_code: string;
                };
            };
        };
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            id: string;
                            _id: string;
                            subject: string;
                            bannerUrl: string;
                            previewMessage: string;
                            maillist: string;
                            deliveryType: string;
                            deliveryStatus: string;
                            deliveryDate: string | null;
                            instantProcessing: boolean;
                            creatorEmail: string;
                            approvedBy: string | null;
                            content: string;
                            isPublished: boolean;
                            totalSent: number;
                            totalFailed: number;
                            totalInDoubt: number;
                            totalRecipients: number | null;
                            createdAt: string;
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    newslettersGetUnsubscribe: {
        parameters: {
            query: {
                token: string;
            };
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page saying the address is unsubscribed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    botsGetConfigs: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            id: number;
                            name: string;
                            value: string;
                            /** @enum {string} */
                            kind: "switch" | "cron";
                            bot: string;
                            description: string;
                            updatedAt: string;
                        }[];
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    botsGetConfigsCronjobTime: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            systemTime: {
                                label: string;
                                value: string;
                            }[];
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    botsGetConfigsRuns: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            runs: {
                                id: number;
                                bot: string;
                                startedAt: string;
                                finishedAt: string | null;
                                outcome: string;
                                durationMs: number | null;
                                detail: string | null;
                            }[];
                            schedulerSeenAt: string | null;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    botsPatchConfigsById: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    value: string;
                };
            };
        };
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            id: number;
                            name: string;
                            value: string;
                            /** @enum {string} */
                            kind: "switch" | "cron";
                            bot: string;
                            description: string;
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    kycGetLevelGetKyclevel: {
        parameters: {
            query?: {
                page?: number;
                pageSize?: number;
            };
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            levelList: {
                                _id: string;
                                levelName: string;
                                levelNumber: number;
                                dailyWithdrawal: string;
                                monthlyWithdrawal: string;
                                createdAt: string;
                                updatedAt: string;
                            }[];
                            currentPage: number;
                            totalRecords: number;
                            pageSize: number;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    kycPostLevelCreateKycLevel: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    levelName: string & (string);
                    levelNumber: number | string;
                    dailyWithdrawal: string | number;
                    monthlyWithdrawal: string | number;
                };
            };
        };
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            _id: string;
                            levelName: string;
                            levelNumber: number;
                            dailyWithdrawal: string;
                            monthlyWithdrawal: string;
                            createdAt: string;
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    kycPutLevelUpdateKycLevel: {
        parameters: {
            query?: {
                id?: string;
            };
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    id?: string;
                    levelName: string & (string);
                    dailyWithdrawal: string | number;
                    monthlyWithdrawal: string | number;
                };
            };
        };
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            _id: string;
                            levelName: string;
                            levelNumber: number;
                            dailyWithdrawal: string;
                            monthlyWithdrawal: string;
                            createdAt: string;
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    kycDeleteLevelDeleteKyclevel: {
        parameters: {
            query: {
                id: string;
            };
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: Record<string, never>;
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    kycGetGetkycByLevel: {
        parameters: {
            query?: {
                kycLevel?: number | string;
                kycStatus?: "submitted" | "approved" | "rejected" | "escalated";
                page?: number;
                pageSize?: number;
                userId?: string;
                email?: string;
            };
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            record: {
                                _id: string;
                                userId: {
                                    _id: string;
                                    username: string;
                                    email: string;
                                    fullName: string;
                                    phoneNo: string | null;
                                    profileUrl: string | null;
                                    refereeName: string | null;
                                    kycLevelTwoStatus: string | null;
                                    kycLevelThreeStatus: string | null;
                                    KycLevelTwoApprovedBy: string | null;
                                };
                                firstName: string;
                                middleName: string | null;
                                lastName: string;
                                phoneNumber: string | null;
                                dateOfBirth: string | null;
                                gender: string | null;
                                residentAddress: string | null;
                                countryCode: string | null;
                                deviceId: string | null;
                                idcardType: string | null;
                                idcardNumber: string | null;
                                idcardIpfsHash: string | null;
                                idcardEncryptKey: string | null;
                                selfieIpfsHash: string | null;
                                selfieEncryptKey: string | null;
                                levelTwoStatus: string | null;
                                levelThreeStatus: string | null;
                                rejectedBy: string | null;
                                rejectionTime: string | null;
                                levelTwoRejectionReason: string | null;
                                levelTwoRejectionMessage: string | null;
                                claimedBy: string | null;
                                claimedUntil: string | null;
                                fraud?: {
                                    blacklistDetails: {
                                        blacklisted: boolean;
                                        blacklistedRecordId: string | null;
                                    };
                                    kycsRegisteredWithDevice: number;
                                    userRegisteredWithDevice: number;
                                    duplicatephoneNumber: number;
                                    duplicateIdcardNumber: number;
                                };
                                createdAt: string;
                                updatedAt: string;
                            }[];
                            currentPage: number;
                            totalRecords: number;
                            totalPage: number;
                            pageSize: number;
                            kycCount: {
                                levelTwosubmittedKyc: number;
                                levelTwoapprovedKyc: number;
                                levelTworejectedKyc: number;
                                levelThreeSubmittedKyc: number;
                                levelThreeApprovedKyc: number;
                                levelThreeRejectedKyc: number;
                            };
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    kycPostUpdateLevelTwoKyc: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    id: string;
                    /** @enum {string} */
                    kycStatus: "approved" | "rejected" | "escalated";
                    /** @enum {string} */
                    RejectionReason?: "FACE_NOT_CLEAR" | "NO_IMAGE" | "NO_LIGHT" | "AGE_ISSUE" | "WRONG_PLACEMENT_OF_SELFIE" | "NO_SELFIE" | "NAME_MISMATCH" | "DATA_MISMATCH" | "GENDER_MISMATCH" | "UNSUPPORTED_ID_TYPE";
                    RejectionMessage?: string;
                    /** @enum {string} */
                    fromStatus?: "submitted" | "approved" | "rejected" | "escalated";
                };
            };
        };
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            _id: string;
                            userId: string;
                            levelTwoStatus: string;
                            previousStatus: string;
                            levelTwoRejectionReason: string | null;
                            levelTwoRejectionMessage: string | null;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    kycGetRandomKycRecords: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: string;
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    kycPostTakeOverKyc: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    id: string;
                    claimedBy: string;
                };
            };
        };
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            _id: string;
                            userId: string;
                            claimedBy: string;
                            claimedUntil: string;
                            previousHolder: string;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    kycGetRejectedKycRecords: {
        parameters: {
            query: {
                userId: string;
            };
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            records: {
                                _id: string;
                                status: string;
                                rejectedBy: string | null;
                                rejectionTime: string;
                                levelTwoRejectionReason: string | null;
                                levelTwoRejectionMessage: string | null;
                            }[];
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    kycGetKycFilterByValues: {
        parameters: {
            query?: {
                page?: number;
                pageSize?: number;
                phoneNumber?: string;
                idcardNumber?: string;
                deviceId?: string;
            };
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            records: {
                                _id: string;
                                userId: {
                                    _id: string;
                                    username: string;
                                    email: string;
                                    fullName: string;
                                };
                                firstName: string;
                                lastName: string;
                                phoneNumber: string | null;
                                idcardNumber: string | null;
                                deviceId: string | null;
                                levelTwoStatus: string | null;
                                createdAt: string;
                            }[];
                            currentPage: number;
                            totalRecords: number;
                            totalPage: number;
                            pageSize: number;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    complianceGetBlacklistedDevice: {
        parameters: {
            query?: {
                page?: number;
                pageSize?: number;
            };
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            records: {
                                _id: string;
                                deviceId: string;
                                userId: string | null;
                                customerId: string | null;
                                blacklisted: boolean;
                                createdAt: string;
                                updatedAt: string;
                            }[];
                            currentPage: number;
                            totalRecords: number;
                            totalPage: number;
                            pageSize: number;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    compliancePutBlacklistedDevice: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
                /** @description Why (percent-encoded): needed when the approval policy holds this call back for a second member of staff */
                "x-approval-reason"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    blacklistedRecordId: string;
                    blacklisted: boolean;
                };
            };
        };
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            _id: string;
                            deviceId: string;
                            userId: string | null;
                            customerId: string | null;
                            blacklisted: boolean;
                            createdAt: string;
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            approvalRequestId: string;
                            /** @enum {string} */
                            status: "pending";
                            expiresAt: string;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The approval policy needs a second member of staff for this call: send it again with a reason in the X-Approval-Reason header (it then answers 202 with the approval request) */
            428: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    compliancePostBlacklistedDevice: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
                /** @description Why (percent-encoded): needed when the approval policy holds this call back for a second member of staff */
                "x-approval-reason"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    deviceId: string;
                    userId?: string;
                };
            };
        };
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            _id: string;
                            deviceId: string;
                            userId: string | null;
                            customerId: string | null;
                            blacklisted: boolean;
                            createdAt: string;
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            approvalRequestId: string;
                            /** @enum {string} */
                            status: "pending";
                            expiresAt: string;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The approval policy needs a second member of staff for this call: send it again with a reason in the X-Approval-Reason header (it then answers 202 with the approval request) */
            428: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    complianceGetSecurityRetrieveWatchlist: {
        parameters: {
            query?: {
                page?: number;
            };
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            records: {
                                _id: string;
                                user: {
                                    _id: string;
                                    fullName: string;
                                    username: string;
                                };
                                reason: string;
                                createdAt: string;
                            }[];
                            currentPage: number;
                            totalRecords: number;
                            totalPage: number;
                            pageSize: number;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    complianceGetDoubleFundings: {
        parameters: {
            query?: {
                page?: number;
                pageSize?: number;
                status?: "pending" | "deleted";
            };
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            result: {
                                _id: string;
                                userEmail: string;
                                status: string;
                                fundingStatus: string;
                                amountReceived: string;
                                totalAmountDeposited: string;
                                depositAddress: string;
                                receivingAddress: string;
                                processList: {
                                    creator: {
                                        email: string | null;
                                    };
                                };
                                createdAt: string;
                                updatedAt: string;
                            }[];
                            currentPage: number;
                            totalRecords: number;
                            totalPage: number;
                            pageSize: number;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    complianceGetLockedFixedSavings: {
        parameters: {
            query?: {
                page?: number;
                pageSize?: number;
            };
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            records: {
                                _id: string;
                                userId: {
                                    _id: string;
                                    fullName: string;
                                    username: string;
                                };
                                email: string;
                                planName: string;
                                depositAmount: string;
                                depositTime: string | null;
                                protocolName: string;
                                planState: string;
                                shareBalance: string;
                                withdrawalAmount: string | null;
                                withdrawStatus: string;
                                withdrawalTime: string | null;
                                locked: boolean;
                                lockedDate: string | null;
                                lockedComment: string | null;
                                lockedAdmin: {
                                    email: string | null;
                                };
                                unLockedDate: string | null;
                                unLockedAdmin: {
                                    email: string | null;
                                };
                                lockedAmount: string | null;
                                createdAt: string;
                                lockVersion: number;
                            }[];
                            currentPage: number;
                            totalRecords: number;
                            totalPages: number;
                            pageSize: number;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    complianceGetLockedFlexibleSavings: {
        parameters: {
            query?: {
                page?: number;
                pageSize?: number;
            };
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            records: {
                                _id: string;
                                userId: {
                                    _id: string;
                                    fullName: string;
                                    username: string;
                                };
                                email: string;
                                planName: string;
                                depositAmount: string;
                                depositTime: string | null;
                                protocolName: string;
                                planState: string;
                                shareBalance: string;
                                withdrawalAmount: string | null;
                                withdrawStatus: string;
                                withdrawalTime: string | null;
                                locked: boolean;
                                lockedDate: string | null;
                                lockedComment: string | null;
                                lockedAdmin: {
                                    email: string | null;
                                };
                                unLockedDate: string | null;
                                unLockedAdmin: {
                                    email: string | null;
                                };
                                lockedAmount: string | null;
                                createdAt: string;
                                lockVersion: number;
                            }[];
                            currentPage: number;
                            totalRecords: number;
                            totalPages: number;
                            pageSize: number;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    complianceGetFundingRequest: {
        parameters: {
            query?: {
                email?: string;
                transactionHash?: string;
                receivingAddress?: string;
                download?: "true" | "false";
            };
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            records: {
                                _id: string;
                                userEmail: string;
                                amountReceived: string;
                                currency: string;
                                receivingAddress: string;
                                transactionHash: string;
                                createdAt: string;
                                updatedAt: string;
                            }[];
                        } | {
                            exportId: string;
                            report: string;
                            /** @enum {string} */
                            status: "queued" | "running" | "done" | "failed";
                            link: string;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    complianceGetPlansAboutToMature: {
        parameters: {
            query?: {
                page?: number;
                pageSize?: number;
                download?: "true" | "false";
            };
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            records: {
                                _id: string;
                                planId: {
                                    _id: string;
                                    planName: string;
                                    userId: {
                                        _id: string;
                                        email: string;
                                    };
                                    depositAmount: string;
                                    shareBalance: string;
                                    lockedPeriod: number | null;
                                };
                                rewardInUSD: string;
                                createdAt: string;
                            }[];
                            currentPage: number;
                            totalRecords: number;
                            totalPage: number;
                            pageSize: number;
                        } | {
                            exportId: string;
                            report: string;
                            /** @enum {string} */
                            status: "queued" | "running" | "done" | "failed";
                            link: string;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    reconciliationGet: {
        parameters: {
            query?: {
                pageSize?: number;
            };
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            latest: {
                                id: string;
                                /** @enum {string} */
                                status: "queued" | "running" | "done" | "failed";
                                /** @enum {string|null} */
                                step: "ledger" | "flagged" | "holds" | "batches" | "transactions" | "deposits" | null;
                                requestedBy: {
                                    _id: string;
                                    email: string;
                                    fullName: string;
                                } | null;
                                requestedAt: string;
                                startedAt: string | null;
                                finishedAt: string | null;
                                error: string | null;
                                report: {
                                    checkedAt: string;
                                    tolerance: number;
                                    chainId: number | null;
                                    unexplained: number;
                                    ledger: {
                                        users: number;
                                        wallets: number;
                                        balances: number;
                                        drift: number;
                                    };
                                    flagged: {
                                        total: number;
                                        explained: number;
                                        unexplained: number;
                                    };
                                    holds: {
                                        plans: number;
                                        drift: number;
                                    };
                                    batches: {
                                        saved: number;
                                        matching: number;
                                        mismatching: number;
                                        notOnChain: number;
                                        notChecked: number;
                                        history: number;
                                    };
                                    transactions?: {
                                        recorded: number;
                                        usedTwice: number;
                                    };
                                    deposits?: {
                                        credited: number;
                                        unbacked: number;
                                        notChecked: number;
                                    };
                                    rows: {
                                        ledger: {
                                            records: {
                                                walletId: string;
                                                userId: string | null;
                                                userEmail: string | null;
                                                currency: string;
                                                balance: string;
                                                ledgerSum: string;
                                                ledgerRows: number;
                                                difference: string;
                                            }[];
                                            currentPage: number;
                                            totalRecords: number;
                                            totalPage: number;
                                            pageSize: number;
                                        };
                                        flagged: {
                                            records: {
                                                walletId: string;
                                                userId: string | null;
                                                userEmail: string | null;
                                                currency: string;
                                                balance: string;
                                                transactionsNet: string;
                                                difference: string;
                                                duplicatePostings: number;
                                                duplicatedAmount: string;
                                                residual: string;
                                                explained: boolean;
                                                reason: string;
                                            }[];
                                            currentPage: number;
                                            totalRecords: number;
                                            totalPage: number;
                                            pageSize: number;
                                        };
                                        holds: {
                                            records: {
                                                planId: string;
                                                userId: string;
                                                userEmail: string | null;
                                                planType: string;
                                                currency: string;
                                                locked: boolean;
                                                expected: string;
                                                held: string;
                                                difference: string;
                                            }[];
                                            currentPage: number;
                                            totalRecords: number;
                                            totalPage: number;
                                            pageSize: number;
                                        };
                                        batches: {
                                            records: {
                                                batchId: string;
                                                processListId: string;
                                                action: string;
                                                transactionHash: string | null;
                                                network: number | null;
                                                /** @enum {string} */
                                                status: "matching" | "mismatching" | "not-on-chain" | "not-checked";
                                                problems: string[];
                                                amount: string | null;
                                                itemsTotal: string | null;
                                                itemsCount: number;
                                                chainAmount: string | null;
                                                block: string | null;
                                                savedAt: string;
                                            }[];
                                            currentPage: number;
                                            totalRecords: number;
                                            totalPage: number;
                                            pageSize: number;
                                        };
                                        transactions: {
                                            records: {
                                                hash: string;
                                                uses: {
                                                    kind: string;
                                                    recordId: string;
                                                    use: string;
                                                    at: string | null;
                                                }[];
                                            }[];
                                            currentPage: number;
                                            totalRecords: number;
                                            totalPage: number;
                                            pageSize: number;
                                        };
                                        deposits: {
                                            records: {
                                                depositId: string;
                                                chainId: number;
                                                txHash: string;
                                                logIndex: number;
                                                currency: string;
                                                amount: string;
                                                toAddress: string;
                                                username: string | null;
                                                creditedAt: string | null;
                                                problem: string;
                                            }[];
                                            currentPage: number;
                                            totalRecords: number;
                                            totalPage: number;
                                            pageSize: number;
                                        };
                                    };
                                };
                            } | null;
                            current: {
                                id: string;
                                /** @enum {string} */
                                status: "queued" | "running" | "done" | "failed";
                                /** @enum {string|null} */
                                step: "ledger" | "flagged" | "holds" | "batches" | "transactions" | "deposits" | null;
                                requestedBy: {
                                    _id: string;
                                    email: string;
                                    fullName: string;
                                } | null;
                                requestedAt: string;
                                startedAt: string | null;
                                finishedAt: string | null;
                                error: string | null;
                            } | null;
                            lastFailure: {
                                id: string;
                                /** @enum {string} */
                                status: "queued" | "running" | "done" | "failed";
                                /** @enum {string|null} */
                                step: "ledger" | "flagged" | "holds" | "batches" | "transactions" | "deposits" | null;
                                requestedBy: {
                                    _id: string;
                                    email: string;
                                    fullName: string;
                                } | null;
                                requestedAt: string;
                                startedAt: string | null;
                                finishedAt: string | null;
                                error: string | null;
                            } | null;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    reconciliationPostRuns: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            id: string;
                            /** @enum {string} */
                            status: "queued" | "running" | "done" | "failed";
                            /** @enum {string|null} */
                            step: "ledger" | "flagged" | "holds" | "batches" | "transactions" | "deposits" | null;
                            requestedBy: {
                                _id: string;
                                email: string;
                                fullName: string;
                            } | null;
                            requestedAt: string;
                            startedAt: string | null;
                            finishedAt: string | null;
                            error: string | null;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    reconciliationGetRows: {
        parameters: {
            query: {
                kind: "ledger" | "flagged" | "holds" | "batches" | "transactions" | "deposits";
                page?: number;
                pageSize?: number;
                run?: string;
            };
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            /** @enum {string} */
                            kind: "ledger";
                            runId: string;
                            checkedAt: string;
                            rows: {
                                records: {
                                    walletId: string;
                                    userId: string | null;
                                    userEmail: string | null;
                                    currency: string;
                                    balance: string;
                                    ledgerSum: string;
                                    ledgerRows: number;
                                    difference: string;
                                }[];
                                currentPage: number;
                                totalRecords: number;
                                totalPage: number;
                                pageSize: number;
                            };
                        } | {
                            /** @enum {string} */
                            kind: "flagged";
                            runId: string;
                            checkedAt: string;
                            rows: {
                                records: {
                                    walletId: string;
                                    userId: string | null;
                                    userEmail: string | null;
                                    currency: string;
                                    balance: string;
                                    transactionsNet: string;
                                    difference: string;
                                    duplicatePostings: number;
                                    duplicatedAmount: string;
                                    residual: string;
                                    explained: boolean;
                                    reason: string;
                                }[];
                                currentPage: number;
                                totalRecords: number;
                                totalPage: number;
                                pageSize: number;
                            };
                        } | {
                            /** @enum {string} */
                            kind: "holds";
                            runId: string;
                            checkedAt: string;
                            rows: {
                                records: {
                                    planId: string;
                                    userId: string;
                                    userEmail: string | null;
                                    planType: string;
                                    currency: string;
                                    locked: boolean;
                                    expected: string;
                                    held: string;
                                    difference: string;
                                }[];
                                currentPage: number;
                                totalRecords: number;
                                totalPage: number;
                                pageSize: number;
                            };
                        } | {
                            /** @enum {string} */
                            kind: "batches";
                            runId: string;
                            checkedAt: string;
                            rows: {
                                records: {
                                    batchId: string;
                                    processListId: string;
                                    action: string;
                                    transactionHash: string | null;
                                    network: number | null;
                                    /** @enum {string} */
                                    status: "matching" | "mismatching" | "not-on-chain" | "not-checked";
                                    problems: string[];
                                    amount: string | null;
                                    itemsTotal: string | null;
                                    itemsCount: number;
                                    chainAmount: string | null;
                                    block: string | null;
                                    savedAt: string;
                                }[];
                                currentPage: number;
                                totalRecords: number;
                                totalPage: number;
                                pageSize: number;
                            };
                        } | {
                            /** @enum {string} */
                            kind: "transactions";
                            runId: string;
                            checkedAt: string;
                            rows: {
                                records: {
                                    hash: string;
                                    uses: {
                                        kind: string;
                                        recordId: string;
                                        use: string;
                                        at: string | null;
                                    }[];
                                }[];
                                currentPage: number;
                                totalRecords: number;
                                totalPage: number;
                                pageSize: number;
                            };
                        } | {
                            /** @enum {string} */
                            kind: "deposits";
                            runId: string;
                            checkedAt: string;
                            rows: {
                                records: {
                                    depositId: string;
                                    chainId: number;
                                    txHash: string;
                                    logIndex: number;
                                    currency: string;
                                    amount: string;
                                    toAddress: string;
                                    username: string | null;
                                    creditedAt: string | null;
                                    problem: string;
                                }[];
                                currentPage: number;
                                totalRecords: number;
                                totalPage: number;
                                pageSize: number;
                            };
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    chainWatcherGet: {
        parameters: {
            query?: {
                page?: number;
                pageSize?: number;
                status?: "all" | "seen" | "credited" | "dropped" | "ignored";
            };
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            chains: {
                                chainId: number;
                                chainName: string;
                                headBlock: number | null;
                                headSeenAt: string | null;
                                headAgeSeconds: number | null;
                                lastBlock: number;
                                lagBlocks: number | null;
                                lagSeconds: number | null;
                                lastError: string | null;
                                lastErrorAt: string | null;
                                updatedAt: string;
                            }[];
                            today: {
                                day: string;
                                seen: {
                                    currency: string;
                                    count: number;
                                    amount: string;
                                }[];
                                credited: {
                                    currency: string;
                                    count: number;
                                    amount: string;
                                }[];
                            };
                            deposits: {
                                records: {
                                    _id: string;
                                    chainId: number;
                                    txHash: string;
                                    logIndex: number;
                                    blockNumber: number;
                                    currency: string;
                                    token: string;
                                    fromAddress: string;
                                    toAddress: string;
                                    amount: string;
                                    /** @enum {string} */
                                    status: "seen" | "credited" | "dropped" | "ignored";
                                    reason: string | null;
                                    confirmations: number | null;
                                    userId: string | null;
                                    username: string | null;
                                    seenAt: string;
                                    decidedAt: string | null;
                                }[];
                                currentPage: number;
                                totalRecords: number;
                                totalPage: number;
                                pageSize: number;
                            };
                            errors: {
                                chainId: number;
                                message: string;
                                at: string;
                            }[];
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    settingsGetApprovalPolicy: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            _id: string;
                            policy: {
                                remitFunds: {
                                    thresholdUsd: string | null;
                                };
                                withdrawalOut: {
                                    thresholdUsd: string | null;
                                };
                                settings: {
                                    required: boolean;
                                };
                                admins: {
                                    required: boolean;
                                };
                                blacklist: {
                                    required: boolean;
                                };
                                expiryHours: number;
                                /** @default 7 */
                                coolingOffDays: number;
                            };
                            updatedBy: string | null;
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    settingsPutApprovalPolicy: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
                /** @description Why (percent-encoded): needed when the approval policy holds this call back for a second member of staff */
                "x-approval-reason"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    remitFunds: {
                        thresholdUsd: (string | null) | (number | null);
                    };
                    withdrawalOut: {
                        thresholdUsd: (string | null) | (number | null);
                    };
                    settings: {
                        required: boolean;
                    };
                    admins: {
                        required: boolean;
                    };
                    blacklist: {
                        required: boolean;
                    };
                    expiryHours: number;
                    /** @default 7 */
                    coolingOffDays?: number;
                };
            };
        };
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            _id: string;
                            policy: {
                                remitFunds: {
                                    thresholdUsd: string | null;
                                };
                                withdrawalOut: {
                                    thresholdUsd: string | null;
                                };
                                settings: {
                                    required: boolean;
                                };
                                admins: {
                                    required: boolean;
                                };
                                blacklist: {
                                    required: boolean;
                                };
                                expiryHours: number;
                                /** @default 7 */
                                coolingOffDays: number;
                            };
                            updatedBy: string | null;
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            approvalRequestId: string;
                            /** @enum {string} */
                            status: "pending";
                            expiresAt: string;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The approval policy needs a second member of staff for this call: send it again with a reason in the X-Approval-Reason header (it then answers 202 with the approval request) */
            428: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    settingsGetApprovalPolicyHistory: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            records: {
                                _id: string;
                                policy: {
                                    remitFunds: {
                                        thresholdUsd: string | null;
                                    };
                                    withdrawalOut: {
                                        thresholdUsd: string | null;
                                    };
                                    settings: {
                                        required: boolean;
                                    };
                                    admins: {
                                        required: boolean;
                                    };
                                    blacklist: {
                                        required: boolean;
                                    };
                                    expiryHours: number;
                                    /** @default 7 */
                                    coolingOffDays: number;
                                };
                                updatedBy: string | null;
                                updatedAt: string;
                            }[];
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    approvalsGetApprovalRequests: {
        parameters: {
            query?: {
                status?: "pending" | "approved" | "rejected" | "cancelled" | "expired";
                page?: number;
                pageSize?: number;
            };
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            records: {
                                _id: string;
                                /** @enum {string} */
                                kind: "remitFunds" | "withdrawalOut" | "settings" | "admins" | "blacklist";
                                action: string;
                                permission: string;
                                summary: string;
                                payload: {
                                    method: string;
                                    url: string;
                                    body: unknown;
                                    params: {
                                        [key: string]: string;
                                    };
                                };
                                amountUsd: string | null;
                                snapshot: {
                                    [key: string]: unknown;
                                };
                                reason: string;
                                /** @enum {string} */
                                status: "pending" | "approved" | "rejected" | "cancelled" | "expired";
                                requestedBy: {
                                    _id: string;
                                    email: string;
                                };
                                decidedBy: {
                                    _id: string;
                                    email: string;
                                } | null;
                                decisionComment: string | null;
                                result: unknown;
                                createdAt: string;
                                expiresAt: string;
                                decidedAt: string | null;
                                canDecide: boolean;
                                canCancel: boolean;
                            }[];
                            currentPage: number;
                            totalRecords: number;
                            pageSize: number;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    approvalsGetApprovalRequestsCount: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            awaitingMe: number;
                            mine: number;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    approvalsPostApprovalRequestsApproveById: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            request: {
                                _id: string;
                                /** @enum {string} */
                                kind: "remitFunds" | "withdrawalOut" | "settings" | "admins" | "blacklist";
                                action: string;
                                permission: string;
                                summary: string;
                                payload: {
                                    method: string;
                                    url: string;
                                    body: unknown;
                                    params: {
                                        [key: string]: string;
                                    };
                                };
                                amountUsd: string | null;
                                snapshot: {
                                    [key: string]: unknown;
                                };
                                reason: string;
                                /** @enum {string} */
                                status: "pending" | "approved" | "rejected" | "cancelled" | "expired";
                                requestedBy: {
                                    _id: string;
                                    email: string;
                                };
                                decidedBy: {
                                    _id: string;
                                    email: string;
                                } | null;
                                decisionComment: string | null;
                                result: unknown;
                                createdAt: string;
                                expiresAt: string;
                                decidedAt: string | null;
                                canDecide: boolean;
                                canCancel: boolean;
                            };
                            result: unknown;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    approvalsPostApprovalRequestsRejectById: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    comment?: string;
                };
            };
        };
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            _id: string;
                            /** @enum {string} */
                            kind: "remitFunds" | "withdrawalOut" | "settings" | "admins" | "blacklist";
                            action: string;
                            permission: string;
                            summary: string;
                            payload: {
                                method: string;
                                url: string;
                                body: unknown;
                                params: {
                                    [key: string]: string;
                                };
                            };
                            amountUsd: string | null;
                            snapshot: {
                                [key: string]: unknown;
                            };
                            reason: string;
                            /** @enum {string} */
                            status: "pending" | "approved" | "rejected" | "cancelled" | "expired";
                            requestedBy: {
                                _id: string;
                                email: string;
                            };
                            decidedBy: {
                                _id: string;
                                email: string;
                            } | null;
                            decisionComment: string | null;
                            result: unknown;
                            createdAt: string;
                            expiresAt: string;
                            decidedAt: string | null;
                            canDecide: boolean;
                            canCancel: boolean;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    approvalsPostApprovalRequestsCancelById: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            _id: string;
                            /** @enum {string} */
                            kind: "remitFunds" | "withdrawalOut" | "settings" | "admins" | "blacklist";
                            action: string;
                            permission: string;
                            summary: string;
                            payload: {
                                method: string;
                                url: string;
                                body: unknown;
                                params: {
                                    [key: string]: string;
                                };
                            };
                            amountUsd: string | null;
                            snapshot: {
                                [key: string]: unknown;
                            };
                            reason: string;
                            /** @enum {string} */
                            status: "pending" | "approved" | "rejected" | "cancelled" | "expired";
                            requestedBy: {
                                _id: string;
                                email: string;
                            };
                            decidedBy: {
                                _id: string;
                                email: string;
                            } | null;
                            decisionComment: string | null;
                            result: unknown;
                            createdAt: string;
                            expiresAt: string;
                            decidedAt: string | null;
                            canDecide: boolean;
                            canCancel: boolean;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    productApiGetProductV1Client: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        name: string;
                        keyId: string;
                        scopes: ("customers.read" | "customers.write" | "kyc.write" | "plans.write" | "withdrawals.write" | "funding.write" | "events.read")[];
                        rateLimitPerMinute: number;
                    };
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many failed attempts (or, on the product API, requests over the client's rate limit): try again after the Retry-After header's seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    productApiPostProductV1CustomersKycByCustomerId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                customerId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    firstName: string;
                    middleName?: string;
                    lastName: string;
                    phoneNumber?: string;
                    dateOfBirth: string;
                    /** @enum {string} */
                    gender?: "male" | "female" | "other";
                    residentAddress?: string;
                    countryCode: string;
                    deviceId?: string;
                    idcardType: string;
                    idcardNumber: string;
                    idcardImage: string;
                    selfieImage: string;
                };
            };
        };
        responses: {
            /** @description Done */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        kycId: string;
                        customerId: string;
                        /** @enum {number} */
                        level: 2;
                        status: string;
                        idcardImage: {
                            cid: string;
                            size: number;
                        };
                        selfieImage: {
                            cid: string;
                            size: number;
                        };
                        createdAt: string;
                        updatedAt: string;
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many failed attempts (or, on the product API, requests over the client's rate limit): try again after the Retry-After header's seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    productApiPostProductV1CustomersPlansByCustomerId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                customerId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    planType: "fixed" | "flexible";
                    planName: string;
                    /**
                     * @default BUSD
                     * @enum {string}
                     */
                    currency?: "BUSD" | "VLT";
                    termDays?: number;
                };
            };
        };
        responses: {
            /** @description Done */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        planId: string;
                        customerId: string;
                        /** @enum {string} */
                        planType: "fixed" | "flexible";
                        planName: string;
                        currency: string;
                        depositAmount: string;
                        planState: string;
                        saveStatus: string;
                        lockPeriod: string | null;
                        createdAt: string;
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many failed attempts (or, on the product API, requests over the client's rate limit): try again after the Retry-After header's seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    productApiPostProductV1CustomersPlansDepositsByCustomerIdByPlanId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                customerId: string;
                planId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    amount: string;
                    /** Format: uuid */
                    walletId?: string;
                };
            };
        };
        responses: {
            /** @description Done */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        queueItemId: string;
                        /** @enum {string} */
                        queue: "deposit" | "withdraw";
                        customerId: string;
                        planId: string;
                        amount: string;
                        currency: string;
                        status: string;
                        balanceAfter: string | null;
                        createdAt: string;
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many failed attempts (or, on the product API, requests over the client's rate limit): try again after the Retry-After header's seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    productApiPostProductV1CustomersWithdrawalsByCustomerId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                customerId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    amount: string;
                    /** Format: uuid */
                    planId?: string;
                    /** @enum {string} */
                    currency?: "BUSD" | "VLT";
                    destinationAddress?: string;
                    /** Format: uuid */
                    walletId?: string;
                };
            };
        };
        responses: {
            /** @description Done */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        route: "withdraw-queue" | "withdrawal-out";
                        requestId: string;
                        customerId: string;
                        amount: string;
                        currency: string;
                        status: string;
                        planId: string | null;
                        walletId: string | null;
                        destinationAddress: string | null;
                        formerBalance: string | null;
                        balance: string | null;
                        createdAt: string;
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many failed attempts (or, on the product API, requests over the client's rate limit): try again after the Retry-After header's seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    productApiPostProductV1CustomersFundingRequestsByCustomerId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                customerId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    amountReceived: string;
                    /**
                     * @default BUSD
                     * @enum {string}
                     */
                    currency?: "BUSD" | "VLT";
                    receivingAddress: string;
                    transactionHash: string;
                };
            };
        };
        responses: {
            /** @description Done */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        fundingRequestId: string;
                        customerId: string;
                        amountReceived: string;
                        currency: string;
                        receivingAddress: string;
                        transactionHash: string;
                        createdAt: string;
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many failed attempts (or, on the product API, requests over the client's rate limit): try again after the Retry-After header's seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    productApiGetProductV1CustomersRequestsByCustomerId: {
        parameters: {
            query?: {
                limit?: number;
            };
            header?: never;
            path: {
                customerId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        customerId: string;
                        requests: {
                            /** @enum {string} */
                            kind: "kyc" | "plan" | "deposit" | "withdraw-queue" | "withdrawal-out" | "funding";
                            id: string;
                            status: string;
                            amount: string | null;
                            currency: string | null;
                            planId: string | null;
                            createdAt: string;
                            updatedAt: string;
                        }[];
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many failed attempts (or, on the product API, requests over the client's rate limit): try again after the Retry-After header's seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    productApiPostProductV1Customers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    fullName: string & (string);
                    username: string;
                    email: string;
                    phoneNo?: string;
                    country: string;
                    ipCountry?: string;
                    zoneCountry?: string;
                    registrationIp?: string;
                    device: {
                        /** @enum {string} */
                        type: "android" | "ios" | "web";
                        serial: string;
                        description?: string & (string);
                        build?: string & (string);
                    };
                    coordinates?: {
                        lat: number;
                        long: number;
                    };
                    referralCode?: string;
                };
            };
        };
        responses: {
            /** @description Done */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        customerId: string;
                        fullName: string;
                        username: string;
                        email: string;
                        phoneNo: string | null;
                        country: string | null;
                        ipCountry: string | null;
                        zoneCountry: string | null;
                        referralCode: string;
                        referredBy: string | null;
                        deactivated: boolean;
                        kyc: {
                            levelTwo: string | null;
                            levelThree: string | null;
                        };
                        createdAt: string;
                        updatedAt: string;
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many failed attempts (or, on the product API, requests over the client's rate limit): try again after the Retry-After header's seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    productApiGetProductV1CustomersByCustomerId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                customerId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        customerId: string;
                        fullName: string;
                        username: string;
                        email: string;
                        phoneNo: string | null;
                        country: string | null;
                        ipCountry: string | null;
                        zoneCountry: string | null;
                        referralCode: string;
                        referredBy: string | null;
                        deactivated: boolean;
                        kyc: {
                            levelTwo: string | null;
                            levelThree: string | null;
                        };
                        createdAt: string;
                        updatedAt: string;
                        wallets: {
                            walletId: string;
                            name: string;
                            address: string;
                            network: number;
                            isActive: boolean;
                            createdAt: string;
                            balances: {
                                currency: string;
                                balance: string;
                            }[];
                        }[];
                        plans: {
                            planId: string;
                            planName: string;
                            planType: string;
                            currency: string;
                            depositAmount: string;
                            shareBalance: string;
                            planState: string;
                            saveStatus: string;
                            locked: boolean;
                            lockPeriod: string | null;
                            createdAt: string;
                        }[];
                        plansTruncated: boolean;
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many failed attempts (or, on the product API, requests over the client's rate limit): try again after the Retry-After header's seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    productApiPatchProductV1CustomersByCustomerId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                customerId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    fullName?: string & (string);
                    phoneNo?: string | null;
                    country?: string;
                    ipCountry?: string;
                    zoneCountry?: string;
                    device?: {
                        /** @enum {string} */
                        type: "android" | "ios" | "web";
                        serial: string;
                        description?: string & (string);
                        build?: string & (string);
                    };
                    coordinates?: {
                        lat: number;
                        long: number;
                    };
                };
            };
        };
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        customerId: string;
                        fullName: string;
                        username: string;
                        email: string;
                        phoneNo: string | null;
                        country: string | null;
                        ipCountry: string | null;
                        zoneCountry: string | null;
                        referralCode: string;
                        referredBy: string | null;
                        deactivated: boolean;
                        kyc: {
                            levelTwo: string | null;
                            levelThree: string | null;
                        };
                        createdAt: string;
                        updatedAt: string;
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many failed attempts (or, on the product API, requests over the client's rate limit): try again after the Retry-After header's seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    productApiPostProductV1CustomersWalletsByCustomerId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                customerId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string & (string);
                    address: string;
                    /** @enum {number} */
                    network: 56 | 137 | 31337;
                };
            };
        };
        responses: {
            /** @description Done */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        walletId: string;
                        name: string;
                        address: string;
                        network: number;
                        isActive: boolean;
                        createdAt: string;
                        balances: {
                            currency: string;
                            balance: string;
                        }[];
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many failed attempts (or, on the product API, requests over the client's rate limit): try again after the Retry-After header's seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    integrationsGet: {
        parameters: {
            query?: {
                page?: number;
                pageSize?: number;
            };
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            records: {
                                _id: string;
                                name: string;
                                keyId: string;
                                scopes: string[];
                                webhookUrl: string | null;
                                eventTypes: string[];
                                rateLimitPerMinute: number;
                                /** @enum {string} */
                                status: "active" | "revoked";
                                createdAt: string;
                                createdBy: string | null;
                                updatedAt: string;
                                rotatedAt: string | null;
                                revokedAt: string | null;
                                lastUsedAt: string | null;
                                previousSecretValidUntil: string | null;
                                secretToReveal: boolean;
                            }[];
                            currentPage: number;
                            totalRecords: number;
                            totalPage: number;
                            pageSize: number;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    integrationsPost: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
                /** @description Why (percent-encoded): needed when the approval policy holds this call back for a second member of staff */
                "x-approval-reason"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string & (string);
                    scopes: ("customers.read" | "customers.write" | "kyc.write" | "plans.write" | "withdrawals.write" | "funding.write" | "events.read")[];
                    webhookUrl?: string | null;
                    eventTypes?: ("kyc.approved" | "kyc.rejected" | "kyc.escalated" | "withdrawal.processed" | "withdrawal.cancelled" | "withdrawal.refunded" | "deposit.credited" | "plan.funded" | "plan.matured" | "funds.remitted" | "account.locked" | "account.unlocked" | "device.blacklisted" | "trust_score.changed")[];
                    /** @default 600 */
                    rateLimitPerMinute?: number;
                };
            };
        };
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            client: {
                                _id: string;
                                name: string;
                                keyId: string;
                                scopes: string[];
                                webhookUrl: string | null;
                                eventTypes: string[];
                                rateLimitPerMinute: number;
                                /** @enum {string} */
                                status: "active" | "revoked";
                                createdAt: string;
                                createdBy: string | null;
                                updatedAt: string;
                                rotatedAt: string | null;
                                revokedAt: string | null;
                                lastUsedAt: string | null;
                                previousSecretValidUntil: string | null;
                                secretToReveal: boolean;
                            };
                            secret: string;
                        };
                    };
                };
            };
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            approvalRequestId: string;
                            /** @enum {string} */
                            status: "pending";
                            expiresAt: string;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The approval policy needs a second member of staff for this call: send it again with a reason in the X-Approval-Reason header (it then answers 202 with the approval request) */
            428: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    integrationsPatchByClientId: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
                /** @description Why (percent-encoded): needed when the approval policy holds this call back for a second member of staff */
                "x-approval-reason"?: string;
            };
            path: {
                clientId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string & (string);
                    scopes?: ("customers.read" | "customers.write" | "kyc.write" | "plans.write" | "withdrawals.write" | "funding.write" | "events.read")[];
                    webhookUrl?: string | null;
                    eventTypes?: ("kyc.approved" | "kyc.rejected" | "kyc.escalated" | "withdrawal.processed" | "withdrawal.cancelled" | "withdrawal.refunded" | "deposit.credited" | "plan.funded" | "plan.matured" | "funds.remitted" | "account.locked" | "account.unlocked" | "device.blacklisted" | "trust_score.changed")[];
                    rateLimitPerMinute?: number;
                };
            };
        };
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            _id: string;
                            name: string;
                            keyId: string;
                            scopes: string[];
                            webhookUrl: string | null;
                            eventTypes: string[];
                            rateLimitPerMinute: number;
                            /** @enum {string} */
                            status: "active" | "revoked";
                            createdAt: string;
                            createdBy: string | null;
                            updatedAt: string;
                            rotatedAt: string | null;
                            revokedAt: string | null;
                            lastUsedAt: string | null;
                            previousSecretValidUntil: string | null;
                            secretToReveal: boolean;
                        };
                    };
                };
            };
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            approvalRequestId: string;
                            /** @enum {string} */
                            status: "pending";
                            expiresAt: string;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The approval policy needs a second member of staff for this call: send it again with a reason in the X-Approval-Reason header (it then answers 202 with the approval request) */
            428: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    integrationsPostRotateByClientId: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
                /** @description Why (percent-encoded): needed when the approval policy holds this call back for a second member of staff */
                "x-approval-reason"?: string;
            };
            path: {
                clientId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default 24 */
                    graceHours?: number;
                };
            };
        };
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            client: {
                                _id: string;
                                name: string;
                                keyId: string;
                                scopes: string[];
                                webhookUrl: string | null;
                                eventTypes: string[];
                                rateLimitPerMinute: number;
                                /** @enum {string} */
                                status: "active" | "revoked";
                                createdAt: string;
                                createdBy: string | null;
                                updatedAt: string;
                                rotatedAt: string | null;
                                revokedAt: string | null;
                                lastUsedAt: string | null;
                                previousSecretValidUntil: string | null;
                                secretToReveal: boolean;
                            };
                            secret: string;
                        };
                    };
                };
            };
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            approvalRequestId: string;
                            /** @enum {string} */
                            status: "pending";
                            expiresAt: string;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The approval policy needs a second member of staff for this call: send it again with a reason in the X-Approval-Reason header (it then answers 202 with the approval request) */
            428: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    integrationsPostRevokeByClientId: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
                /** @description Why (percent-encoded): needed when the approval policy holds this call back for a second member of staff */
                "x-approval-reason"?: string;
            };
            path: {
                clientId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            _id: string;
                            name: string;
                            keyId: string;
                            scopes: string[];
                            webhookUrl: string | null;
                            eventTypes: string[];
                            rateLimitPerMinute: number;
                            /** @enum {string} */
                            status: "active" | "revoked";
                            createdAt: string;
                            createdBy: string | null;
                            updatedAt: string;
                            rotatedAt: string | null;
                            revokedAt: string | null;
                            lastUsedAt: string | null;
                            previousSecretValidUntil: string | null;
                            secretToReveal: boolean;
                        };
                    };
                };
            };
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            approvalRequestId: string;
                            /** @enum {string} */
                            status: "pending";
                            expiresAt: string;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The approval policy needs a second member of staff for this call: send it again with a reason in the X-Approval-Reason header (it then answers 202 with the approval request) */
            428: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    integrationsPostRevealSecretByClientId: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path: {
                clientId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            client: {
                                _id: string;
                                name: string;
                                keyId: string;
                                scopes: string[];
                                webhookUrl: string | null;
                                eventTypes: string[];
                                rateLimitPerMinute: number;
                                /** @enum {string} */
                                status: "active" | "revoked";
                                createdAt: string;
                                createdBy: string | null;
                                updatedAt: string;
                                rotatedAt: string | null;
                                revokedAt: string | null;
                                lastUsedAt: string | null;
                                previousSecretValidUntil: string | null;
                                secretToReveal: boolean;
                            };
                            secret: string;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    integrationsGetDeliveriesByClientId: {
        parameters: {
            query?: {
                page?: number;
                pageSize?: number;
                status?: "all" | "pending" | "delivered" | "failed";
            };
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path: {
                clientId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            records: {
                                id: string;
                                eventId: string;
                                eventType: string;
                                customerId: string | null;
                                customerEmail: string | null;
                                /** @enum {string} */
                                status: "pending" | "delivered" | "failed";
                                attempts: number;
                                lastStatusCode: number | null;
                                lastError: string | null;
                                lastAttemptAt: string | null;
                                nextAttemptAt: string | null;
                                deliveredAt: string | null;
                                createdAt: string;
                            }[];
                            currentPage: number;
                            totalRecords: number;
                            totalPage: number;
                            pageSize: number;
                            client: {
                                id: string;
                                name: string;
                                status: string;
                                webhookUrl: string | null;
                            };
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    integrationsPostDeliveriesReplayByClientIdByDeliveryId: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path: {
                clientId: string;
                deliveryId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            replayed: number;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    integrationsPostDeliveriesReplayFailedByClientId: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path: {
                clientId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            replayed: number;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    productApiGetProductV1Events: {
        parameters: {
            query?: {
                after?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        events: {
                            id: string;
                            type: string;
                            occurredAt: string;
                            customerId: string | null;
                            data: {
                                [key: string]: unknown;
                            };
                            cursor: number;
                        }[];
                        nextCursor: number;
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many failed attempts (or, on the product API, requests over the client's rate limit): try again after the Retry-After header's seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    liveGetTicket: {
        parameters: {
            query: {
                topics: string;
            };
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            ticket: string;
                            expiresIn: number;
                            topics: string[];
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    liveGet: {
        parameters: {
            query: {
                topics: string;
                ticket?: string;
            };
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The event stream, open until the client leaves, the session ends or the server stops */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    agentsGetUserTypesGetUserTypes: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            userTypes: {
                                _id: string;
                                name: string;
                                createdAt: string;
                            }[];
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    agentsPostUserTypesAddUserType: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string & (string);
                };
            };
        };
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            _id: string;
                            name: string;
                            createdAt: string;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    agentsPatchUserTypesUpdateUserType: {
        parameters: {
            query: {
                id: string;
            };
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string & (string);
                };
            };
        };
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            _id: string;
                            name: string;
                            createdAt: string;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    agentsDeleteUserTypesDeleteUserType: {
        parameters: {
            query: {
                id: string;
            };
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            _id: string;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    agentsPostAssignUsertype: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                    usertype: string & (string);
                };
            };
        };
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            _id: string;
                            email: string;
                            username: string;
                            usertype: string;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    agentsPutRemoveUsertype: {
        parameters: {
            query?: never;
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                    usertype: string & (string);
                };
            };
        };
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            _id: string;
                            email: string;
                            username: string;
                            usertype: string;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    agentsPostUpdateLocation: {
        parameters: {
            query: {
                userid: string;
            };
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    storeState: string & (string);
                };
            };
        };
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            idcardType: string | null;
                            idCardImageUrl: string | null;
                            idCardEncryptKey: string | null;
                            shopImageUrl: string | null;
                            shopImageEncryptKey: string | null;
                            shopOwnerSelfieUrl: string | null;
                            shopOwnerSelfieEncryptKey: string | null;
                            storeState: string | null;
                            updatedAt: string | null;
                            userId: string;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    agentsGetSortuserByUsertype: {
        parameters: {
            query: {
                userType: string & (string);
                page?: number;
            };
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            getUserTypes: {
                                _id: string;
                                username: string;
                                email: string;
                                fullName: string;
                                profileUrl: string | null;
                                userType: string;
                                assignedAt: string;
                                agentKyc: {
                                    idcardType: string | null;
                                    idCardImageUrl: string | null;
                                    idCardEncryptKey: string | null;
                                    shopImageUrl: string | null;
                                    shopImageEncryptKey: string | null;
                                    shopOwnerSelfieUrl: string | null;
                                    shopOwnerSelfieEncryptKey: string | null;
                                    storeState: string | null;
                                    updatedAt: string | null;
                                } | null;
                            }[];
                            currentPage: number;
                            totalRecords: number;
                            totalPage: number;
                            pageSize: number;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    agentsPutUpdateAgentIdcard: {
        parameters: {
            query: {
                userid: string;
            };
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /**
                     * Format: binary
                     * @description The ID card: one JPG or PNG file of at most 5 MB
                     */
                    cardUrl: string;
                    /** @enum {string} */
                    idcardType: "National_ID" | "International_ID" | "Drivers_License";
                };
            };
        };
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            idcardType: string | null;
                            idCardImageUrl: string | null;
                            idCardEncryptKey: string | null;
                            shopImageUrl: string | null;
                            shopImageEncryptKey: string | null;
                            shopOwnerSelfieUrl: string | null;
                            shopOwnerSelfieEncryptKey: string | null;
                            storeState: string | null;
                            updatedAt: string | null;
                            userId: string;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    agentsPutUpdateShopagentSelfie: {
        parameters: {
            query: {
                id: string;
            };
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /**
                     * Format: binary
                     * @description The webcam selfie, 200x200 pixels: one JPG or PNG file of at most 2 MB
                     */
                    imageUrl: string;
                };
            };
        };
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            idcardType: string | null;
                            idCardImageUrl: string | null;
                            idCardEncryptKey: string | null;
                            shopImageUrl: string | null;
                            shopImageEncryptKey: string | null;
                            shopOwnerSelfieUrl: string | null;
                            shopOwnerSelfieEncryptKey: string | null;
                            storeState: string | null;
                            updatedAt: string | null;
                            userId: string;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No record with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    agentsPutUpdateShopImage: {
        parameters: {
            query: {
                userid: string;
            };
            header?: {
                longitude?: string;
                latitude?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /**
                     * Format: binary
                     * @description The shop image: one JPG or PNG file of at most 2 MB
                     */
                    shopUrl: string;
                };
            };
        };
        responses: {
            /** @description Done: the envelope `{ message, data }`, `data` as below */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        data: {
                            idcardType: string | null;
                            idCardImageUrl: string | null;
                            idCardEncryptKey: string | null;
                            shopImageUrl: string | null;
                            shopImageEncryptKey: string | null;
                            shopOwnerSelfieUrl: string | null;
                            shopOwnerSelfieEncryptKey: string | null;
                            storeState: string | null;
                            updatedAt: string | null;
                            userId: string;
                        };
                    };
                };
            };
            /** @description Bad input: a field, query value, path parameter or header fails its rules (`fields` names each), or the body is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No session, or the session is expired, signed out or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The session lacks the permission this operation declares, or must first enable two-factor or change its password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The record is not in a state that allows this change, or the change collides with another */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Server maintenance, or the database is unavailable: try again shortly */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
}
