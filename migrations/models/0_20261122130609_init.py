from tortoise import BaseDBAsyncClient

RUN_IN_TRANSACTION = True


async def upgrade(db: BaseDBAsyncClient) -> str:
    return """
        CREATE TABLE IF NOT EXISTS "login_attempts" (
    "id" VARCHAR(40) NOT NULL PRIMARY KEY,
    "created_at" TIMESTAMPTZ NOT NULL,
    "updated_at" TIMESTAMPTZ NOT NULL,
    "email" VARCHAR(320) NOT NULL,
    "ip_address" VARCHAR(64) NOT NULL,
    "succeeded" BOOL NOT NULL
);
CREATE INDEX IF NOT EXISTS "login_attempts_email_idx" ON "login_attempts" ("email", "created_at");
CREATE INDEX IF NOT EXISTS "login_attempts_ip_idx" ON "login_attempts" ("ip_address", "created_at");
COMMENT ON TABLE "login_attempts" IS 'One dashboard login try; recent failures per email and per address drive throttling.';
CREATE TABLE IF NOT EXISTS "merchants" (
    "id" VARCHAR(40) NOT NULL PRIMARY KEY,
    "created_at" TIMESTAMPTZ NOT NULL,
    "updated_at" TIMESTAMPTZ NOT NULL,
    "legal_name" VARCHAR(200) NOT NULL,
    "display_name" VARCHAR(200) NOT NULL,
    "default_currency" VARCHAR(3) NOT NULL
);
CREATE TABLE IF NOT EXISTS "api_keys" (
    "id" VARCHAR(40) NOT NULL PRIMARY KEY,
    "created_at" TIMESTAMPTZ NOT NULL,
    "updated_at" TIMESTAMPTZ NOT NULL,
    "name" VARCHAR(200) NOT NULL,
    "key_type" VARCHAR(20) NOT NULL,
    "environment" VARCHAR(10) NOT NULL,
    "prefix" VARCHAR(20) NOT NULL,
    "key_hash" VARCHAR(64) NOT NULL UNIQUE,
    "key_value" VARCHAR(80),
    "revoked_at" TIMESTAMPTZ,
    "merchant_id" VARCHAR(40) NOT NULL REFERENCES "merchants" ("id") ON DELETE CASCADE
);
CREATE INDEX IF NOT EXISTS "api_keys_merchant_idx" ON "api_keys" ("merchant_id", "key_type", "environment");
CREATE TABLE IF NOT EXISTS "dunning_configs" (
    "id" VARCHAR(40) NOT NULL PRIMARY KEY,
    "created_at" TIMESTAMPTZ NOT NULL,
    "updated_at" TIMESTAMPTZ NOT NULL,
    "retry_schedule_days" JSONB NOT NULL,
    "grace_period_days" INT NOT NULL,
    "end_action" VARCHAR(10) NOT NULL,
    "merchant_id" VARCHAR(40) NOT NULL UNIQUE REFERENCES "merchants" ("id") ON DELETE CASCADE
);
COMMENT ON TABLE "dunning_configs" IS 'What happens when a renewal payment fails: retry days, grace, and the final action.';
CREATE TABLE IF NOT EXISTS "users" (
    "id" VARCHAR(40) NOT NULL PRIMARY KEY,
    "created_at" TIMESTAMPTZ NOT NULL,
    "updated_at" TIMESTAMPTZ NOT NULL,
    "email" VARCHAR(320) NOT NULL UNIQUE,
    "password_hash" VARCHAR(255) NOT NULL
);
CREATE TABLE IF NOT EXISTS "memberships" (
    "id" VARCHAR(40) NOT NULL PRIMARY KEY,
    "created_at" TIMESTAMPTZ NOT NULL,
    "updated_at" TIMESTAMPTZ NOT NULL,
    "role" VARCHAR(20) NOT NULL,
    "merchant_id" VARCHAR(40) NOT NULL REFERENCES "merchants" ("id") ON DELETE CASCADE,
    "user_id" VARCHAR(40) NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
    CONSTRAINT "uid_memberships_merchan_eea922" UNIQUE ("merchant_id", "user_id")
);
CREATE INDEX IF NOT EXISTS "memberships_user_idx" ON "memberships" ("user_id");
CREATE TABLE IF NOT EXISTS "aerich" (
    "id" SERIAL NOT NULL PRIMARY KEY,
    "version" VARCHAR(255) NOT NULL,
    "app" VARCHAR(100) NOT NULL,
    "content" JSONB NOT NULL
);"""


async def downgrade(db: BaseDBAsyncClient) -> str:
    return """
        """


MODELS_STATE = (
    "eJztXG1zmzgQ/isMn3ozuU6dOLlM75Pz0mmuTXzTuNebdjoaGWSjCQiKRByml/9+KxnMuw"
    "OpnRjCl8Re7UriWbHss0j+qTuuSWz+euTRDyTU32o/dYYdAh9yLXuajj0vkUuBwFNbqWKP"
    "ohsSKiGecuFjQ4B8hm1OQGQSbvjUE9RlIGWBbUuha4AiZfNEFDD6IyBIuHMiLOJDw7fvIK"
    "bMJHeEy68/9Rkltqk+6w7xDQszgagpB4YJIBF6RH4m7Jb6LnMIE7rsgtx5PuEcJsDjXuPL"
    "jOeOUt3dqauTfYGC6u8Orkl9uZe23g1S88jgtZyFkqPY9tTC/julKa94igzXDhyWaHuhsF"
    "y2UgdApHROGPGxIGYKQwlRBHcsWsIFAuEHZIWTmQhMMsOBLVKYT1Ei0xG6Gk/Q9fkEIb2B"
    "lwwAEdCgTHB1/Q6+QzZhc2HB1+Gb++U4CQ5LLTngP6NPp+9Hn14N3/wmB3RhmSzXz1XUsq"
    "+a7lUXWGCUODuB2fCJhAZhUYT7DFoEdUg55FnLHPRmZPo6/vAYR8SCxBPJLfAUroALNMfM"
    "DqMlsMYVk4vL8+vJ6PJvOZzD+Q9b4TeanMuWfSUNc9JXRzm3rTrRvlxM3mvyq/Z1fHWu4H"
    "W5mPtqxERv8lWXc8KBcBFzFwibqdUaS2PUQDPxeuCZj/R61rL3+q54PcYo5fZo9onX1f8G"
    "QTXW30xYfW6/ZgLr/ps6kRW0KkOrarvP4Jt+ZNbFOG3TSZxrwbwG5TzI6VykAc45sw5CPa"
    "gD9aAa6kEBakjyZvSuCcqJRQcB3vxalje/hbnVNGDENp3Ld4+GNSA+GlZCLJuKEN9iO2gc"
    "lFdGjwI5gnA3F/JxnYV8XL2QjwsL2Se37s2j8sms5QbyyR1Dvr3pY5E15CoEde+mnFkHnw"
    "yboemyFDK7KWXpMYRF2N+5PqFz9oGECvwLmCVmRlngigpQl6muWgb6fbyyYmlyu/t4saoh"
    "5RccYABXTsRymY6uT0dn58vC0xQbNwvsmygDu2xx992cZKVbbHL2nbwEMzxXAMkrkfOO0D"
    "8LGINLPHXZjM71kvpgVmFvXZnQXKpKPEC3XrVQ/2JhoVnQKWFcW1iEaVjzYRkssK15OJT5"
    "MZhSm78FsfBDzcQh39Pm0Cv0hpmpCYtoM8pAHwaCXl/rOedta4yH65l9MbEvJu5o7GppWa"
    "kvJr5Er9cpJqrIjbhhETOwCZIhvOj+v67HV1V5f6l5fg1QQ2j/aTblLc5Xyrwtgck4Og6z"
    "ry5H/+Yj8OnH8Uneg7KDkxwLUw9Q5BGfumaFQy6YKPdHqW3OG7SVWSPMF/79vj8Y/jE8Pj"
    "gaHoOKmuhK8scaR11cTQoFSAhYKitpVn9MW3WQA22+/LhLdLNzaVyBbDbhQ3WI6ZiRiQt/"
    "noCWPqtztkdKf4lofnTnlI2EII4n9BKemWnfW0czbakJKZpSrckywe9A6rg1deFCNNUDgB"
    "L+CXzPiNlfAE8yDR44GnHgm6J98htkIHJviWb69JYAEfRdIWxwQJFmbmuQhvtmVM/SLsVh"
    "Htgkk4UUqR4e2CcjA2NqUOqh6Bp+aWTopt+e89yheK9n1C+IW/WM+iV6vQ6jXj1IanOK2K"
    "CDdOKg1tv2gzWv2w+K79uzT83aD6+MVQex3vxbdx4YBiEmKUkSTlzXJpiVQ52xyyE9BcMW"
    "Qr0G2pPx+GMmNp1cTHIYf748OQfarKAHJbrkC8uixC9RuM0xjUviTInPLerpJTwj1bqWZT"
    "grvS1se/+W4akBB+n3dSm91JA87YFkOjVnFJn0uXSfS7cwSLU0q+pz6Zfo9VpvpyDJaBJU"
    "Y/2ny+50dwGd6k8SWze/c3WXavPPfRdt5TGWCmBRMtIA5pRJD3G/224HXmzkF/QGoP0cdd"
    "NRWFP38C5tYFwt6FKulyz2dUxvqbX948094eoJ145GgZam3j3heoler0O4bDLHNmp6wjhr"
    "1cFcdSvnjE3KPRuHjdHO2/V418R7OWdkBL5PmBE2wrzE9gmLDJ+vz56mxHBQ521d9bu6hl"
    "vSEt+kfysn96Ipsnz34ROxccXOy8Kv8rRs9VexiVyxJvNu5fEwZV/mdAWqRnQpFRUyx6+q"
    "gY03Qj4Mb+HsVyuPupYD3IBiKmJfQi9jwl9NLSVn7mllTyt7Wqm3imD0tPIler0Ne+J2KL"
    "BuZUechzlfuJDlNP0ZmoJhF8nk4WEdMnl4WE0mZdsjmU2ftT+YVG7rJceI+NSwynLQqGVt"
    "FooTnZ1JQyvPfZZmoSUHPaO4t7uxciOnPKuTzlu4gxoe+UyZ9MGxOjimH0fypmqAcKTeQX"
    "QHteqYgzV1zEGxjgkjitKfTaw+pp8y6Y/mNzya/6z7s+//B+9ExPE="
)
