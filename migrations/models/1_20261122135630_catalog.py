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
        DROP TABLE IF EXISTS "prices";
        DROP TABLE IF EXISTS "metrics";
        DROP TABLE IF EXISTS "pricing_table_plans";
        DROP TABLE IF EXISTS "pricing_tables";
        DROP TABLE IF EXISTS "plan_features";
        DROP TABLE IF EXISTS "features";
        DROP TABLE IF EXISTS "plans";
        DROP TABLE IF EXISTS "plan_migrations";"""


MODELS_STATE = (
    "eJztXW1z2zYS/isYfXJmdLnYchJfe3MzduK0vsZ2J1HaTjsdGhJhCRO+qCRoRdPzfz8AJM"
    "V3ipAoiqT2S2KBWJB8AAK7zy4Wfw9MWyeG+/JyQX8iq8F36O+BhU3C/0hdGaIBXiyiclHA"
    "8MSQVfGCal/JShbiicscPGW8/BEbLuFFOnGnDl0walu81PIMQxTaU16RWrOoyLPoXx7RmD"
    "0jbE4cfuGPP3kxtXTyjbji59+DR0oMXf49MIkznWOLaVQXN+YPoLHVgoi/ifVEHdsyicUG"
    "ognybeEQ1+UP4Iathq8ZPrsWa+6bfDvRFq8g2/vG30n+eBayi6+afI4EXv5TyHItlH03x8"
    "4HWVO88USb2oZnWlHtxYrNbWtdnQMiSmfEIg5mRI9hKCAK4A6LfLh4AXM8ssZJjwp08og9"
    "g8Uwn2hR2UDT7u7H2ufrsaYNFHppykHkaFCLufL9TfxNM4g1Y3P+8/zVs3+fCAe/lrjhL5"
    "ef3v14+enk/NULcUObDxN//NwFV87kpWfZBGZYizo7gnnqEAGNhlkW7vf8CqMmyYc8KZmC"
    "Xg9EX4Z/bNMRYUHUE9En0ERX8BfU7y1jFQyBkq4Y39xefx5f3v4sbme67l+GxO9yfC2unM"
    "nSVar05E2q29aNoF9vxj8i8RP9fn93LeG1XTZz5B2jeuPfB+KZsMdszbKXGtZjozUsDVHj"
    "NaNe9xb6lr2elIReb0uvhxjFuj14+qjX5f8Kk2pYv55p9dD9mphYz15VmVl5rcKpVV57Tu"
    "AbXzKrYhyX6SXOlWAuQTkNclwXUcA5JdZDqE+rQH1aDPVpBmqu5D3SbyooRxI9BLj+sSw+"
    "/jl256oTRijTO333zXkFiN+cF0IsLmUhfsKGpzwpr4W2AjmAsJ0D+aLKQL4oHsgXmYHskC"
    "f761b6ZFKyBn2yZch3V33MWg0phqDq15QS6+HKUI+ZLqiQx6+5VnoIYRb2D7ZD6Mz6iawk"
    "+Df8KbE1zZu4AgLqNtZUx0B/DkdWWBp97g5erjmk9IDjGPA3J8wfppef312+v/aJpwmefl"
    "1iR9cSsIsr9pmdKlnXzV4yz8x0CbbwTAIk3kQ8d4D+e8+y+Cu+s61HOhvk8IPJCsMymlD3"
    "qwo8eN1qbOHg1zlmaM4bJZaLlnNiIYwcPgyW2EALvBL6MRelhvsdL2bOCul45Q7RjLfKW8"
    "OWjticoEdq8fr8RrzVl4NU5+3rHpv5TCATgUxs6dzVUVoJyMRj7PUqZKKcuTV3Oie6ZxBN"
    "TOHZ7v/v5/u7Ir0/Vzw9BuiUof8hg7od1lfyelsAk+jocJo9ub38LT0Dv/t4f5XuQdHAVc"
    "oKkwuotiAOtfWCDrmxWH5/5MqmeoN2Umvkz8v/+8fZ6fnb84vRm/MLXkU+6LrkbUlH3dyN"
    "MwQkn7CkVqLGP8alemgD1U8/tsnc7J0alzE2VeyhKobpvUXGNv+nAbP0oJ2zP6N0J0PzA9"
    "enPYcMckzM8NKwzLh89CtVtCo/2ya3yThM3NJbGNgSthzH5zv+011SNp2jk4ltGwRbL7iB"
    "x9dzkzJ0YnnmhDgvkO3wMsm3ohMf7RdZo3I/t9gtRsY1vNmmgJgQSE1UhmCYg098Q7Bfj8"
    "iSAfv1GHu9iv3qr77b9HpSElxW7enk7LctV2iFpTOs30sDrZqFVmaiZWw0nbpcGVtpqqFl"
    "abke4r2XELNAm1QOM0vLNYf3INDKBw0N8rpZiOCBi4JIBA/3i7hUtFakpHciOLuzUOyF3+"
    "QGoEOn3IZSYpqTUs0TzIN/P3qWZP7QxKMGo5b7UtzvP/v6IprvlvbwdK1aASAspOMMXAHs"
    "gn7S4gRZEvurQPzDT5+IgQso/wD2n3lTMT6uJ8g/7zOE5qM9o9YlY8RcsEEOvZm4PizjOA"
    "1Rk5txsmpFpvPeIkjH7nxi8xdBsgX+yqvvkUOmYVyLGBZoQRxETP5LBrSIX9xsESQh0h36"
    "RBCbOzZjBoc3y3Xu6yaKbKdsWcjF2K0NbGcSUk22sIH0FEtJ7KZ0oQXvsNOdeTPAtR566R"
    "oC13pErBtwrcfY61W41vVCUjlaIhTooVUwqrSPaFSykWiU3UmUXDUrL14JqR5iXf9+Iteb"
    "TgnRSY6ScOUTXQXEclwuhbRgyDoIdQm0V/f3HxNz09XNOIXxl9ur608npxJ6Xon6dpgfbr"
    "VTcEp9lsYtEcED7pwuBjl2RuxqqZVhruvtIaHHHwkOwHN56Z9lKr2oIezfDcp07Jm1QAR0"
    "adClOzhJdVSrAl36GHu9Utw9VzJUJtWwfoMeP3vJG23G31f/nnzwZux5GYtNYIEyogBzTA"
    "QgBodRCxxG6QFdA7RfgmZ6CmvsG27T1uz1gM619aLBXmbp+bX2n7gRDC4wuFo6C3RU9QaD"
    "6xh7vYrBZZAZNpQDXJNSPdRV9xLeCuHEDeMdhKdOPcch1nSlhHmObIMkw5fP75uhGEZVvH"
    "XFvjrFzbZR38SzgG8fYBblG+/Y6C+MLcsJh98Rox4G4CUZrYQDanuckh6vfkIlYsV3hkk0"
    "0leIRPBrDUGvfYYHYoOV0DLpzJFQ1IDXbdhWbxHjU8vOA0u00WeARFZEycrVABRvayzxOA"
    "a8tDpm9xhofZvplfjnmJmVyNRZDG+YM2czyJk0oZ3cOZgPsBJnL1WtXMY+VMLK+Pq1trd5"
    "48eP9hJ5Ln8MRJ4Ifw1kPyLbIujhQf6W1MPDA8KzmUNmvCMQfysbYeRnoMnu8aihvd2S10"
    "S32RwNJnHSfAkIBVMZ6eCZaM2k01GOGjwTx9jrVTwTkMJmi9D0lndy9tuGU7v27QOJniwD"
    "85irNkWfUEKsQc/HvtweZR/N9W/jxPeSyRux/mY+3t/9EFZPJ5NIAs9f2VE/MC0p1SDsLj"
    "UXPg3QxbDW0I6gIVoKkOfJ9nJ2qRv0mImlAHdSqpdA72EalxmWlId2UqrB2eTuy+31p5t3"
    "XZ1Opp7LbFOTk7HKqpmW68Phak2vm7BDAcLnWzDeu3wMl/RL5LDGob+imDNeO0iqpQp6Io"
    "6gVAW566ctz0/2k19tx+TkkUcnKAnuovkU8ibWV76pFrSilMIn9SDUDWLENubw8W8ZVAai"
    "+eBT4RCI5iOiHIFoPsZeB6IZiOYgtU1GYai6iGYlwbqosP85pY9lAC88rC0r2NxJbaf7Ar"
    "vmY9piWmcG2NJMTUnBBlM1hdpip1I1JUgh2zQp00yu3XOzS4kWykgCMaRODMn5V5VtTgj1"
    "cNreC9ksQdvScZgnC95D5cG+zZa1w2xVa2yo17BTLbWCPlGXSvrH0hJxwupLallLDa6x65"
    "LOLrIcS66aEIej6Poqt3pn5DQAfaDQBxOPMQEWn+NVpp+UWIOT/g+EIW6kOYzo+5r/Gzhs"
    "KjZsHaJTh0yZ5jlqiYWLm+iDxplRfSrqPqXKTzbZsKu5BDNtgl3lPLgZWZh4VCYeahgaNU"
    "0+dDk2Ro7yUwp+njjgr4C/ydUXMXxztkgVkjUJma14mrZNMjUzNfxu2OA6iXhb1ekkIwvD"
    "WWE4++jpOC/JROF4TgrBgC6CdSoUDKbZT8RxqJ63FbX4zLriFuD8unImAc6va5vHA+Kp2h"
    "FPBTkqIONCJw74i4+pghi92JArD9VLDPPNIXuXKKiPZg7/0oiOJiu5K1u0FUbpDdGSsjmi"
    "zEUyfFyevedv5caGYS/FRJUN86u36d1CA0NHfYVwvDWAoXcfYvIOHUAAMXnHE50FMXnH2O"
    "sQkwcxeYkEl5rUBvIZhF/EpfyezkjvxB50p5v3QhNQcRQa18S2dXukhIGoVCAqfeykJaYt"
    "iKPx12eaOApbhbgsbwSIzCzsc+yGJOTa/FAc+EVNwPBXCaxMAahh0/ZyA1vprHD4lzTSo7"
    "H/r7Oz0ejt2avRm4vX52/fvr54tf4IspfKvoarmx9ERyQ6rELPOBy0JVaKSShro39BCafV"
    "AkNK4kLS4QihlqNGMiSlgL2vsF8BHCWNQb3FJhzYfQO+qHb5otIDugZoe5ZQOA1r7BveDO"
    "lj5ATZEdX+efDSwCZX+7alooiy1hf4uxJp7Td4vJLp9Kv4vBzC+9JliNnItJ8Icr2JqCHO"
    "+kCPjm1KN1UmRYWoji1buJ/yvF31NLqbn0vcR1NxdkXYaVJ2l7QXzN721lwS/GyHVhWG4G"
    "c7Io8L+NmOsdfBzwZ+Nsh9cRCCI6GaKcCdlgOwK4AdU0UVoE5KAdBVR3Vg1Ch4JtNizWVz"
    "6ZAzkg9HdWSTQoBrDq6ibUZmSokU4jI9nBhGVSaGUfHEMMry+TLqwMSLhXiKDNLFO4Eygu"
    "3YACRu25sNQO50TnTP4Kr6NN+tXji95Eg2N8e86swEg5mXE6hTqlMHEk2e7xD25b6G9b5z"
    "soN7FnyHLeADOp0XXO7TynPChBu4Spwv631iVXwusnZ45mN8C9D36OEhzJAkCOiHB0Tlbi"
    "AqOUSxa8glzpO41z+Dei8XqzwPzD5u0cy+I4kkbDhqx7w3BEfIEVHi4Ag5xl4HRwg4QiCt"
    "ZjNpNeOalyoTFJdrngjq12auMK2OvyMo2xOb9nNl5WFPi8qeFoObJbofZuWTnGo6e5F8/3"
    "ZMQCB/h6GGQH4g4zpPxkEgf+2B/IfjN/nrjQN0c2nO9fXhJrZzncS9GutZDPKOBx0a3qwK"
    "pRg9riZEgFo8+Cw+BGrxiEgmoBaPsdeBWgRq0e9l1ZOp4FAqtUOppB6kgG9Yv4f47uX4Ee"
    "quHzuD8iayMCYILKHaaUfcpKBPW/CzkRyc4ahwwgVQg8BbHV7haS4ZOrH4A9WR3zvkTXrG"
    "bO031Xcatw2cVIhtRV5KhpBVD8kTIXLu3F5aiFoiH4HfFJJNDWVUnPzTr0h1dIKNJV65Ml"
    "13cGRwGGL3Ijcgr/Yb7BiOl8CqWlxeCtu17PZ5ElIbKLd4BggUbMXaNgQ274h4HWDzjrHX"
    "gc0DNg8yJhwkkkSnLodspdmOTpws3oV7FDNyPcr2W9seRaA9mouISlsdCnjnyQLowDW1gG"
    "sqHOI1YJwOy+kpznlfd5uip764kmLJMFSyfFjGSnm8xv6DpIDkAJKjpVNAR81dIDmOsder"
    "kBzExFTplI+1QO8m1lGlVCajklwmo2wykwV23SU3WbU5dudKJkJasIf2wdnr11XCh16/Lg"
    "4fEtdyTIQqHlOTmCKL95wudvSa3q4b6mCPHMRfekm4ijzP00GDK6VaKI7qtEYNLaStcrXQ"
    "HK4qmPfaO1fWwlQVK52FORGLp8jijIgwOcYmx/hyJD4qBYSD6j1Edy+RlfyOjOSxUcW74W"
    "MisBFecSO8wqpf/2L2/H9z0xu/"
)
