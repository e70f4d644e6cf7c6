from tortoise import BaseDBAsyncClient

RUN_IN_TRANSACTION = True


async def upgrade(db: BaseDBAsyncClient) -> str:
    return """
        CREATE TABLE IF NOT EXISTS "log_events" (
    "id" VARCHAR(40) NOT NULL PRIMARY KEY,
    "created_at" TIMESTAMPTZ NOT NULL,
    "updated_at" TIMESTAMPTZ NOT NULL,
    "type" VARCHAR(64) NOT NULL,
    "object_id" VARCHAR(40) NOT NULL,
    "data" JSONB NOT NULL,
    "key" VARCHAR(200),
    "merchant_id" VARCHAR(40) NOT NULL REFERENCES "merchants" ("id") ON DELETE CASCADE,
    CONSTRAINT "uid_log_events_merchan_061f00" UNIQUE ("merchant_id", "key")
);
CREATE INDEX IF NOT EXISTS "log_events_list_idx" ON "log_events" ("merchant_id", "created_at", "id");
CREATE INDEX IF NOT EXISTS "log_events_type_idx" ON "log_events" ("merchant_id", "type", "created_at");
        CREATE TABLE IF NOT EXISTS "webhook_endpoints" (
    "id" VARCHAR(40) NOT NULL PRIMARY KEY,
    "created_at" TIMESTAMPTZ NOT NULL,
    "updated_at" TIMESTAMPTZ NOT NULL,
    "deleted_at" TIMESTAMPTZ,
    "url" VARCHAR(2000) NOT NULL,
    "description" VARCHAR(500) NOT NULL,
    "events" JSONB NOT NULL,
    "status" VARCHAR(16) NOT NULL,
    "disabled_reason" VARCHAR(500),
    "secret" TEXT NOT NULL,
    "previous_secret" TEXT,
    "previous_secret_expires_at" TIMESTAMPTZ,
    "failing_since" TIMESTAMPTZ,
    "merchant_id" VARCHAR(40) NOT NULL REFERENCES "merchants" ("id") ON DELETE CASCADE
);
CREATE INDEX IF NOT EXISTS "webhook_endpoints_list_idx" ON "webhook_endpoints" ("merchant_id", "created_at");
COMMENT ON COLUMN "webhook_endpoints"."status" IS 'ENABLED: enabled\nDISABLED: disabled';
        CREATE TABLE IF NOT EXISTS "webhook_deliveries" (
    "id" VARCHAR(40) NOT NULL PRIMARY KEY,
    "created_at" TIMESTAMPTZ NOT NULL,
    "updated_at" TIMESTAMPTZ NOT NULL,
    "status" VARCHAR(16) NOT NULL,
    "attempts" INT NOT NULL,
    "next_attempt_at" TIMESTAMPTZ,
    "resend" BOOL NOT NULL,
    "endpoint_id" VARCHAR(40) NOT NULL REFERENCES "webhook_endpoints" ("id") ON DELETE CASCADE,
    "event_id" VARCHAR(40) NOT NULL REFERENCES "log_events" ("id") ON DELETE CASCADE,
    "merchant_id" VARCHAR(40) NOT NULL REFERENCES "merchants" ("id") ON DELETE CASCADE
);
CREATE INDEX IF NOT EXISTS "webhook_deliveries_due_idx" ON "webhook_deliveries" ("next_attempt_at");
CREATE INDEX IF NOT EXISTS "webhook_deliveries_event_idx" ON "webhook_deliveries" ("merchant_id", "event_id");
COMMENT ON COLUMN "webhook_deliveries"."status" IS 'PENDING: pending\nSUCCEEDED: succeeded\nFAILED: failed';
        CREATE TABLE IF NOT EXISTS "webhook_attempts" (
    "id" VARCHAR(40) NOT NULL PRIMARY KEY,
    "created_at" TIMESTAMPTZ NOT NULL,
    "updated_at" TIMESTAMPTZ NOT NULL,
    "event_id" VARCHAR(40) NOT NULL,
    "endpoint_id" VARCHAR(40) NOT NULL,
    "attempt" INT NOT NULL,
    "attempted_at" TIMESTAMPTZ NOT NULL,
    "response_status" INT,
    "duration_ms" INT NOT NULL,
    "response_body" TEXT NOT NULL,
    "error" VARCHAR(500),
    "next_attempt_at" TIMESTAMPTZ,
    "delivery_id" VARCHAR(40) NOT NULL REFERENCES "webhook_deliveries" ("id") ON DELETE CASCADE,
    "merchant_id" VARCHAR(40) NOT NULL REFERENCES "merchants" ("id") ON DELETE CASCADE
);
CREATE INDEX IF NOT EXISTS "webhook_attempts_event_idx" ON "webhook_attempts" ("merchant_id", "event_id");
        ALTER TABLE "subscriptions" ADD "trial_end_told_for" TIMESTAMPTZ;
        CREATE INDEX IF NOT EXISTS "subscriptions_trial_end_idx" ON "subscriptions" ("trial_end_date", "id");"""


async def downgrade(db: BaseDBAsyncClient) -> str:
    return """
        DROP INDEX IF EXISTS "subscriptions_trial_end_idx";
        ALTER TABLE "subscriptions" DROP COLUMN "trial_end_told_for";
        DROP TABLE IF EXISTS "webhook_attempts";
        DROP TABLE IF EXISTS "webhook_deliveries";
        DROP TABLE IF EXISTS "log_events";
        DROP TABLE IF EXISTS "webhook_endpoints";"""


MODELS_STATE = (
    "eJztfetz27j19r/C0Zd1ZtQ0tuMk3e67M7HjTd1N4h3b6e78Nh2aIiEJNUWqvNhW2/3fXw"
    "C8iBeQAiiSoqDzod1YwgGpByB4znNu/x0tXAvZ/sv3S/wzWo2+1/47cowFIv8ofDPWRsZy"
    "uf6cfhAYE5sNNZZYf0Ar9qEx8QPPMAPy+dSwfUQ+spBvengZYNchnzqhbdMPXZMMxM5s/V"
    "Ho4H+HSA/cGQrmyCNf/P5P8jF2LPSMfPrnf0dTjGyL/Xu0QJ45N5xAxxa9MLkBPVgtEf03"
    "ch6x5zoL5AQjOgV6XnrI98kN+Mmsyc9M7l3PTPfMfh2diwxg8z2T38T++IPKLh90dh85vK"
    "K7YJ/riezF3PB+YiPpL57opmuHC2c9erkK5q6TDieA0E9nyEGeESArgyGFKIY7+SiCi3wQ"
    "eCFKcbLWH1hoaoR2kMF8oq8/G+n6l+s7/fbyTtdHEqtkEhAJGtgJfPb7F8azbiNnFszJn6"
    "9f/RFdZ41DNIpe8B/vby7+9v7m6PWrF/SCLtkm0f75En9zwr76g01hBIa+Xuw1zKaHKDS6"
    "EZTh/kC+CfAC8SHPSxagt2LRl8k/mixE8sF6JdaPQB9LQX6gde3Yq3gL1CzF3dXny9u795"
    "9/oZdb+P6/bYbf+7tL+s0J+3RV+PToTWHZ0km0X6/u/qbRP7X/u/5yyeB1/WDmsSuux939"
    "34jekxEGru64T7phZXZr8mmCGhm5XvVwaTVc9bwkrPpQVj3BKLPs8d2vV539V+JQTca3c6"
    "zuel1zB+vJK5GTlYyqPFrZd3/k8M2+MkUxzsooibMQzDUoF0HO6iISOBfEFIT6WATq42qo"
    "j0tQEyVvip9lUF5LKAhw+3uZPvxzw5/LHhiJjHL67pvXAhC/eV0JMf2qDPGjYYfSh3Iq1A"
    "jkGMJhbuR3Ihv5XfVGflfayB56dB8a6ZN5yRb0yYEhv7/qY9lqKDAEok9TQUzBN0M7Zjql"
    "QqYPXCs9gbAM+0+uh/DM+RmtGPhX5C4Nx+QdXDEB9Tkz1Z6B/keys5JP14+7ZzylHFJxwx"
    "EMyC9HQbRN399evP9wGRFPE8N8eDI8S8/BTr9xT9zCJ+nY8leLk0XxE8MxZgwg+kvofcfo"
    "f3Jn2HkfBGixDEYcejD3/biOJLTpSHJssqFiVOHo2kGaRXSHiUt+iMZmIACu/qp5yCSKMR"
    "HDdkgODG2JPA0tyF+a4VjsL3JMUMpPszz8iLRg7rlBYJPFejkqLF1nF5GkM9nMVC7DU23g"
    "LvOQ6myGDfQlPR4zF8VLPf4NW12ZTAOs6a6P4zGwpgfEnwFreoirLsKapi8SYaopEVBQ0z"
    "0VIkFOa1iQ0zINkn9rCr+8clIKYt0+GeKHpomQhThKwrnr2shw+FDn5ApIT4jgHkJdA+35"
    "9fWn3Nl0fnVXwPjr5/PLm6NjBj0ZhCPb4urLHc+M26GlcRep0GhUZWqkAwRsjVgfR4LGxg"
    "UBHJlhQFV5qvMjZgz8CTu+5k41l1gJR/HzO47MgBfa0sAeMwae5sjRcKAtjBW1HTRjRhau"
    "bGp0cwmOofH7KHPUROf7PwvGB6jkoJIP9KzbU+UMVPJDXHURlbyBtgiqopyqCFZP11ZPwo"
    "OWQb5yAj7GWZECzLg7Rv9VVxjP6B386eT49dvX707fvH5HhrC7TD95W4N6pGznnZBEj2vk"
    "glzLgQNyOMd+9LYfiDn1GS0myPPneDni2FKZb8d1htQiHddBcPfvOTdh6JNPi0ZKzllBR1"
    "AX2QbfROae9VgEXBNgB+3jS30/NWKwgw5x1UXsIM+1peLakvH9qegj94lMOurlbG0/PhMC"
    "njp+jWUOsFgZkYA5IwIQQ0zZAGLKihu6BWi/xtMoCmvmGR5SmF66obm23nqz11l60SiJyD"
    "w6C/VbGdok9LFDzLHvNRz4WoAcMpHmuU8vtctH5K3S77W5Qb5+csfa/b2NH9H9PXNt3d8H"
    "yA/u78clh1k3l/nm+OSQJpcgHxmm6YbsMSGjjohpqlEJOut3voatF0ySfrz03Cm2UXKt+O"
    "oMPw37mm+6S2R9cyYrMmnm4SOX03xXm+FHej1kmPPoB9FfQHQNeiHtAaGlzy5Cv/I1Y2l4"
    "gfaEgzn70HUQuWM6P/nTCDTDphriSkPP2A8IGIZGfxeZZUVuObk0vScqzL4iFxmzH+K4wZ"
    "zeB4Ez+anfnOi3moajTcgPp7eILG3quQvqbjzyEdIm2KZhjX+OwfL/nO6Wl8vVixonZAru"
    "KN6r4IYE83tf3gl7aoiB+X2Iqy5ifttoZti6bFZ1XkpBy6WT3GoL+0vbWEmjXZQDvAXxju"
    "5ZN0PPQ465ksKcI9sj5fT19kM/hNOpiFO42iVchDyv3QkHNuSkFNze7XNNTHGWgDgZ3+Me"
    "ppZEP5tYJHKkOnDkNZdkqjbaM7s9U+SqEIocS/708w2yDfbryuCXymnt2R6vIkgK/HPOXd"
    "wcprx/WkWopsR44kfTyOD0UzSLqiAtEJnE3Hov0UlUhYgoi86WAP1CplAZHr2dZ43CpPjz"
    "tiQPytYw0TlUBohMojPatwWgyFx3DI9DwEtv46zKgKbyuWWGfuAuiAq0HVwX8TSqwuR6M8"
    "PB/2EobAnVdWYqVeEyPWThQJ95iaNvi53FpvroqeVFL+sOC0zQamF70cPqczKXqoj51HUY"
    "2sjSqXdwtu0b8jaZ7oLNpixq4SSdfFvEMlMdAlzkFgID2y2i9oFNeBDYoUe09WsgC93lI1"
    "L3ZZBDrh2DMoud4oZl6BszRF4KyHxYunjrXfeVTneRzqY2am08pgwwpZ/PCCtsocXSDagT"
    "rwWynqF2tZ5SYeY+go8AgvQnDwfbHm0MuU9ktl/pZGqD5rm2HW7r8GCA3bCZVEUrMJ51Bz"
    "2HWyJ1Zzx/SWZRFSb6m+jlsYNbMAoIYjdkwg/pfEpDh2aYDmkJt8xsqqKGnUd3e9r/KppF"
    "cZB0H5F7dtpC6zaeTVXUlsZqsb3y+ks0i+Ig6QtEfrzVDlaf2VzKIua5j0TT9+iwKZ5t7V"
    "KKZrtgk6mKmYemobPt7rphk6gK0dL1AsMmR3xcV2K7XcUmu43mUhUxHxlBS1Q/mUltlh85"
    "1FBkJ70Xbh08cJnOdhOqGz5gu7NW6C+lma8nNJm77kOutUJzqH6NZsu0dFAZM/KT8SPy8L"
    "aPY4zah2g6ZVnCBDbkWG3Q+DFql/FsKqEmleydyWIJHYfGS5mpLspH99pBdy75v80Yf4hm"
    "FFZuh1kNTpyHpUk8vsupZCAPXYaTvUgnVRA+Spu1t+HujGflNptkNQZWA4NTiSGpjVFdhY"
    "GWl+i+jTrk3EPO/UBfqHuafQ0594e46glGQ+7GM6CDtZOq1EvD959colLL9iUuCSqYinxy"
    "diaSaX92Vp1pT78rNOWJOE2dGLoJt5nHvLIcOEcSqoJLtuCBZNsuLHBJBT+J1uTo+JlAzm"
    "o1Pxs/urnW2q1LXYO0bJeh0ZwELcrfoIW//CccmHPtaBJ1w3oxJp/ZeEHrdjkhXdUXmuuR"
    "z1hzcO0owvJFuTFRN5eQ7IBaKFno2+FsU63vBEidDoZC32D1gP4LVg+s+s6tnqgwapNVz0"
    "tCe5PhLHL52WZvaIlXZzJeQUvrWKim2XFNTbNjqCG36xpysTYZASWBd1Gux7pbsVY+6mmT"
    "C+3xmi1eVbWPGQ9lyP9+e/3lH/Sr+rp9qXTxdYHNQPsfsVZ8EVZhf14UFJbcOyKB+Ojz+9"
    "+K6F98uj4vHv50gvNS7whaJonYUBw2gY6vKDWXk9oK/2YPwA/T0DEpttokxHaAHf8lvd6P"
    "XT0R/S8LtPSAfhM7P4ba6TchQmtCxS6o6AJJ/ENBr0sWPS7MyG1ZkpRsrGtYktaG3Eyh/8"
    "190liUmBaFE9MGGK6DtPt79jezlGiXkBl5Fc/IsmkEAlcztIjhLvPlLcy3HTm+vszmdpgM"
    "pyiOGijynWscY6DID4gsBYr8EFcdKHKgyKNVlqVugbKVbfuRq3eXh/mOqDZVj1BOrEfCdg"
    "e81N3lb3f1vFT6zHy6/vIxGV4kq/LAk5/sraSZ8rxUj7D7eLG0e+pQ0X5f38SOwAlaEpDz"
    "ZJU8XdoGPWNiScCdl1IS6A6OcebBkd7aeakeT5MvXz9f3lxd7OtxEhUX19lhLPPWLMo1Qn"
    "yPlM0u3ptLz10iL1iRK9oBt757tbONJzsMlxu9LLjcwOUGLrf9cbl1Se2z1hwcYj9p2VFN"
    "66c9QsR6kMepJFF/cCpb5uqrh20Zn75uahJ/El9Fj1j+TcQ8+6V6PEs9L09Pp+obwX7cuT"
    "IQu2Q8GHwBOz8Kx+ALOCBWGHwBh7jq4AsAX0AcfVJSGIQD50uSYF0I9E0u6GMlwCsTlcuC"
    "/eUpH3cFdgt5yrmKyGutswTseRSVXqER5gQLwNJ49q6QTbTFfo+p8+vrT7kT6vyqSBN9/X"
    "x+eXN0zHY2GYQjE64MuekuFpgWCvZp6JEUc1eSBO6uAXdHz19Zh0BOSMFjuxN/AAOtoW+X"
    "JwsOXunNHp3RJsdBUL3XszIKbvVTkfI11cVripucvAgfsY8Z/ePouVa58q/Uupl6fMemn+"
    "ztS5ZgSVQT5BEU/Ujlll8MzgSwBhJrMAmDgIJFzniZ46cg1uOh/xEFGjHSPDptL0dRJ/nG"
    "mW1Lc0E8ZAZ66MlVL6ueQgWNs6T6COo+tcpPaR3ICcIq608MH3F4gk2nT14WDh6Zgwfbto"
    "4XC7J1CTY2R/mpBZ8nDvhL4L8g6gvdvpywiEqyJifTiKcZ2iHTMlNDrmbYRCehv1b2OCnJ"
    "wnaW2M4RepbBa0RauZ/zQrChq2B9wgSZMNBNw2u2q4sTwNaW3tpx+rH7iDwPW7xc2upotu"
    "oZhhHTBmUkIKYNYtr2K6YNykg07ai4fQfYXzyF+79mK0e0WDFCJbi6jietKbpceELro0t1"
    "uerL77V4fFQTGVnaZMVqPbA6yXGkwFijyqSGAz+ug2w4VlwgwrBt94me6+XI1Han3i6aNY"
    "ktEYggTQFMAlIgjHTXMS8QRno4AYUQRnqIqw5hpBBGmq9S26xmakkaaqY2Z1Wwr0e9Jxt6"
    "6grCQEBKEJARdsxw1ZfI08nPD3ST3yu6kmuvnwS49zLsc8NPONvU/JDc+FVTwPaXiQUuAK"
    "gbCzfkxmLjWeX2r5lEob3/l5OT09O3J69O37w7e/327dm7V+lDUP6q7mk4v/pIFyK3YAIr"
    "4xHQngypMJq6OdSLo2m/rnyi5ciRDHkpcHYIpNiAX6k3qBvkjUHCGLjuhuW6K27oFqBNak"
    "ooCmvmGd4M6XTtBNkSVfUcnkVg82/7QVVPYZ5Unp8rcbHWeLhST66Ia4uNToqXZ71Of9Xu"
    "75M8EupbuL/XMHNAYUYPU0eVj7xHeq0/x+NeLlc8F1cXl+jH1cWQBB/XMF7TY/BxHZC3A3"
    "xch7jq4OMCHxckH/eTfJzVvPhOxApKoSDXf6y2Wv7DJPA9ckLJuxDL8uBGkXGj2MQsIaad"
    "5y5iN6Cczl4lrx5JD9zxHkMN3DFwx0Pm4oA73g13LJJJA6kPu019iBTuuxgTLiecfj/eRA"
    "2ndYHEKOJqaLasnW2HMxH+dX27OhUBHnbnr7wx8LAHxMgBD3uIqw48LPCw0L6yjzqnTA+S"
    "wDcZryC+nVS0w3562yWUNzGrGUGgVOUKaBKTAj82ILPXclAWXKJoGvCoQPLtXuHpr7YLcs"
    "gNtVGuJOFNFKMBe+OjKtu8cbAV5KV0iQZw76N4Qn/uPjkadmhrt2gqjU01ZiGE7J/RQGxp"
    "R4b9ZKx8Vk4j7kKRxCO+4EYvtn6BLWMXc1iJBTEWsNW37zhX6EfT4B4gqnIQ77YxsHkHxO"
    "sAm3eIqw5sHrB50IBuJ2E3FvYJZCvd9Syp/nMlOYWy8VurRAG0R3/hY0WrQwJvniyADlzT"
    "ALimyi3eAsbFsBxFceY93UNKpb0I/cBdMJqlxFKl343r2CkzHrXbgKm8Sb2Zc0nvWn9AKx"
    "8FW9E9ZCDyHFqsP55VgPRZ30Aqvc0tuN7McPB/GKcrdfWCIBBOu9YqgHA6HOoBCKdDXHUg"
    "nIBwih21CwPLtY9MBBS0EE9PRN6gZFR1Eu9JuWUnBYzg7y0MG/+HV4N2A9gFWcBdDPfhB0"
    "Z21oi8h7BI+t+Gm5ojCpiLYM418mROkwp59TKhO4Gfto6lRAp5u1KjVid/oGMZ/CsnUG8B"
    "ToUW4LRmAU7FFuBk2wU4gQWQXgATB1J1X4py6sHd6YFDdX56aruWlEJTIa4e+O1709INS2"
    "ute832+lpUPcRPRDZ79VYvwh2QueVUmbWEeuB2kmbjejPdc3l+s2qQszIqwiyEskRJe3OO"
    "zAfarnqJHIveSAnr2uwanjikNUGWzRBfkEVnn9ypUhRV73CBWJNBxUBIx5pkN2kLEF8Xpt"
    "uvrS2KMufJbp5BFvfXYW13t8wju2BTffTU2uP5uGGoACUDF3Ye3e3bqV9Fs6gK0tJYLfjN"
    "+qSSOKNZFAdJXyDy4612sPrM5lIWMdejdJSfxIVthxib7DaaS1XEfGQEOtVfZtueWLdkpg"
    "s2kUpYdRmdmtPcOBGqRc2uOko1qx3tNlI1E+65KUozd9OicaIQpQlRmgM9Q/Y0Xg+iNA9x"
    "1SFKE6I09yWWbb897VmNSALmgph6NHYnYIObBpwGA3gx9FcMLZefuAWNnUmG3K9DBViOgb"
    "McWQ8JLw0370CpycQtOm02V4iL5vY1Q8v6MLRoCm3qeqwrbdwJOP17iTzsWtoR+fMJkz0Q"
    "BhpyLE59uPan3zJLuBC6netwTA7dIPQ3Zs5mQc7Gcm9dLS4LkUgKb+5GiLDcPcS/lj7GDG"
    "6dQCx3SSvcVCQPqCigogZ60O8pKQFU1CGuOlBRQEXlKtQVVQWJl2n1DOoRKO1HXm4DPCDe"
    "rAkqub5JAOOYpdVdmPNS/fdgHv0wDR2TGTuTENsBdvyX9Ho/jvo/5DrpzGzYtvuUkFQFsg"
    "DPKgs35sQaFW0cnEoRVW38y8nJ6enbk1enb96dvX779uzdq7R8Y/mrujqO51cfaWx9blXK"
    "wfYeAenJkCodkRHpMeHbIQZ9V3u+64wS3w093gavOeNTiR4hTlq97iXEKQshob8kvEV/EK"
    "/77uwjyDHBQ5DzpI2DoqyCRqFK9kGGy2u20LEkWIFDXuWGFUjaKDwytIe3a/Mj7yIQRTov"
    "BUAL2XkQlwBxCTt/P7SfzGhmAge2hFciBmFf4S28ozbDGx+1LaD703omRcHNv5aGVIb8Q+"
    "g45BdeuM4Uz0acIIj8gHFdGIQVDaVwkLGCgRC/zo1Am5NJkeNrT3NEe9nFjIkWZ5kRUWz7"
    "35OPA2+lWcbKH9NIBpPMZjiWFsyRNsUOGW8w4q8cDdHRNTaHRIAfHvzwAz269tQjC374Q1"
    "x1ET88O7l135wjK7SRTo9wGcdVhXj/HqzdUDGd+KrYC1SPCS7+glQ6rLiyKjmuWms3hhxL"
    "j7QSGZ0iL6Wg+d4BnW/4AQu+NEwT+bxo7bo6ZxzpHsucJVoeVDkDHVqApJIxRkUIrWsH3b"
    "nk/3qgs3a6ON0l2Wxl5dNW958xeaVW1XPIDxjXWfms1eoiGSto5b8nhjVZHj/QAldbuI8o"
    "yUuYIM/Xpp67YAkIcT96zZ3Sjva0cT0ZbjguNa/LZn1bk26X2kCvI9xwPo+dzmS3yWAg6n"
    "DDSxNJyCHY9bk7Bu7igKxY4C4OcdUhhwCiR6DL/W5iSLKqmQTcRTkAWwDsjCoqAXVeCoAW"
    "3dWxUSNBqBbFgEvlsExkO8ojmxcCXDm40rkDNJNqKZOVUfBgOBXrVFXTqKrET3vYRPrCWC"
    "65XTiqfV8lwWHkbdHLKpO3lXgWrahFksTxwpHs74x5tTcHzF7ks6Rr2dW2LhYyEzhjavrL"
    "ltvLDskNM6jjHKKF99zB0lvI5W1yBsTFujjumOKQcZ1DJvN+WJcRE3HJRMM1MrONkcW8Iv"
    "lyUSxUEtPYSNv2NStE2hF6OXuZuFFSbwKnAFXrs2/npGlW6amE7DbVntB0ilg2o07ZOPlL"
    "Q9WnIRzQY/DYHBB3Dx6bQ1x18NiAx2agVZ8G94R3zHU/YF5CfTXcyfieq4CsA2v6sevb5w"
    "4d9NTEfVMQgz0tsKcZZoxxbYB1Rg6KmG3GOv9wSgLOFQbUN6NeMHUlFaSytIKqsWJa0j5w"
    "75n+8vvIvMdEWgOLIy8JFseQnyUyFcFmG4ujegZ4dQm8ujzP5VQMuUPPFd7ZVEAFdOuepM"
    "vf7nIPUckpnj5In66/fEyGFz3l4E0Eb+JwQFfBm5jtW89zJRb62tf4ETMjd9upt6G3Lnv/"
    "ejzHNslV2ZJIUtduqzmNQFec0o8mMltdVjCdLH/dWEjiqmS/GDYtepkaebLXXM8gdWEz9D"
    "zauT5fdlP6B6fSW4E9wbZNKyYtPZds1oXuY3rSSt1JcQpwEe/6rTsGF/EBOQvBRXyIqw4u"
    "YiBswEW8w1fsegHi1BvdCRcTXrHXyrj6smB/YfXHXYF9mGH1+90mgvV40OlRTv61WMq+LT"
    "jiCioKKr0zqNnYeLlLwqAfDHmtC3xDo14wVXPAY75PS9+gNwx/Blj2YS87dZfYxHirXfja"
    "WpFVU/RYMDL9ZG8rRpYpZplHrywN79khP3W5esFk2fwGvEvVHLDyQ1558ktnM+psWyyQhc"
    "kSJD4RyUO3dh44eSVO3rinhr5ABDRLNuqWJ6xCcE3XRJg5R+aDGwa6j4JwqZPLIunImro5"
    "1FuDk7MzkSjNs7PqME36XX4ZCg5ZGfQ5ouqBfvZKZOeTUZWgs+9qQY8d6ZKv/8pJ4P0/5P"
    "d/cdlsWmhfXvmrmQbWf5/W3wgCtFgGMs1G6qaAWkvVhnXgkuFTXsC0qHGdnQEesyE/ZtD7"
    "eAf5c03yRPnSADz0Qh4S1A2SzSHRHFI+hpXyAe2me2s3TR/+FqD9JZ5GUVgzR+RmSAuKQh"
    "voJvMoCi9ftZJNB8uGCAe07TTHUREL/vTzDbLTwjJ80LMZXh/YhAqtQG7Dxm3UW8RLvdbz"
    "f/SVbBhvtQ0ph+sNKZZ4qGceic01TO/mSIu5Gy2pmEn7vNG2b+wJ1Ux3sSR/OUHU/i1XgD"
    "QOAC4XL21v2i3zIJsnQCY4ylcsdchXaVaZUKlS3mWhWukQrIGxBqloh5OUBKloh7jqHPIW"
    "UtEOk6FPlBJZir4gpyC5diwUdHBcE3RwXA46SHErg13daycn1H+fnd08Sp101PFQFB5P7H"
    "CPKOgyO54jquCmPxHa9Cc1m/6kvOlz2n6UetYkvLpmGgVVC5XeMmX7UHLpuROAZjHkNSe2"
    "/yN2Q3+rda+cBNZ+yGtvrshFo0VDHLWyMqaqJAeBVMVAKgg36C3cYJv6HFCYA8IPBh9+4B"
    "fqPG4JcbFspKIwc57toRb3vHxE7GfUutuiQWNhbxui4wWdbdcOSpr6Yafg9PrO12w8JUJP"
    "OJhrOPC1zzc3GoGfLNMkZG4xYxogj0Lilx1u7U69ndPNNRk3wChPGc9XBCUrzbFt3c+Kcl"
    "Bb3tlmTyC45MAlN9ADfU+dM+CSO8RVB5cckCdQHXKHr1iw+6Fn4xDAbb9PY1zhn1k8ksdI"
    "Tk5BsNsvzLnwPN1MDORCwDGeVTLfOTFlWO+/nJycnr49eXX65t3Z67dvz969Sunv8ld1PP"
    "j51UdKhedWocyNZ41dSQWpIKqgXqySigROEGDkB/AsqdIDKslo2UAUZxJfBKnibPLNZrL4"
    "vRaPZ0kTvPwIbeYRNP2xZrpLjCxt6rkLLZgjjeawaa6nuWSghy0LcTI02p9+d5kaCbDyqR"
    "rFozOaqPH16T+AId75iT0GhviAuEJgiA9x1YEhBvMnl9OsPxp2yAmppIHv/6Bf8Ve6JL1V"
    "RsH+LHMnCQW+G3q8Mgg1rFoq0Wcf+7iExT4yahkVVQLmvBSY+lDJakhQg4sJiKwhgA6hpY"
    "OCWTi0lPN+bAFl9SrbFAHOawVD4mO/+uTzC1pKf+liftBucci4jocN6WDdTEfLBOzGdda0"
    "B7T6ztfYTEkpGxYXqtEb04jBgiwtXEY06f39E1l7YsewxMz7e+3I0KJPvvNLVGwnV/nmoG"
    "fy2zT21ZgM/RN2ptjBwYqMm7pePNBnQcFuGNArvdACl4wM5p4bzub393HEMOV8fcdY+nM3"
    "0HDwzXkyfI2yBjTU+Oj+vgQuuQJ6Jko2dsj0c+SwX4F9jdhY2HpRRRb/vi5pR0BgtknmVc"
    "JA0NkeIH9lf/fon3U0c4a/2UDpln6GTv9ukc2t83hzVReOqzt+jIdL5/bo6q4heQsbSVSb"
    "LMopqEqeCJmkJzU26UnZKM0/nKJo56VUxLqL8gG5o6+Edj2tWZRVkM5WidmMX8Syq5wRgw"
    "Ue9AInWlV5he+IklHBeGRklDgz6xb08re7epI6Xc9P118+JsOLzDXvZWW6IY/uqNPRCoIQ"
    "l9gsLpF5WprgXxAE/LfB3w85jdU+IBMvDLsO/liu+GKJBF/GEyjlKftweXH1+f2no9N34+"
    "OTQufGLPfKQ3mBOXyfAMqxHKAshrLx3AzlSA5Q3oCyTX66H1Q52GuBLooC1mJYy4es5AQh"
    "YmXIaj9Eo1WrROpGo0FAAXi3B3CC7nOaBvP5VZbxyXw73uwMlCjcUw3xdjkPRXdDnhCP/q"
    "LnONmUi6WY+yquVJNpDtU8G2KbG9i6iE97WNAPwY03XGai2o2HLbRYugFyzJWsJ48jquCb"
    "8+TsTMTBdHZW7WCi34Ezb1fOvB22BB6Yfdd5R+DnQG+INkdUPcS73d4Qh9FjHEYTnq4gCT"
    "TdBpouwiu+qvRrci2n3kFy/Eq0U0xtq5hyu2vPXSIvwLzmldXNYvJS/XeLGf0wDR2TpdVP"
    "QmwH2PFf0sv+OOp/p3eS8lW0zMrHTi2hyRFXkNXcXxazTF57yET4sRF7XRBVcKH3lL4WSa"
    "EH+hro6wGcoXtPX1+tmSmybqMqHrswbLyZ0C5QXh1Q27/ntmKRYqtNw8gUTxHibos/BnIx"
    "gMRV9P3RCYkLZY5ARwMdDXQ00NGa6GifCOS/ehEJyFfP1iMENDMamqc/0dGCecd3c6TZhh"
    "8Q8AzHNyL+KJgbQdzjx9IMbUm/n7uhl6QJF1KIPde2w6WfSyIeFVaxswt9c1i68pGh0d8e"
    "ZzC7HpmNrtKfpti2X4w1w2fdiO7vn7H17v7+r1om+TZKMJ6gKXl8yCjNIP8hT46Ntk4fLu"
    "qpoDcOUm8E3xHk8A4B6y78ovTI1Z9lz5esVH/JT4ocNBB9ra5pBNHXYBoNHXRVTKMbpu2P"
    "quyi+GsBoyg2G8QMovczchTMaIZThRESxfomXzLjg9YuwlHtIWq9cErgtzTpRqa8Ps57Ep"
    "oPKKioZQTGCRgnQz/awDhRyjjJnUeSGnJRVkEdeX914rK/AEqhDKEUB5RCgVIo+3HAQSmU"
    "waMMpVCgFIpaWEMpFIU1UKBlgZYdwLOkCC17EXq+643qydl40FiUotVNJiDI1P7NfSJfea"
    "xofCS/DvnQ5oYfxXggi1GoCaprrvVosoqjRZJK8TnKtvXZNxfwAAZ2kAwsc4ZHNEQjP3pW"
    "FMxn8KSDJ30fPenKtS4uKWwyOoWIcnftoDuX/F8Pqt1OF6c7xW4rZe3OeL5wnSme8ZS09Z"
    "e1yllAtp3Jxkm0MVoiL1WIxlqc5KGxaF+kTbHnB1p0KJeVLnnxlrUqaIMObdDh1Q1t0GHV"
    "Gyls7Dv20jBsM7QNfhfKc9e1keHwl79qisJGmJA5ulr79JN+GdXz6+tPuXU+vyr2GPn6+f"
    "zy5ui4wGuXzaX4thmOFB1J/wFP/AB9CGfj18IeBDBVwFQZ/uIM11T5gp7DaGeULZXou42G"
    "ipMO22im/EpMBaQZqZ2hkSfSRmbga19vNd+wka+RGb9n3K7nPjGbhGwKnsnSfKpvzjfnIm"
    "/esC++84XMnHzgL5PcLqYXbB+wfUALBtsHVr2R7ROdwBKnaiqgYEzBiUiweHWoeFG7xr5O"
    "KwY8cvCtNSZzcj1akMk7bW8NSDSdIgacbvHNR/JpRbx2SbLuGFPLbiSnUAFHD80wlaZX0Z"
    "1wMUGezBFRIa5kKV+BE+O4vpDvkG3yQaENEV97bm33FvFFrO8bAvgHNMUOjn8/z0QvDBpv"
    "stXpKlLAYwHR3FyWGWtpVDqqHUSuYmNiYseJsv8KPezTotdEgJOFKyVOzXNatCj7oYZ9Yu"
    "pTw57qbmPyb9s1DfIaXcWpu+Oo9BBLl/FWf2VGPXnqMJmcaJI+MelpVJi3+uZEeom2xiC6"
    "o4URmHNEr5IkcIKbczAn3hhM/QMy+sDUP8RVFzH1ZbPDIS9cLi88e2clmO/Qc0W0bUFMBS"
    "up7qG5/O0u97yUemykz8yn6y8fk+HFxht55Bs6jFt1FA9tw7fsKc7qkzKHSFFOhe3dAwlg"
    "EjBmridXOyUjAzALwQwMbc8MLZBbQG4N4K247+RWhmAfVVBb2SHjjcRWZrQwq5UV0gI3CS"
    "GhgSOaGwY+thBjkr7e8kgtCWnKaV052tT1TKRNPXeh3d/nHTb391roBNimXzwvcex6iL85"
    "wo5phz4Z20lKI7BSwEoBPwGsFKx6I1Zqp4bl4Na5e5NnQL79Q0efodUU+0RYQeQ7aG4/nM"
    "CgoUEvFxlU0K6lkCyLHnKMFVBPQD2pdNwC9aQ+9XTlPLrYRCMO5ZR8Na6jmnA0qNPOuzFs"
    "sWpa23O3IEKjo6JULOz7YfzCp/I1zXiTX6RHwhs68NLjqPr6ae376M8GN5GZoflt+Gy5dD"
    "+cpKtBvxEGIpxsh4KHLBwQazFA+tT1xH97Rq7FPsjA7gG7BzwPsHuw6o3YvUh1abLqeUko"
    "UjycRS4/2xUqg8TLtHoG9SJZ2qe3tgEeEG+CuDxxrnIe3IlYNG1NMG0p/i21ZCL9voGnom"
    "YK9VbgVGQFTqtX4LR8pqTWsMQZHkv0R5KNLM+YBqNeMBbq21bTtq3ctW2CbZtcXyf6ny/n"
    "/SxLKkhMtr+pzdDzkGNKtiRcy6gIsgjG1RCXI2pT1kpS4c9LKmjmqaTxLw1sNVrlnCBYdU"
    "NeY2IaBG5g2LpJe0OUF7quhUBZFnoINOshwIqKyi9ATgywb4h90+0Pe78V/KmWqwduGfu/"
    "315/qVaMY5Hi2wWbgfY/zcZ+Z+iPfpiGTlRyYRJiO8CO/5Je9seuDJQahClEuTdNKdGymF"
    "NZeIXQCXiJltTDxnkcqpckJzSMRaHXU2ZRlsZqQXv1yFvsZckeLXfHdVA/hnv79FQCnBzX"
    "mpdSj4Rqn2YtBgNIgM0RBcQFEM8HociTrRAlJwo1BCRCQOIAuIp2AhJ5Z0gL8F5kplIU3s"
    "LRmYP35vL27ubq4q4u4DPT8hE7PM38PBb76ecbVNmZJB/G+Qk7e8ywliDn6W5bAvVLNItK"
    "IPUQOcz2VXX0cLLtNkYQ6+lWF2vuRod/rxnaFBPAtSlCtAgi6+GrkaPNm7G/l54bp6NHui"
    "Mtirj+luale+4TK5UYzCPLpdgErv3LfHOWHvm92tLwAm2GH5HD+vlqkxUZ6yFi2VrakYNm"
    "Bs0IGdOGDIZ2fx99cX+vGda/yOmyYA19I+REU+BzIboJ6rHG4fpRvUyx0NxorXTXszYGJk"
    "NkLkTmDvTU3NMYTYjMPcRVF4nMTU/x0ppXejWyIv25NLpc3sircXL8+u3rd6dvXqfOjPST"
    "Oh8Gx18kmdCtcA53+8FSteU1qzFuo7zmsKE+FSpUcFpTqOC0XKjg3yGx+HHAiZSqLamZFT"
    "vA3osnr8dvhEtqkt8V6MaCFl1v4mPmijc6lgeG8258zfsa7aLcQiShrUvkYdeivklPWjGt"
    "mgMCzoajkZYNkcKqIYdj9UutezwDrPqQV910F0vXkfemF+XU8+52UoGK8YmygQsZGfVg7s"
    "CJviKD9Ackl2eQFWoF5QFxl500XMjT0sLscJ7MVs8e7Nx9jte1XrZ072aqxuwZ5KLe3fxu"
    "G2Axn1tE8HRqi/qkQ8Yirjk/Hi3onqPNymzDD7QoPVNjaUBW0tss+pAsxPeZZuXf+drR/b"
    "1vukta3vnb6NvoRdzALHalf+eX3HPdXOabkxnx/1i96uRLDVuVvrZyzR06BfRBB3fYvhx/"
    "e+oYAXfYIa66iDssOoElTtVUADRIAYuIvnorazhU8qoFKWXSqFpzOEIIMYQQ74MVNOCapk"
    "kgJ8f8ycR4Vps92XDStmua5o1HIwjQYhlI1TTNBhdvCNdLfkg7VUSXnvuIacRfJulJ9AbS"
    "qdJJpO7EQ4G3okqY6PUiAQhN3PVxOwZb7IC0crDFDnHVRWwxKBp6CH7fRDFYEIXHtRqmUu"
    "eEwTW52RBPVCo59+9aRkFbsf3yAM2D+lqJ5xsc3DuJI4Naf13X+tuTEqFL5FgUoz09TJDn"
    "uR550fk0j1AG7JKgeu/HM6GwkrOasJKzclhJwrOUoK4+tdcSKh3YrdHURHlYLN2AnqyyUV"
    "EcUeXYk47i/MoEXAOdT1e9aFEnkWlr9DzXCs3m4OfEAXwx8OMda2PnoYlNmcipBzc5JgRP"
    "mtqjhtPVltYbQFYTi6csq4ybt2+DZ47MBzcMdPI/011I6Yo8WfX2fwddEkLTRMhqRFYWZY"
    "GuHDJdmXoVJVc5KwcrPOQVhtKHvbHQkLkBNSZVgBoCxPoMEOOcIC2gCzlIUL9zG3Tr6ncK"
    "xDYWregt61LesEkUgrvTspRxhOdnFkUwqg4BjQeMBQJB45CEDuJBOw37TG67nehPMhB5jm"
    "HrS3+pl2M1JG8pnQ1CNHet8Iw1CNE8nGA9CNE8xFWHEE1gxHYYLDiw9eyrlRADSQbngpx6"
    "WCvQ03rQ+La/lx+Rh6fYZCZqg3ZkFeLqId9BY2tqCrN06akbyvXJKkmqh/drEdOn2vLhgj"
    "3xDF59wg1Ap1LqgdzRpkbPS+yt9IXrkKuU4K4MK+HKKlQdt7XYzCxQK2TIlGfgiQLEFRCz"
    "glMeQS90Ak8uKYEvrt4JciKij1SrI9zjw0HBk+tJxQEW5dQDuv2jemI4D830j7Kkeni3rH"
    "8wyNgfsjgnQupB3EkkMcPMMNmhK22gc4XVA76js8Rzw4BW8q6qGbUB97K4esi3Hy2U27Jz"
    "16YpCI3OmYo51FuD7o+dGMKtTp/CHOotQ0eHUJMU4pKggmi3m0YcISZvFxXl1AO6ZYNoaa"
    "yWhq2jhYFtSVdDTk49oE+FuPDTGjL8lOvZobCR/0jHlHNE1QO9m7TXCLmGcc98aYBeCPoN"
    "QV8Sy7B5JvWWpBNNMgdkw/yWujlgGeSXIVHKt1iF/BSwCPKLQA4TgwYylpfg77fXXwSWID"
    "tBMYgJm4H2P83G/h76Pmpwp8jQmdPIpQTuo8/vfyuuxMWn63OGTSYkiU5wXqrSBEl3kAum"
    "AtSQC7arXDDIV5KBd8t8pU7TceLY0QvXmeLZiJePkx8xrk3ISaromGxwJxXaK6qeQysnyE"
    "3Zl3NjT7MUIDflEFcdclMgNwUKWfeXnBJObGzK1uzMS6lHT50K0VOnNfTUaZme8hHRNAIK"
    "mu4jw0YcvfAOPVdE4nKFldjhdUfW5W939XxUemJ9uv7yMRleJKnyy/CEJnPXfZDkSPJS6u"
    "34TgjZBLR488rv+soJVFiAvjf+3PD1GNDyGpy7ro0Mh78MBckC+BMi2tW5k37SL/7n19ef"
    "cvifXxUB/vr5/PLm6JgtBhmEI3qlnBqAnEfsuU7SZk7YG5QXU2G/d63KAPsN7PcAzvO9bp"
    "UZm0+Xj1UNM3MDxkLkLHrsqntmFTdL/s0uyioRAU8LPO1+HCB7ytgBT3uIqy7C04JGBl3/"
    "VLIwUqVCAuSsjJIgd8AbyaZCbZX2NGx8W4vjLplvu7EwbshC/EqQZS+MknmR+bbWtqDLqT"
    "+xgWKGBdk8UfsTXyMWqEc2g7ZEnkbn0R7QSjMcS5tistpaNOtY88luI39OyHe2rfnIeyTj"
    "yYlpIt9H/stRYS1bv8A355tzHi6W0ZD7+7R/i40XOPBfGhb5z/09m3jphU40jthGmhWiP9"
    "HKBtrS8KMb5RpPsfMmuh2d3fR2xlJdDyDu+ccpHRLrksO1lnrs+1NtQ0l661rtqjeo07Eb"
    "r0X2iZC0VoqyCtor+2uflM1SlmRRXuPqekjJeGU6mG1VAmkoOkVUEZ+nT6S18mt0iXVR/k"
    "6ruQPxCMTjQI/0PaWggHg8xFWHAFHQ3uI27guWI9ugJW1RUqWe7j33pCWHiB+1KxLVYNYS"
    "6kW1nAkZpGc1BukZJ3C076LmjXb2aIkciyLVC9AdREIn8QqRQdC0oXtOWr0N3gnjQoBbLN"
    "2A1tOSjUTniCpnG3VSy8Ww/hX6Aau70qxXa+UE6m369t21UwPboYf0BfJ9Yybl7OKIqod4"
    "J+9RCEfoLxwhLukkXZxrobS3HCJx9y8Sl7OtW0D3l/VMioKbf5gHFeXseoFh30a9SUe8KO"
    "fcgHFtlDMbqvtJo9PxnvSEzd92w56wrDMI8ilZJnm9uKcItHvd9btkDB6TA+LOwWNyiKsO"
    "HhPwmMSBte4DcvS54XMardWE1+aklHuRvhFp3vOmunvPm1L7Hg8FoefooSdVhD0vpaD1e/"
    "JKlDyuZY85dV9TNVTy7MpLKvjGUunwgkKyUEhWDaiBwNsVgQeFZGXgHXAh2VtkBOQgcljM"
    "S4nAy3w7rmPvfDJON9nAPgoUFJ3VxXSbOnLPZzet++EkvZ/1NzTYYwMDl/2pdBY5pm8dUI"
    "KmU2QG+BEJsH65a1ohAr5v56+eMfB9B8T8AN93iKsOfB+YzHGiKHakXp3JeAUtt2OxGLqa"
    "ELo9Dcsl2q+NUXIze4dy2pMp9Js3NsvIKri1O4nJrbY3JHZ7xQwKrkH7HNw2yAPkjSAfQB"
    "z6wJShHg6aiB9oZHXmJBW0P1RSRXO8keRCF2VhqQe91M3ySSCJRPZ1BQ5RcIiqB7XrzQwH"
    "/8dooPdyRAFy8EEPzAed3aUtQHxdmE5RmDnPNrj7D8bdf+l4rm3TfKKb0Oa6/AsjxnVuf5"
    "SO1T0yeLdZOzFNtrQNRyBxp3jriZyEL79w/YURmOSu9UfDJptV9vJMCvz6O3+dj8Gvf0Ae"
    "XvDrH+Kqg18fGLaccy7RGSReomVJsJBF+J9YSWIoScBdlOvR72+5CwLPqBfAO2jml9NKGy"
    "CeCiq4v0/OTkXwPjutBpx+BxQn8G3DAb1Vvm1HLEVV20SBdom2O+uvU6Js8kHeDtzMUqx/"
    "jG5jP9iKn0henZl7EL86FQZ2YueH3xjYiQOyU4GdOMRVF2EnZM2n/s2m3g7W9qtOuJN/IV"
    "NWfc8JKQhz+1QAfZGVEf777fWXCl4tHl88qbAZaP/TqHq0hyDXgEqRyB1HCZhHn9//VsT5"
    "4tP1efGcoROcF0DvsePZwGjLHiJwwfIHy38Ah0nXln/OSYIfkYcRr21ILPvTzzfIToNq+J"
    "j/iiZz1334EE23Ugj6P7qkSWLY3gcBWiy5fElhxLiOOHmKxhJ7gA3ebTBH2u15A0VRvGk9"
    "EQSmYteaHjAVh2OzAlNxiKsuwlSkB7nEwZqVAW1YwJRGjrV0sTzOeTGAWgBqY61K5WGu7p"
    "G3llCpPd5WDY85iDZ6MxRlFXw37O+7oKwCkKmW5NchvarkR+VDxJFs9DANjZRq+VmyQi9K"
    "7FjIgFuQglOK254z3oAT1+JQqHfEvNywcxPBHkPXRjs4ky5/u6tnrdMj6dP1l4/J8CKVXd"
    "BvPM/l5B7VaDaJgHrMdScd3RyyfRMOpcFrmCMOcc9DfhHHxO1K0mAoiIHBABnvu4YanEK7"
    "Sr+2Mt6aLeFV1/9TRLlwgg4p6La4CNXupOw6bfYn5Z2E/XmUikqJoCdpfbsClbbrI25lnV"
    "iZS4MbaxivlzG4sQ7IoQFurENcdRE3Vl2N4ksnXJQUnWKyaP/1ipfIsehqyS326JfLLx+u"
    "vnz8Xovlvzm3Xy8uLi8/XH74XvND00TIQtY356f3V5/oR1MD23FVZNkax28ETujj4qJnah"
    "y/qXDOyHCfWZH+iM9XXT2BLbOewAsdFi9EpkK8Svfnrmsjw6lkuBG33P2ESHX1BKWf9Lui"
    "59fXn3KLeX5V5K+/fj6/JOcWW0UyCEfGXfnZAqd9f/EREIQCROeeQw1E566ITpQknW+JbZ"
    "q8riiw2RNTANX4PdYefXyZmVFViPMv/+aZG4lS7rlP7eRuZFIMFMG+j9SNdMtWk+3ZXb2Z"
    "bE82yG6zN8RLTJTuW6TOBRDfQHwP9DDZUwoUiO9DXHUR4hvqYB4C7xd6tsybMx6uoK1+8k"
    "q0MEBtZYBysYvMzUkAXRBTIHS4h2DWdfW3PMzVpUXWEv0XFxn9MA0dk8KoTUJsB9jxX9Lr"
    "/djVCvRdcmQPXafIoeKyrV5Hl1/enzOfaCz/zflwdRt/ZGF/PefOHaXJ3ehEcfElj6SyKA"
    "TZC51LPiLmD0eNqs4dWUso8artO21k6aFH7Ia+Lo88R1SFXb7jFdDR8xKTV0UDa6J+JrAu"
    "hmxd0BAh8lt1H8dveJmFLwnDWg95rcELDF7gATxLUANtONB36kh7T6A35yOO/yz+ZlznNj"
    "PWY7r0lUk5rCpDVblHI8ffHW/34bqrWglSrXZPkcfHl+TZMiIKvnpOzs5EOM2zs5o2J2el"
    "WGvyUEkgHA9XEN1jIa7guIYrOC5zBeSKATfqqJrEzIhAiWRJvrKkVvWZgvnH/wfc9ErD"
)
