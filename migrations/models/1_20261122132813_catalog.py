from tortoise import BaseDBAsyncClient

RUN_IN_TRANSACTION = True


async def upgrade(db: BaseDBAsyncClient) -> str:
    return """
        CREATE TABLE IF NOT EXISTS "features" (
    "id" VARCHAR(40) NOT NULL PRIMARY KEY,
    "created_at" TIMESTAMPTZ NOT NULL,
    "updated_at" TIMESTAMPTZ NOT NULL,
    "deleted_at" TIMESTAMPTZ,
    "slug" VARCHAR(100) NOT NULL,
    "display_name" VARCHAR(200) NOT NULL,
    "feature_type" VARCHAR(10) NOT NULL,
    "default_value" JSONB,
    "metric_ids" JSONB NOT NULL,
    "merchant_id" VARCHAR(40) NOT NULL REFERENCES "merchants" ("id") ON DELETE CASCADE
);
CREATE INDEX IF NOT EXISTS "features_slug_idx" ON "features" ("merchant_id", "slug");
COMMENT ON TABLE "features" IS 'Something a plan grants: a switch (boolean), a limit (number) or a value (string).';
        CREATE TABLE IF NOT EXISTS "metrics" (
    "id" VARCHAR(40) NOT NULL PRIMARY KEY,
    "created_at" TIMESTAMPTZ NOT NULL,
    "updated_at" TIMESTAMPTZ NOT NULL,
    "deleted_at" TIMESTAMPTZ,
    "name" VARCHAR(200) NOT NULL,
    "description" TEXT NOT NULL,
    "query_type" VARCHAR(20) NOT NULL,
    "aggregation_type" VARCHAR(20) NOT NULL,
    "event_name" VARCHAR(200) NOT NULL,
    "value_type" VARCHAR(20) NOT NULL,
    "custom_query" TEXT,
    "merchant_id" VARCHAR(40) NOT NULL REFERENCES "merchants" ("id") ON DELETE CASCADE
);
CREATE INDEX IF NOT EXISTS "metrics_event_idx" ON "metrics" ("merchant_id", "event_name");
COMMENT ON TABLE "metrics" IS 'How usage events of one ``event_name`` aggregate into a number.';
        CREATE TABLE IF NOT EXISTS "plans" (
    "id" VARCHAR(40) NOT NULL PRIMARY KEY,
    "created_at" TIMESTAMPTZ NOT NULL,
    "updated_at" TIMESTAMPTZ NOT NULL,
    "deleted_at" TIMESTAMPTZ,
    "stable_plan_id" VARCHAR(40) NOT NULL,
    "version_number" INT NOT NULL,
    "is_current" BOOL NOT NULL,
    "commit_message" TEXT,
    "plan_name" VARCHAR(200) NOT NULL,
    "plan_description" TEXT NOT NULL,
    "currency" VARCHAR(3) NOT NULL,
    "is_visible_in_pricing_table" BOOL NOT NULL,
    "is_enterprise_plan" BOOL NOT NULL,
    "button_text" VARCHAR(100) NOT NULL,
    "enterprise_redirect_url" VARCHAR(2000),
    "is_seat_based" BOOL NOT NULL,
    "bill_immediately" BOOL NOT NULL,
    "min_seats" INT,
    "trial_enabled" BOOL NOT NULL,
    "trial_days" INT,
    "trial_credit_overrides" JSONB NOT NULL,
    "merchant_id" VARCHAR(40) NOT NULL REFERENCES "merchants" ("id") ON DELETE CASCADE
);
CREATE INDEX IF NOT EXISTS "plans_stable_idx" ON "plans" ("merchant_id", "stable_plan_id", "version_number");
CREATE INDEX IF NOT EXISTS "plans_current_idx" ON "plans" ("merchant_id", "is_current");
COMMENT ON TABLE "plans" IS 'One version of a plan.';
        CREATE TABLE IF NOT EXISTS "plan_features" (
    "id" VARCHAR(40) NOT NULL PRIMARY KEY,
    "created_at" TIMESTAMPTZ NOT NULL,
    "updated_at" TIMESTAMPTZ NOT NULL,
    "deleted_at" TIMESTAMPTZ,
    "feature_value" JSONB,
    "is_usage_based" BOOL NOT NULL,
    "usage_price_per_unit_cents" INT,
    "has_credit_allowance" BOOL NOT NULL,
    "credit_allowance_amount" BIGINT,
    "credit_allowance_renewal" VARCHAR(10),
    "feature_id" VARCHAR(40) NOT NULL REFERENCES "features" ("id") ON DELETE CASCADE,
    "merchant_id" VARCHAR(40) NOT NULL REFERENCES "merchants" ("id") ON DELETE CASCADE,
    "plan_id" VARCHAR(40) NOT NULL REFERENCES "plans" ("id") ON DELETE CASCADE
);
CREATE INDEX IF NOT EXISTS "plan_features_plan_idx" ON "plan_features" ("merchant_id", "plan_id");
COMMENT ON TABLE "plan_features" IS 'A feature granted by one plan version, with its value and usage allowance.';
        CREATE TABLE IF NOT EXISTS "plan_migrations" (
    "id" VARCHAR(40) NOT NULL PRIMARY KEY,
    "created_at" TIMESTAMPTZ NOT NULL,
    "updated_at" TIMESTAMPTZ NOT NULL,
    "deleted_at" TIMESTAMPTZ,
    "stable_plan_id" VARCHAR(40) NOT NULL,
    "from_plan_id" VARCHAR(40) NOT NULL,
    "to_plan_id" VARCHAR(40) NOT NULL,
    "from_version" INT NOT NULL,
    "to_version" INT NOT NULL,
    "strategy" VARCHAR(30) NOT NULL,
    "price_mapping" JSONB NOT NULL,
    "scheduled_count" INT NOT NULL,
    "status" VARCHAR(20) NOT NULL,
    "merchant_id" VARCHAR(40) NOT NULL REFERENCES "merchants" ("id") ON DELETE CASCADE
);
CREATE INDEX IF NOT EXISTS "plan_migrations_from_idx" ON "plan_migrations" ("merchant_id", "from_plan_id");
CREATE INDEX IF NOT EXISTS "plan_migrations_to_idx" ON "plan_migrations" ("merchant_id", "to_plan_id");
COMMENT ON TABLE "plan_migrations" IS 'A request to move subscribers from one version of a plan to another.';
        CREATE TABLE IF NOT EXISTS "prices" (
    "id" VARCHAR(40) NOT NULL PRIMARY KEY,
    "created_at" TIMESTAMPTZ NOT NULL,
    "updated_at" TIMESTAMPTZ NOT NULL,
    "deleted_at" TIMESTAMPTZ,
    "currency" VARCHAR(3) NOT NULL,
    "pricing_data" JSONB NOT NULL,
    "is_override_price" BOOL NOT NULL,
    "cloned_from_price_id" VARCHAR(40),
    "merchant_id" VARCHAR(40) NOT NULL REFERENCES "merchants" ("id") ON DELETE CASCADE,
    "plan_id" VARCHAR(40) NOT NULL REFERENCES "plans" ("id") ON DELETE CASCADE
);
CREATE INDEX IF NOT EXISTS "prices_plan_idx" ON "prices" ("merchant_id", "plan_id");
COMMENT ON TABLE "prices" IS 'A price of one plan version; ``pricing_data`` is validated by services/pricing.py.';
        CREATE TABLE IF NOT EXISTS "pricing_tables" (
    "id" VARCHAR(40) NOT NULL PRIMARY KEY,
    "created_at" TIMESTAMPTZ NOT NULL,
    "updated_at" TIMESTAMPTZ NOT NULL,
    "deleted_at" TIMESTAMPTZ,
    "name" VARCHAR(200) NOT NULL,
    "slug" VARCHAR(100) NOT NULL,
    "is_default" BOOL NOT NULL,
    "is_active" BOOL NOT NULL,
    "merchant_id" VARCHAR(40) NOT NULL REFERENCES "merchants" ("id") ON DELETE CASCADE
);
CREATE INDEX IF NOT EXISTS "pricing_tables_slug_idx" ON "pricing_tables" ("merchant_id", "slug");
        CREATE TABLE IF NOT EXISTS "pricing_table_plans" (
    "id" VARCHAR(40) NOT NULL PRIMARY KEY,
    "created_at" TIMESTAMPTZ NOT NULL,
    "updated_at" TIMESTAMPTZ NOT NULL,
    "deleted_at" TIMESTAMPTZ,
    "stable_plan_id" VARCHAR(40) NOT NULL,
    "display_order" INT,
    "merchant_id" VARCHAR(40) NOT NULL REFERENCES "merchants" ("id") ON DELETE CASCADE,
    "pricing_table_id" VARCHAR(40) NOT NULL REFERENCES "pricing_tables" ("id") ON DELETE CASCADE
);
CREATE INDEX IF NOT EXISTS "pricing_table_plans_table_idx" ON "pricing_table_plans" ("merchant_id", "pricing_table_id");
CREATE INDEX IF NOT EXISTS "pricing_table_plans_plan_idx" ON "pricing_table_plans" ("merchant_id", "stable_plan_id");
COMMENT ON TABLE "pricing_table_plans" IS 'A plan shown in a pricing table, by stable plan id (always its current version).';"""


async def downgrade(db: BaseDBAsyncClient) -> str:
    return """
        DROP TABLE IF EXISTS "plans";
        DROP TABLE IF EXISTS "metrics";
        DROP TABLE IF EXISTS "prices";
        DROP TABLE IF EXISTS "features";
        DROP TABLE IF EXISTS "plan_features";
        DROP TABLE IF EXISTS "pricing_table_plans";
        DROP TABLE IF EXISTS "plan_migrations";
        DROP TABLE IF EXISTS "pricing_tables";"""


MODELS_STATE = (
    "eJztXW1z2zYS/isYfXJmdLnYchJfe3MzduK0bmO7kyjXTjsdGhJhCRO+qCRoRdPzfz8AJM"
    "V3ipAoiqT2S2KBWJB8AC53n10s/x6Ytk4M9+Xlgv5MVoPv0N8DC5uE/5E6MkQDvFhE7aKB"
    "4Ykhu+IF1b6SlWzEE5c5eMp4+yM2XMKbdOJOHbpg1LZ4q+UZhmi0p7wjtWZRk2fRvzyiMX"
    "tG2Jw4/MAff/JmaunkG3HFz78Hj5QYuvx7YBJnOscW06guTswvQGOrBRF/E+uJOrZlEosN"
    "xBDk28IhrssvwA1HDW8zvHYtNtw3eXdiLN5BjveN35P88SxkF181eR0JvPyrkO1aKPtujp"
    "0Psqe444k2tQ3PtKLeixWb29a6OwdEtM6IRRzMiB7DUEAUwB02+XDxBuZ4ZI2THjXo5BF7"
    "BothPtGitoGm3d2Ptc/XY00bKMzSlIPI0aAWc+X9m/ibZhBrxub85/mrZ/88EQ5+L3HC/1"
    "5+evfj5aeT81cvxAltvkz89XMXHDmTh57lEJhhLZrsCOapQwQ0GmZZuN/zI4yaJB/ypGQK"
    "ej0QfRn+sc1EhA3RTESPQBNTwW9Qv7eMVbAESqZifHN7/Xl8efuLOJ3pun8ZEr/L8bU4ci"
    "ZbV6nWkzepaVsPgn69Gf+IxE/0+/3dtYTXdtnMkWeM+o1/H4hrwh6zNctealiPrdawNUSN"
    "94xm3VvoW856UhJmvS2zHmIUm/bg6qNZl/8rKNWwfz1q9dDzmlCsZ6+qaFbeq1C1ymPPCX"
    "zjr8yqGMdleolzJZhLUE6DHLdFFHBOifUQ6tMqUJ8WQ32agZobeY/0mwrKkUQPAa5/LYuH"
    "f47duarCCGV6Z+++Oa8A8ZvzQojFoSzET9jwlJXyWmgrkAMI27mQL6os5IvihXyRWcgOeb"
    "K/bmVPJiVrsCdbhnx3zces15BiCKo+TSmxHr4Z6nHTBRXy+DXXSw8hzML+wXYInVk/k5UE"
    "/4ZfJbameYorIKBuY0N1DPTncGWFrdHj7uDlmkNKLziOAb9zwvxlevn53eX7a594muDp1y"
    "V2dC0Buzhin9mplnXf7CHzzEy3YAvPJEDiTsR1B+i/9yyL3+I723qks0EOP5jsMCyjCXW/"
    "q8CD963GFg5+nWOG5nxQYrloOScWwsjhy2CJDbTAK2Efc1FquN/xZuaskI5X7hDN+Kh8NG"
    "zpiM0JeqQW789PxEd9OUhN3r7OsZnPBDIRyMSW6q6O0kpAJh7jrFchE6Xm1tzpnOieQTSh"
    "wrPT/9Pn+7siuz9XPL0G6JSh/yGDuh22V/JmWwCTmOhQzZ7cXv6W1sDvPt5fpWdQDHCV8s"
    "LkC1RbEIfaesGE3Fgsfz5yZVOzQTtpNfLr5f/94+z0/O35xejN+QXvIi903fK2ZKJu7sYZ"
    "ApIrLGmVqPGPcake+kD1049tcjd7Z8ZlnE0Vf6iKY3pvkbHN/2nALT3o5OzPKd3J0fzA7W"
    "nPIYMcFzM8NCxzLh/9ThW9ys+2yX0yDhP39BYGtoQvx/H5jv90l5RN5+hkYtsGwdYL7uDx"
    "97lJGTqxPHNCnBfIdnib5FvRiY/2i6xTuZ9T7JYj4xrebFNCTAikJjpDMszBFd8Q/Ncj8m"
    "TAfz3GWa/iv/pv321mPSkJIav2THL22ZZvaIVXZ9i/lw5aNQ+tzEXL+Gg6dbkxttJUU8vS"
    "cj3Eey8pZoE1qZxmlpZrDu9BYJUPGlrkdbMQwQUXJZEUM5wZwZ24ze68I/ZCbXLfz6FT7j"
    "4pkcxJqea55cG/Hz1Lkn5o4lGDUct9Kc73n309DM1PS3soulYpf8gI6Tj5VgC7YJ60ODeW"
    "xP4qEP/w8ydi4AK2P4D9Fz5UjIrrCfLP+8ye+WjPqHXJGDEXbJDDbCaOD8voTUP05B6c7F"
    "qR5Ly3CNKxO5/Y/EaQHIHf8up75JBpmNIilgVaEAcRk/+SuSziF/dYBD+IdIc+EcTmjs2Y"
    "weHN0pz7Ooki0SlHFnIxYmsD0ZmEVJMjbOA7xaskdlK60IJ72OnMfBigWQ/96hoCzXpEhB"
    "vQrMc461Vo1vWLpHKiRCjQQ69gVGkL0ahkD9Eou4ko+das/PJKSPUQ6/q3ErnedEqITnKM"
    "hCuf4yrglONyKaQFOdZBqEugvbq//5jQTVc34xTGX26vrj+dnEroeSfq+2F+ptVOeSn1eR"
    "q3ROQNuHO6GOT4GbGjpV6Gue63h1oefyQ4AM/lrX+WmfSih/B/NxjTsWvWAhGwpcGW7qCS"
    "6qhVBbb0Mc56pZR7bmSoKNWwf4PBPnvJB20m1Ff/dnyIZuz5NRZTYIExogBzTAQghoBRCw"
    "JG6QVdA7RfgmF6CmvsGW7Truz1gs719aLFXubp+b32X7MRHC5wuFqqBTpqeoPDdYyzXsXh"
    "MsgMG8q5rUmpHtqqe8lshUzihvEO0lOnnuMQa7pSwjxHtkGS4cvn981QDKMq0briWJ3iPt"
    "tobuIFwLdPMItKjXds9RfmluVkwu+IUQ8T8JKMViIAtT1OyYhXP6ESueI7wyQG6StEIvm1"
    "hqTXPsMDucFKaJl05kgoasDrNhyrt4hx1bLzwhJj9BkgURBRsnI1AMXHGks8jgEvrQ7tHg"
    "Otb5peiX+OuVmJIp3F8IblcjaDnKkQ2smdg/kAK3H20tTKZexDI6yMr19be5s3fvxoL5Hn"
    "8stA5Inw20D2I7Itgh4e5G9JPTw8IDybOWTGJwLxu7IRRn7xmewejxrG261uTXSazdlgEi"
    "fNl4BUMJWVDpGJ1iidjnLUEJk4xlmvEpmA6jVbpKa3fJKzzzZ8sGvfMZDoyjIwj7lpU/QI"
    "JcQajHzsK+xR9tBc/zZOPC+ZuhHrZ+bj/d0PYfd0MYkk8PyWHfVvpSWlGoTdpebCpwG6mN"
    "Ya+hE0REsB8jzZXmqXukGPuVgKcCelegn0HtS4rLCkvLSTUg1qk7svt9efbt51VZ1MPZfZ"
    "piaVscpbMy3Xh++qNf3ehB0KkD7fgvXe5S9wybhEDmscxiuKOeN1gKRaqaAn4ghKVZC7fs"
    "Xy/GI/+d12rEseRXSCluAsmk8hb2J95Z1qwShKJXxSF0LdIEdsYw0f/5RBZyCaD64Kh0A0"
    "HxHlCETzMc46EM1ANAelbTIGQ9WXaFYSvIsK+59T9lgG8MLvtGUFm/tI2+m+wK75C20xqz"
    "MDbGmlpqRgg6WaQmuxU6WaEqSQbZqUaSa37rnbpUQLZSSBGFInhqT+VWWbE0I9VNt7IZsl"
    "aFsGDvNkIXqovNi32bJ2mK1qjS31Gnaqpd6gT9Slkv6xtESesPortWykBt+x65bOvmQ5lt"
    "w0IQ5H0fVNbvXJyBkA5kBhDiYeYwIsruNV1E9KrEGl/wNhiDtpDiP6vvR/A9+Zii1bh+jU"
    "IVOmeY5aYeHiIfpgcWZMn4q2T6nxky027GouwUybYFe5Dm5GFhSPiuKhhqFR0+RLl2Nj5B"
    "g/peDniQP+Cvib3HwRyzdni1QhWZOQ2YqnaZuSqZmp4WfDBrdJxN2qqpOMLCxnheXso6fj"
    "vCIThes5KQQLugjWqTAwmGY/Ecehet5W1OJv1hWPAN+vK2cS4Pt1bYt4QD5VO/KpoEYFVF"
    "zoxAf+4muqIEcvtuTKU/USy3xzyt4lCvqjmcOfNKKjyUruyhZjhVl6Q7SkbI4oc5FMH5ff"
    "3vO3cmPDsJdCUWXT/OoderfUwDBQXyEdbw1gGN2HnLxDJxBATt7xZGdBTt4xzjrk5EFOXq"
    "LApSatARUGISO4E3HQnRneC0NAxVfQuBG2bcQjJQwcpQJH6WMnnTBtQRyN3z7TxFewVTjL"
    "8kGAw8zCPsduyD+uPQ/FhV80BCx/lZzKFIAaNm0vN6eVzgqXf8kgPVr7/zo7G43enr0avb"
    "l4ff727euLV+uHIHuo7Gm4uvlBTERiwirMjMNBW2KldISyMfqXj3BaLSekJCUknYkQWjlq"
    "/EJSCoj7ClsVIEbSGNRb7L+BjTcQhmpXGCq9oGuAtme1hNOwxp7hzZA+RvGPHVHtX/AuDW"
    "zybd+2KhRRwfqCUFeiov2GYFeykn6VcJdD+Fy6DDEbmfYTQa43ET3EZz7Qo2ObMkKVqU4h"
    "umPLFpGnvEBXPYPuFuIS59FU4lwRdpqU3aXiBbO3PTWXhBDboU2FIYTYjijYAiG2Y5x1CL"
    "FBiA3KXhyE4EiYZgpwp+UA7Apgx0xRBaiTUgB01VUdODUKkcm0WHOFXDoUjOTLUR3ZpBDg"
    "moOrGJuRmVINhbhMDxXDqIpiGBUrhlGWz5dZByZeLMRVZJAuTuHJCLZj7484bW/2/rjTOd"
    "E9g5vq0/yweqF6yZFsTse86oyCwczLSdQptakDiSY/7RDO5b6W9b7LsUN4FmKHLeADOl0S"
    "XG7RygvChHu3SoIv6y1iVWIusnf4ucf47p/v0cNDWBxJENAPD4jKjUBUcohiw5BLnCdxrn"
    "8G/V4uVnkRmH2copktRxJJ2GvUDr03hEDIEVHiEAg5xlmHQAgEQqCiZjMVNeOWlyoTFJdr"
    "ngjq12ausKKOvyMoOxOb9nNl5WFPi8qeFoO7JbqfZuWTnGo2e5F8/3ZMQCJ/h6GGRH4g4z"
    "pPxkEif+2J/IfjN/ntjQN0c2nO9fHhJrZzXb+9GutZDPKO3zg0vFkVSjG6XE2IALV4cC0+"
    "BGrxiEgmoBaPcdaBWgRq0Z9l1Y9Swfeo1L5HJe0gBXzD/j3Edy9fHqHu+rIzKG8iC2OCwB"
    "KqfeiIuxT0aQt+NpKDzzcqfNwCqEHgrQ5v8DRXB51Y/ILqKO0d8iY9Y7b2W+U7jdsGTirE"
    "tiIvJVPIqqfkiRQ5d24vLUQtUY/AHwrJoYYyK07+6XekOjrBxhKvXFmpO/hacJhi9yI3Ia"
    "/2E+yYjpfAqlpeXgrbtez2dRJSGyi3uAZIFGzFu20IbN4R8TrA5h3jrAObB2weVEw4SCaJ"
    "Tl0O2UqzHZ04WbwL9yhm5HpU7be2PYpAezSXEZX2OhTwzpMF0IFragHXVLjEa8A4nZbTU5"
    "zznu42ZU99cSXFkmGoZPuwjJXyeI/9J0kByQEkR0tVQEfdXSA5jnHWq5AcxMRU6Ssfa4He"
    "KdZRpVImo5JaJqNsMZMFdt0ld1m1OXbnSi5CWrCH/sHZ69dV0odevy5OHxLHclyEKhFTk5"
    "iiivecLnaMmt6uB+rgjBwkXnpJuIk8z7NBgyOlViiO+rTGDC2krXKt0ByuKtB77dWVtTBV"
    "xUZnYU3EYhVZXBERlGNMOcZfR+KhUkA46N5DdPeSWcnPyEgeG1W8Gz4mAhvhFTfCK7z163"
    "+ZPf8faIEXxQ=="
)
