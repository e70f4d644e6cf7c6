from tortoise import BaseDBAsyncClient

RUN_IN_TRANSACTION = True


async def upgrade(db: BaseDBAsyncClient) -> str:
    return """
        CREATE TABLE IF NOT EXISTS "organizations" (
    "id" VARCHAR(40) NOT NULL PRIMARY KEY,
    "created_at" TIMESTAMPTZ NOT NULL,
    "updated_at" TIMESTAMPTZ NOT NULL,
    "deleted_at" TIMESTAMPTZ,
    "name" VARCHAR(200) NOT NULL,
    "external_id" VARCHAR(200),
    "merchant_id" VARCHAR(40) NOT NULL REFERENCES "merchants" ("id") ON DELETE CASCADE
);
CREATE INDEX IF NOT EXISTS "organizations_external_idx" ON "organizations" ("merchant_id", "external_id");
        CREATE TABLE IF NOT EXISTS "customers" (
    "id" VARCHAR(40) NOT NULL PRIMARY KEY,
    "created_at" TIMESTAMPTZ NOT NULL,
    "updated_at" TIMESTAMPTZ NOT NULL,
    "deleted_at" TIMESTAMPTZ,
    "email" VARCHAR(320) NOT NULL,
    "email_normalized" VARCHAR(320) NOT NULL,
    "name" VARCHAR(200) NOT NULL,
    "name_normalized" VARCHAR(200) NOT NULL,
    "external_customer_id" VARCHAR(200),
    "billing_address_line1" VARCHAR(300),
    "billing_address_line2" VARCHAR(300),
    "billing_city" VARCHAR(200),
    "billing_postal_code" VARCHAR(40),
    "billing_country" VARCHAR(2),
    "tax_id" VARCHAR(100),
    "org_role" VARCHAR(10),
    "merchant_id" VARCHAR(40) NOT NULL REFERENCES "merchants" ("id") ON DELETE CASCADE,
    "organization_id" VARCHAR(40) REFERENCES "organizations" ("id") ON DELETE CASCADE
);
CREATE INDEX IF NOT EXISTS "customers_keyset_idx" ON "customers" ("merchant_id", "created_at", "id");
CREATE INDEX IF NOT EXISTS "customers_external_idx" ON "customers" ("merchant_id", "external_customer_id");
CREATE INDEX IF NOT EXISTS "customers_organization_idx" ON "customers" ("merchant_id", "organization_id");
        CREATE TABLE IF NOT EXISTS "scheduled_changes" (
    "id" VARCHAR(40) NOT NULL PRIMARY KEY,
    "created_at" TIMESTAMPTZ NOT NULL,
    "updated_at" TIMESTAMPTZ NOT NULL,
    "deleted_at" TIMESTAMPTZ,
    "stable_subscription_id" VARCHAR(40) NOT NULL,
    "kind" VARCHAR(30) NOT NULL,
    "new_plan_id" VARCHAR(40) NOT NULL,
    "new_price_id" VARCHAR(40),
    "plan_migration_id" VARCHAR(40),
    "effective_date" TIMESTAMPTZ NOT NULL,
    "status" VARCHAR(20) NOT NULL,
    "applied_at" TIMESTAMPTZ,
    "result_subscription_id" VARCHAR(40),
    "error" TEXT,
    "merchant_id" VARCHAR(40) NOT NULL REFERENCES "merchants" ("id") ON DELETE CASCADE
);
CREATE INDEX IF NOT EXISTS "scheduled_changes_sub_idx" ON "scheduled_changes" ("merchant_id", "stable_subscription_id");
CREATE INDEX IF NOT EXISTS "scheduled_changes_due_idx" ON "scheduled_changes" ("status", "effective_date");
COMMENT ON TABLE "scheduled_changes" IS 'A change applied to a subscription when it falls due (e.g. a plan migration).';
        CREATE TABLE IF NOT EXISTS "subscriptions" (
    "id" VARCHAR(40) NOT NULL PRIMARY KEY,
    "created_at" TIMESTAMPTZ NOT NULL,
    "updated_at" TIMESTAMPTZ NOT NULL,
    "deleted_at" TIMESTAMPTZ,
    "stable_subscription_id" VARCHAR(40) NOT NULL,
    "version_number" INT NOT NULL,
    "status" VARCHAR(10) NOT NULL,
    "start_timestamp" TIMESTAMPTZ NOT NULL,
    "end_timestamp" TIMESTAMPTZ,
    "current_period_start" TIMESTAMPTZ NOT NULL,
    "current_period_end" TIMESTAMPTZ NOT NULL,
    "cancel_at_period_end" BOOL NOT NULL,
    "trial_end_date" TIMESTAMPTZ,
    "grace_period_ends_at" TIMESTAMPTZ,
    "trigger_immediate_billing" BOOL NOT NULL,
    "payment_method_id" VARCHAR(40),
    "customer_id" VARCHAR(40) NOT NULL REFERENCES "customers" ("id") ON DELETE CASCADE,
    "effective_price_id" VARCHAR(40) NOT NULL REFERENCES "prices" ("id") ON DELETE CASCADE,
    "merchant_id" VARCHAR(40) NOT NULL REFERENCES "merchants" ("id") ON DELETE CASCADE,
    "plan_id" VARCHAR(40) NOT NULL REFERENCES "plans" ("id") ON DELETE CASCADE
);
CREATE INDEX IF NOT EXISTS "subscriptions_stable_idx" ON "subscriptions" ("merchant_id", "stable_subscription_id");
CREATE INDEX IF NOT EXISTS "subscriptions_customer_idx" ON "subscriptions" ("merchant_id", "customer_id");
CREATE INDEX IF NOT EXISTS "subscriptions_status_idx" ON "subscriptions" ("merchant_id", "status");
CREATE INDEX IF NOT EXISTS "subscriptions_plan_idx" ON "subscriptions" ("merchant_id", "plan_id");
        CREATE TABLE IF NOT EXISTS "subscription_details" (
    "id" VARCHAR(40) NOT NULL PRIMARY KEY,
    "created_at" TIMESTAMPTZ NOT NULL,
    "updated_at" TIMESTAMPTZ NOT NULL,
    "deleted_at" TIMESTAMPTZ,
    "component_id" VARCHAR(100) NOT NULL,
    "component" JSONB NOT NULL,
    "recurrence_rule" VARCHAR(200) NOT NULL,
    "subscription_start_date" TIMESTAMPTZ NOT NULL,
    "next_billing_date" TIMESTAMPTZ,
    "previous_billing_date" TIMESTAMPTZ,
    "cycles_billed" INT NOT NULL,
    "merchant_id" VARCHAR(40) NOT NULL REFERENCES "merchants" ("id") ON DELETE CASCADE,
    "subscription_id" VARCHAR(40) NOT NULL REFERENCES "subscriptions" ("id") ON DELETE CASCADE
);
CREATE INDEX IF NOT EXISTS "subscription_details_sub_idx" ON "subscription_details" ("merchant_id", "subscription_id");
CREATE INDEX IF NOT EXISTS "subscription_details_due_idx" ON "subscription_details" ("next_billing_date");
COMMENT ON TABLE "subscription_details" IS 'The billing schedule of one price component of a subscription version.';
        CREATE TABLE IF NOT EXISTS "subscription_events" (
    "id" VARCHAR(40) NOT NULL PRIMARY KEY,
    "created_at" TIMESTAMPTZ NOT NULL,
    "updated_at" TIMESTAMPTZ NOT NULL,
    "deleted_at" TIMESTAMPTZ,
    "stable_subscription_id" VARCHAR(40) NOT NULL,
    "subscription_id" VARCHAR(40) NOT NULL,
    "kind" VARCHAR(30) NOT NULL,
    "status_after" VARCHAR(10) NOT NULL,
    "mrr_cents" BIGINT NOT NULL,
    "occurred_at" TIMESTAMPTZ NOT NULL,
    "merchant_id" VARCHAR(40) NOT NULL REFERENCES "merchants" ("id") ON DELETE CASCADE
);
CREATE INDEX IF NOT EXISTS "subscription_events_time_idx" ON "subscription_events" ("merchant_id", "occurred_at");
CREATE INDEX IF NOT EXISTS "subscription_events_sub_idx" ON "subscription_events" ("merchant_id", "stable_subscription_id", "occurred_at");
COMMENT ON TABLE "subscription_events" IS 'One change in a subscription''s life, with its MRR contribution afterwards.';
        CREATE TABLE IF NOT EXISTS "subscription_features" (
    "id" VARCHAR(40) NOT NULL PRIMARY KEY,
    "created_at" TIMESTAMPTZ NOT NULL,
    "updated_at" TIMESTAMPTZ NOT NULL,
    "deleted_at" TIMESTAMPTZ,
    "feature_value" JSONB,
    "source" VARCHAR(10) NOT NULL,
    "feature_id" VARCHAR(40) NOT NULL REFERENCES "features" ("id") ON DELETE CASCADE,
    "merchant_id" VARCHAR(40) NOT NULL REFERENCES "merchants" ("id") ON DELETE CASCADE,
    "subscription_id" VARCHAR(40) NOT NULL REFERENCES "subscriptions" ("id") ON DELETE CASCADE
);
CREATE INDEX IF NOT EXISTS "subscription_features_sub_idx" ON "subscription_features" ("merchant_id", "subscription_id");
CREATE INDEX IF NOT EXISTS "subscription_features_feat_idx" ON "subscription_features" ("merchant_id", "feature_id");
COMMENT ON TABLE "subscription_features" IS 'A feature one subscription version grants, copied from the plan or overridden.';"""


async def downgrade(db: BaseDBAsyncClient) -> str:
    return """
        DROP TABLE IF EXISTS "subscription_features";
        DROP TABLE IF EXISTS "scheduled_changes";
        DROP TABLE IF EXISTS "subscription_details";
        DROP TABLE IF EXISTS "customers";
        DROP TABLE IF EXISTS "subscription_events";
        DROP TABLE IF EXISTS "subscriptions";
        DROP TABLE IF EXISTS "organizations";"""


MODELS_STATE = (
    "eJztXWtz27gV/SsYfWkyo6ax5MTuttMZJ3Gy3o3tTuxsd9rpMLQISZjwoeXDjrqb/14AfI"
    "gPkCIkkiKh+2U3JnFB6lwQuDj3gd9HlmNg03txsSI/4/XoB/T7yNYtTP+RuzNGI3212lxn"
    "F3z9weRN9RXRvuI1v6g/eL6rz3x6fa6bHqaXDOzNXLLyiWPTq3ZgmuyiM6MNib3YXAps8l"
    "uANd9ZYH+JXXrjP/+ll4lt4G/YY3/+PpoTbBr83yMLu7OlbvsaMdiD6Qto/nqF2b+x/Uhc"
    "x7aw7Y9YF/jbysWeR1/Ai3uNf2b87lqqu2/817G+aAPe3zf6m/gf35ns6qvG3yODV/gW/L"
    "oWy75d6u573pL94gdt5piBZW9ar9b+0rGT5hQQdnWBbezqPjZSGDKIIrjjSyFc9ILvBjjB"
    "ydhcMPBcD0w/hfmDtrk20rSb23vt7vJe00YSWppRECkaxPY9/vst/ZtmYnvhL+mfpy+/h8"
    "/Z4BC2Yg/85eLT2x8vPj07ffmcPdChwyQcPzfRnQm/9Z13ofu6tlH2BuaZixk0mu4X4X5H"
    "7/jEwmLIs5I56I1I9EX8j10UEV/YaGLzCXShCvoDjVvbXEdDoEIV91fXl3f3F9f/ZI+zPO"
    "83k+N3cX/J7kz41XXu6rPXObUlnaB/Xd3/iNif6N+3N5ccXsfzFy5/4qbd/b9H7J30wHc0"
    "23nSdCM1WuOrMWq05UbrwcrYUetZSdB6X7QeY5RSe/T2G63z/0tMqnH7ZqbVQ+s1M7FOXt"
    "aZWWmr0qmV3/uewTe9ZNbFOC2jJM61YK5AOQ9y2haRwDknpiDUJ3WgPimH+qQANTXy5uSb"
    "DMobCQUBbn4ss49/qXtL2QkjllHO3n19WgPi16elELNbRYgfdTOQnpQToZ1AjiDs50A+rz"
    "OQz8sH8nlhILv40fm6kz2ZlWzAnuwZ8sM1H4u7hhxDUPdryokpuDI0s01nVMj8q3CXHkNY"
    "hP2942KysH/Gaw7+FX1L3Z6JJq6IgLpOdTUw0L/HIyu+uvncXf0p4ZDyA45iQH859sNhen"
    "H39uLdZUg8Peizr0+6a2gZ2NkdZ+LkriRti7esiZW/otv6ggPEfgl77wj9t4HnOxYn4wrU"
    "YHJvXEUOzqJWh2UHs+QPvbaFFkzempODeBsryGad8ofThti1dVOLe9VkXiCR3ucVHHeh2+"
    "R/OoNZ6uk5QaBGgRod4Ew8UJIMqNFj1HodajQ0EHbRelYSNjD9UXLx28aWTkwp1jAWUHDT"
    "Mq3FZ00rCK2pgJ1lgFH8XUs3yf+wlKEikgXc6+Hef9fOaNQJuq04dtj/dxzUAlHAvA7mwk"
    "2ezGxSIq8endsK/A/ENOkrsNWVbWo1+gc+kcG/tAP1FDCtpYBphQKm9RQw2VcBE1CAtAJm"
    "xF/vgnsspx7crU44zOZns7ZjSBk0JeLqgd8U7yUY6E5g++5uY30jqh7ikzqDvXyo5+H2ad"
    "9ypsxGQj1wT2rNJScVc8lJcS5x3IXmOqbUBJKWURHmpoODwBnc2QSddzbJjeq8qHqDG9zv"
    "w3O/l43vBiC+zXU3rKFdF2XBly0b6LDRgBc8JC/rFVXwJhJ///MnbCa4itG/S3Wl0CD/3m"
    "ZUyLvAtulLvXXsOVmMBKEh2QbjqvgQI2zKfgFtWy9KZPSvpe6jJe0U2x56WmIb6cilinvS"
    "TbTS1yxqmooS0/uBXqaGPjL0tTdGC9or7U23DeQvMZoTm7anD6K9vhjl4G7rGdvjWCCOAu"
    "IoejrbDNSjDnEUx6j1OnEUfObWvNkSG4GJNTaFF9X/093tTVk0uFA8PwbIzEd/IJN4Azaj"
    "RdpmwGQUHU+zz64vfs3PwG8/3r7Ja5B18Ca3e+QLqLbCLnGMEoVc2b5YH0LZnDbIIDcz9H"
    "3p//48OTk9Oz2fvj49p034iyZXzioUdXVzX0hLoxPWTLyDqcpKS0spSIaozTspZ8YVOBCZ"
    "KPk6fMmtje8d+p8O2JKDKqe9VIW9NprvqT0duHgk2GLGt8ZVm8t52KjmrvLOseiejMJEd3"
    "orU7fZXo7i8wP903si/myJnj04jol1+znd4NH13CI+emYH1gN2nyPHpdd4Fh56FqL9vLip"
    "bOcR++VGeGaw2JYQEAOpscaQB3DwiW8M+9cj2snA/vUYtQ55AJAHELk72AotsXTG7ZXcoL"
    "UQf2EQjxpja002Kj0vpyDercTORdakdPGhvFyHkemRVT7qaJA3zUJEL1xWWoTxcL+wW2Vr"
    "RU56L4JzOAtFK/wm3QC6ZEb3UFJMc1aqe4J59Pd5YHPmDz0ExPSJ7b1gz/tHW19E92rpD0"
    "/XqxUAopUGzsCVwM7oJy1NkO0eQ/NP2lWKj1ME+awJngoTagi1dOSRgui1GYD00VkQ+8L3"
    "sbXyRwJyOHN/XMUQm6wl3QTzpjV54lsbI0P3lg8O/SGI90B/8vpvyMWzOCqIDQ+0wi7iWc"
    "I8HIj9FSU3IcMljxj5S9fxfZaRUGSK23qIJFecZJSnuMEtXHEWUi1Mk5YqXkNWcRbYXk+m"
    "3QBTfeiFfwxM9RFxlsBUH6PW6zDVUMuk7Zoa2VWz9uKVkVIQ6+Zr9HrBbIaxISqs8SakCU"
    "to+bRcDmnGLw4Q6gpo39zefszMTW+u7nMYf75+c/np2QmHnjYi4S42DFbbK7SnuZ3GNWah"
    "F96SrEaCfUbqbuUuw0ratVAG8z8ZBiXw6NX/Vpn0rEWNGpCpd9YiEbClwZYe4CQ1UKsKbO"
    "lj1HqtrAXJWgF71QnYzV3kPNlhZeguXNS1PNQS51yAL6izWgGxMSIBc0oEIAZ3Ww/cbfkB"
    "3QC0n6NuFIU19Q336biDZEAL93qbwV610wtbtX/cAWy4YMPV01lgoKY3bLiOUet1NlwmXu"
    "imdHhwVkpBW7WV4GAIxu4Y7yi4dxa4LrZnUvU0RbIdkgyf7951QzFM63jryn11kqnKG93E"
    "p9MLHE0SgWYXK0I3HgMc/bUi8zIHjO0OUvo0MxVhaiZmUcE4xSzxl/HT7Y5T1jGoJlQsIW"
    "FvmFgnqkKULnm4J1CSNSIHCRcLSG8gEF1leCBeXwotiyzcJr4+htd13JeyiNGZeO+BxfpQ"
    "GSBWqZRzvQ0ARfu653gcA15aE7N7CjSVZ/q4nqChMVfCYu88o7i7t7w3ZVGDmtA7J7QZ2G"
    "eVjJtD7R3v8Ciww484cvc1A90l6+8okIM0yqbTKFOsbqasejnCcYHD7TgXaroPssyDGGCp"
    "EAFOWQgDBGIyoyo8IGFNtueZ/ug8ocCjr4HCOQY5c+TYGH35wv/mno4vX5C+WLh4QRWB6K"
    "9ykI7CcoHFlNIG+tuv0uDmMduDzzlO4eQKkecQCAEucQiEAK0fPBAC6g3ukAnXcyUXv+3+"
    "n84+9JCLDL2QhfmemjZln1BGTIFz2as+mstf7zPfS6HIV/LNfLy9+RA3z1f+ygJPf7K7Dh"
    "GTGN5ZqQ5h94i1CvnhIWbRxPsIEqMlAblIVsnZpWnQU1ssCbizUkoC3cI0zsthSg/trFSH"
    "s8nN5+vLT1dvhzqdhHFeGp+MZVbNvJwK58l2vW5CQiRk6/VgvLddHLPN1LJMBJeAPc5HeJ"
    "VzyIWwslbTzCr53G8+dm3drFFNJPPSWkoQmF1gdgc4Iw2U4wNm9xi1DswuMLvA7HZBCaQt"
    "IgmYc2IqbFE7ABt2pbAr7cHC0N2RDd2nOvZsUmkmSk5y585DzQU79jgEvXynnsS81ztT4J"
    "Fqlh2w48yj02HFpwKIm+15BuwmSD+6Ej1FC4O/tm3v+S/Vol6kav3nXoR4UTL51mL/4SOj"
    "xkAkHHy5GAORcERbSiASjlHrQCQAkRAlchQMhrqLaFESdmA1CqXm7LEC4Fd2if+7KJjDm7"
    "S3+TppC+wFe4M/T05Oz07Pp69Pz8es2ha9lFw5q8A/PGAgc3TGxuosAFt5pENWsMMzHWJr"
    "cVBnOmTCORzLIr5mUeteXwg4yYqAjoKkCnxZ1yEdfP6VpYMzQgpO263QlBy0HUN+RbIQ9y"
    "s92HepbXeYmnadDfUGStrlVtBH4hFO/9hapvSD/JJa1VOHa2xyZbCLLMWSmibYpSh6ockt"
    "rwxBB6ADCR08BL7PwKJzvMz0kxPrcNL/gH1EN2ku67aTqeik1qp7UrHqngg8sZth62KDuH"
    "jma4ErdwJheRcqWJwF06em7VNp/BRPJfQ0D+u+9qB7WPbAvIIsTDwyEw8xTY1YFh26FBtT"
    "YPxUgi8SB/wl8Leo+cKGr8BbW0rWZGR24mn6Nsk0zNTQp+kmtUnYr5WdTgqyMJwlhnOInq"
    "GLqlGXjuesEAzoMlhnzMDwNecRuy4xRCWRfrq7vanCWNRD3oVCZj76A5nEa43wHf19Htgz"
    "hil6CIjpE9t7wZ73jwMwCQyxaiYhTxqMs34S1gFkQtW0HyHmTM2YMyg7DEV0GwQIqnQePJ"
    "Yx/gRLQhpTX2h1ZGNmVtge4XiBovZo4dKJCRvoYc3Lz7G+4qDGMXoi/hIR30M8Tx7pthHV"
    "rNNN03li83oxKrLZrveLpIzjGmpELyYAxsEQEMJ46HgLCGE8nmA2CGE8Rq1DCCOEMGZOxN"
    "K4NSAmXH5ht8SaLkjvRbYMR82tsCrE07gltquXKCcMvK4Erxtixzeu2gq7Gv35vjYT17Qv"
    "5XmrOwHetwj7UvdizjbZfkgO/LIuYPjLxKHmANR0ywmEccBkUTr8KzpRaOz/dTKZTs8mL6"
    "evz1+dnp29On+ZfATFW1Vfw5urD0wRGYXV0IxLQXvSpUI4qvpQL4bjpF4cTUUYTT56I7Zy"
    "5EiGrBQ4O2qkd4BfqTOod8hZgmQlcN31y3WXH9ANQKvYkXp5WFPf8HZI5xsnyJ6oqufwzA"
    "ObXe37VHMze25rib8rc7DrFo9X9kDZOj4vF1Ndej7yHWQ5jxhF/k92ODiau47F3VSFih6s"
    "uW47zP0k8nY10+l+fi72HE3G2bXBTuOy+1QJ8Z1dH00lwc92aFNhDH62I/K4gJ/tGLUOfj"
    "bws0GpkIMQHBnTTALuvByAXQPslCkqAXVWCoCuO6qjTY2EZzIv1l3xmwE5I+lwlEc2KwS4"
    "CnBlfft4IVV3Ii2j4MQwrTMxTMsnhmmRz+dRB5a+WrG3KCBdnjhVEOxHvhR7rDL5Ut5siY"
    "3ApKb6TOxWL51eBJLdzTEvBzPB6H4gCNSptKkjiS4Psox12dawbvvwOXDPgu+wB3zAkA9A"
    "C9PaRE6YON+twvmSpNXV8bnw1szvkU8B+hv68iUuKMUI6C9fEOHZQIRziCxryMPuI3vWX6"
    "J2L1ZrkQemjUd0k3fEkYSEo37Me2NwhBwRJQ6OkGPUOjhCwBECVUi7qUKatrxkmaC0XPdE"
    "kFrJXHEVojAjqKiJbflcRXnIaZHJaTHptsQIw6xCklPOZi+TVy9jAgL5Bww1BPIDGTd4Mg"
    "4C+RsP5C/nN6EOVX3Y261DFRrc9xEmQk44uT/eRg0nBwTUo4jLodnzEE0zWNThXzevqzER"
    "4GEPvuSNgYc9IkYOeNhj1DrwsMDDhlqWPfUMDjyTO/CM20ES+MbtFcS3laNtiJe8dgHlbc"
    "xqShAoVbmTtOiWgjzuQGZv5OB8UInTU4BHBZLv8AZPd4X2sU1fqIna8TFvohgN2BkfxXHb"
    "wknF2NbkpXi8Xf34RRZP6C2dJxsRmxVvCLtCvKsxDyHk/wwbEgM9080nfe3x2ubRcdRxPO"
    "JzYfRi4w/YM3Yxg1W9IMYctons7kUlctmmO7wDRFX2Ym0bA5t3RLwOsHnHqHVg84DNg/IS"
    "Bwm7MYhHIVtrjmtgt4h3aUJnQU6h0siNJXQC7dFd+Fh+1yGBt0gWQAeuqQdcU+kQbwDjfF"
    "iOojiLvu4+pdLexen0dIKy+QJUIKvyTcZVXFWq1AJvXZupCpsj2rNJsMELjKJ0ZB16WmIb"
    "EZ/1YHrICDB6hl8sXsQVSZPCnEKaquHe9wzuCgdD+vk1WKICsqwDOZZqU7ABz+eY+5JYng"
    "qWfzQFCNipg6+GY2CnjoinAHbqGLUO7BSwUxl2Km82SCym5T3AhrPGLv8r/V0ycMftO6yO"
    "la1RP+oE6ObL8Nn4aRcSNicGY7rGmOaY7ZDXm5eDfN6aSabJx7lLumleGFDfjnpuqytpIB"
    "WlFTSNFbOShlDGcoVtIyoV20Vofq3IfIkilhGRtsOOIysJO44+f0u0K4rNPjuO8h5g6aqx"
    "dLmuI3CL3+NvJX7xREAFdKu+pMtf7zMfUaHYUPIhfby9+RA3z1cgAn85uG77A3pHaQKteh"
    "PT9StErsRcfYsKP2K+qMbhSjHs5q1Lv7/m7R9SPgs836HXpJ+dEtwroJ3ZyLI/msrs9dia"
    "AfTZ50LofC/m+zE4J4/ITQXOyWPUOjgngSoA5+QBl9iNAqIcSs0OrAepWPqiYHdnI520Bf"
    "Zxno20KQ/RRTmSWtVIKoqRFGq9+Lrra2wqp/+yVrKrhUBcQUNBpTUD28bu6i4Ig33QZ11H"
    "qf7aCrvEMTT+sUrv/Ur6gM98SKrHoiAqKcVjYVgVqL1namdEvUk3b5WKr6x4VdYFlBuTqH"
    "5F30E3GXI7xb8UpWGd7fNXt6BPxanPxduBdynrAzTfZ83TX7pYMDePZWGDUBVoD8Q0hedY"
    "V066lf3AzCsx8670tcXMFgtT0AzZeE+RsAphHW0TYWlHqQTeOTHgHKVCa3cJIRdLA/BwMl"
    "SfoIaToSAabPDRYKL1sQF436a6UhTenFkAB291dPBWhZnRBLpxP4rCKzatdi8obWBfJ2aD"
    "h5u94x0qpIHMgJ1j3Q/cfQtwp/F6H/aoEmBdxSFHQ21LNPJmQNaLSdZSn8T28kb3S4wiFg"
    "XFxXSQM0eOjXnFbIxmjrWif9k+u5yrTRRFaBTrGjXX7Z4h0rvHRsc4yhczsumtmJqqV8VI"
    "9FgoZNSH3cAYQazw8USNQqzwMWodYoXBUxXN6LFRIkvR5+QUJNdaOeQtwa0I9k93tzdbwB"
    "Z9T2Tmoz+QSbwBM2sigBkcma+okFecTyHOfR6sg3xesYvD+CW6D3cDUe3cqvT5gqiCg76d"
    "kyPT1n4YG7xL/EtFNwqaFiqtMsX9oaTqhR2AZdFnndO9/yNxAm8vvZd2Arrvs+5na/rQUG"
    "lYYFaW5j8V5LpLf3rZ1vIKJ4kMi/0qMVskEyghcxLCD3offuDlSsDsCXG+ooyiMAu+7b7W"
    "/bl8xPxnVLrbwkbj2t42zNrXdLbd2jg+74MfSZvu6E8eMsmcCj0Rf8nPoL3+9AlR+KmaHg"
    "LuFtPnPnYZJF7R4dZs1/s53ZwZ5wY45Snj+Qqh5LmTTZxxKxqZ+73Zdk8guOTAJdfTCX2g"
    "zhlwyR2j1sElB+QJlO854BIL+344zqUP4DZ/hEtU/JPveCSnkYycgmA3XznJcl1tFm+Qcw"
    "HHZFHKfGfElGG9/zqZTKdnk5fT1+evTs/OXp2/TOjv4q0qHvzN1QdGhWe0UOTG05tdSQMp"
    "J6qgXaySiQROEGDke/AtqVIePs5o2UIUpxJfalLF6eSbOgdPR+150oQoPwItXIqmN0YzZ8"
    "XOjp67joX8JQ4PhnZc5NCGLjEMLMjQaL77w2VqxMDKp2rkp86wo52fz/4BDPHBZ+wxMMRH"
    "xBUCQ3yMWgeGGLY/mZxm7VE3A0FIJQt8/4XdEmu6IL1XRsFw1NxKQoHnBK6oDEIFq5ZIdH"
    "wW9agTe6Z5Ri1lokrAnJWCrT5UsuoT1OBiAiKrD6BDaGmvYK4dWipYHxtAWb3KNnmAs1ZB"
    "n/jYzx4nEAsELL8+rmJcA9qi/WM5gcUDFq+nH/9A+Rxg8Y5R63VYPGxF9c/qzqqJgHIT63"
    "RSKxxqUhEPNSnWEdY978mhK/ZS95YyOBcEFdx5TV69qlMB4tWr8goQ7J5g81VuWKW3Zezk"
    "Q29JVntWbLxOOhqgRsrM2VYLNV5gl8yWIhs0ulNpheqbNr0xQ0uj7YRWqCDMLpr3+jtXNp"
    "JcXm50RnERMlNkSgQmx/LJMb0csY9KAuGouYLotlRxy/al620lIlBtS9I5JrHqN7+Yff8/"
    "QCHJuQ=="
)
