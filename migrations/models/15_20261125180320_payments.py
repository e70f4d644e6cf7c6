from tortoise import BaseDBAsyncClient

RUN_IN_TRANSACTION = True


async def upgrade(db: BaseDBAsyncClient) -> str:
    return """
        CREATE TABLE IF NOT EXISTS "provider_events" (
    "id" VARCHAR(40) NOT NULL PRIMARY KEY,
    "created_at" TIMESTAMPTZ NOT NULL,
    "updated_at" TIMESTAMPTZ NOT NULL,
    "merchant_id" VARCHAR(40) NOT NULL,
    "provider" VARCHAR(20) NOT NULL,
    "event_id" VARCHAR(200) NOT NULL,
    "type" VARCHAR(100) NOT NULL,
    CONSTRAINT "uid_provider_ev_merchan_ea2242" UNIQUE ("merchant_id", "provider", "event_id")
);
        CREATE TABLE IF NOT EXISTS "payments" (
    "id" VARCHAR(40) NOT NULL PRIMARY KEY,
    "created_at" TIMESTAMPTZ NOT NULL,
    "updated_at" TIMESTAMPTZ NOT NULL,
    "deleted_at" TIMESTAMPTZ,
    "payment_method_id" VARCHAR(40),
    "provider" VARCHAR(20) NOT NULL,
    "amount_cents" BIGINT NOT NULL,
    "currency" VARCHAR(3) NOT NULL,
    "status" VARCHAR(20) NOT NULL,
    "error_message" VARCHAR(500),
    "attempt" INT NOT NULL,
    "idempotency_key" VARCHAR(100) NOT NULL UNIQUE,
    "provider_payment_id" VARCHAR(200),
    "payment_link" VARCHAR(1000),
    "refunded_cents" BIGINT NOT NULL,
    "succeeded_at" TIMESTAMPTZ,
    "retry_at" TIMESTAMPTZ,
    "customer_id" VARCHAR(40) NOT NULL REFERENCES "customers" ("id") ON DELETE CASCADE,
    "invoice_id" VARCHAR(40) NOT NULL REFERENCES "invoices" ("id") ON DELETE CASCADE,
    "merchant_id" VARCHAR(40) NOT NULL REFERENCES "merchants" ("id") ON DELETE CASCADE,
    CONSTRAINT "uid_payments_invoice_6302e7" UNIQUE ("invoice_id", "attempt")
);
CREATE INDEX IF NOT EXISTS "payments_customer_idx" ON "payments" ("merchant_id", "customer_id");
CREATE INDEX IF NOT EXISTS "payments_provider_idx" ON "payments" ("provider", "provider_payment_id");
CREATE INDEX IF NOT EXISTS "payments_retry_idx" ON "payments" ("retry_at");
        CREATE TABLE IF NOT EXISTS "payment_methods" (
    "id" VARCHAR(40) NOT NULL PRIMARY KEY,
    "created_at" TIMESTAMPTZ NOT NULL,
    "updated_at" TIMESTAMPTZ NOT NULL,
    "deleted_at" TIMESTAMPTZ,
    "provider" VARCHAR(20),
    "payment_type" VARCHAR(30),
    "status" VARCHAR(20),
    "verification_status" VARCHAR(30),
    "card_last_four" VARCHAR(4),
    "card_brand" VARCHAR(30),
    "card_expiry_month" INT,
    "card_expiry_year" INT,
    "card_issuer_country" VARCHAR(2),
    "card_network" VARCHAR(30),
    "bank_last_four" VARCHAR(4),
    "bank_name" VARCHAR(200),
    "bank_account_type" VARCHAR(30),
    "bank_routing_number" VARCHAR(40),
    "bank_account_holder_name" VARCHAR(200),
    "bank_account_holder_type" VARCHAR(30),
    "bank_currency" VARCHAR(3),
    "bank_country" VARCHAR(2),
    "paypal_email" VARCHAR(320),
    "paypal_payer_id" VARCHAR(100),
    "paypal_merchant_id" VARCHAR(100),
    "external_psp_payment_method_id" VARCHAR(200),
    "external_psp_customer_id" VARCHAR(200),
    "external_psp_account_id" VARCHAR(200),
    "external_psp_metadata" JSONB,
    "customer_id" VARCHAR(40) NOT NULL REFERENCES "customers" ("id") ON DELETE CASCADE,
    "merchant_id" VARCHAR(40) NOT NULL REFERENCES "merchants" ("id") ON DELETE CASCADE
);
CREATE INDEX IF NOT EXISTS "payment_methods_customer_idx" ON "payment_methods" ("merchant_id", "customer_id");
CREATE INDEX IF NOT EXISTS "payment_methods_external_idx" ON "payment_methods" ("merchant_id", "external_psp_payment_method_id");
        CREATE TABLE IF NOT EXISTS "provider_configs" (
    "id" VARCHAR(40) NOT NULL PRIMARY KEY,
    "created_at" TIMESTAMPTZ NOT NULL,
    "updated_at" TIMESTAMPTZ NOT NULL,
    "deleted_at" TIMESTAMPTZ,
    "provider" VARCHAR(20) NOT NULL,
    "public_key" VARCHAR(300),
    "secret_key_sealed" TEXT NOT NULL,
    "webhook_id" VARCHAR(200),
    "webhook_secret_sealed" TEXT,
    "has_webhook" BOOL NOT NULL,
    "environment" VARCHAR(20),
    "merchant_id" VARCHAR(40) NOT NULL REFERENCES "merchants" ("id") ON DELETE CASCADE,
    CONSTRAINT "uid_provider_co_merchan_989dea" UNIQUE ("merchant_id", "provider")
);
        CREATE TABLE IF NOT EXISTS "refunds" (
    "id" VARCHAR(40) NOT NULL PRIMARY KEY,
    "created_at" TIMESTAMPTZ NOT NULL,
    "updated_at" TIMESTAMPTZ NOT NULL,
    "deleted_at" TIMESTAMPTZ,
    "amount_cents" BIGINT NOT NULL,
    "reason" VARCHAR(500),
    "status" VARCHAR(20) NOT NULL,
    "provider_refund_id" VARCHAR(200),
    "idempotency_key" VARCHAR(100) NOT NULL UNIQUE,
    "adjustment_invoice_id" VARCHAR(40),
    "merchant_id" VARCHAR(40) NOT NULL REFERENCES "merchants" ("id") ON DELETE CASCADE,
    "payment_id" VARCHAR(40) NOT NULL REFERENCES "payments" ("id") ON DELETE CASCADE
);"""


async def downgrade(db: BaseDBAsyncClient) -> str:
    return """
        DROP TABLE IF EXISTS "provider_events";
        DROP TABLE IF EXISTS "payments";
        DROP TABLE IF EXISTS "payment_methods";
        DROP TABLE IF EXISTS "provider_configs";
        DROP TABLE IF EXISTS "refunds";"""


MODELS_STATE = (
    "eJztXW1z27i1/isYfVlnRk1jOd6k297OxI43dTeOdxynu3M3HZoiIQk3FKnyxbba7n+/AP"
    "givoAUQZEUBZ0vu7GIA0oPQPCc57z9Z7R0TGx5L9+tyE94PfoB/Wdk60tM/5G7MkYjfbXa"
    "fM4+8PWpxYfqK6J9w2v+oT71fFc3fPr5TLc8TD8ysWe4ZOUTx6af2oFlsQ8dgw4k9nzzUW"
    "CTfwVY85059hfYpRd++yf9mNgmfsYe+/M/oxnBlsn/PVpi11jotq8Rk92YfgHNX68w+ze2"
    "H4nr2Ets+yM2BX5eudjz6Bfw4lnjnxl/dy013TP/dWwuOoDP90x/E//jdya7+qbx75HBK/"
    "wW/HMtlr1c6O6PfCT7xVPNcKxgaW9Gr9b+wrGT4RQQ9ukc29jVfWymMGQQRXDHH4Vw0Q98"
    "N8AJTubmAxPP9MDyU5hPtc1nI037dHuvfb6617SRxCoZFESKBrF9j//+pf6sWdie+wv65+"
    "tXv4f32eAQjmI3/Me7u8u/vbs7ef3qBbuhQ7dJuH8+RVcm/NLvfArd17XNYm9gNlzMoNF0"
    "vwj3e3rFJ0sshjwrmYPejERfxv9oshDxB5uV2DwCfSwF/YHmrW2toy1QsRT31zdXn+/f3f"
    "zMbrf0vH9ZHL9391fsyoR/us59evJ9btmSSdAv1/d/Q+xP9L+3n644vI7nz11+x824+/8d"
    "se+kB76j2c6Tppup3Rp/GqNGR25WPViZDVc9KwmrPpRVjzFKLXv07Terzv8vcajG49s5Vv"
    "e9rpmDdfKqzslKR5Uerfza7xl806/MuhinZZTEuRbMFSjnQU7rIhI458QUhPq0DtSn5VCf"
    "FqCmSt6MPMugvJFQEOD29zJ7+Be6t5A9MGIZ5fTd71/XgPj716UQs0tFiB91K5A+lBOhRi"
    "BHEA5zI7+ts5Hflm/kt4WN7OJH51sjfTIr2YI+OTDkD1d9LFoNOYag7tOUE1PwzdCOmc6o"
    "kNk3oZUeQ1iE/UfHxWRu/4TXHPxr+i112xAdXBEBdZOa6sBA/z3eWfGnm8fd1Z8SDim/4S"
    "gG9JdjP9ym7z5fvnt/FRJPU9349qS7ppaBnV1xJk7uk2Rs8dJyssx/otv6nAPEfgn73hH6"
    "H505sd/5Pl6u/JGAHsxcH1eRhBYbSY9NPrQeVTi6tTEyqe4wdegPQXwGCuD6z8jFBlWMqR"
    "ixAnpgoBV2EV7Sv5Bum/wvekwwyg+ZLnnEyF+4ju9bdLFejnJL19lNJOlMPjOTS/FUW7jL"
    "LKQan2ELfcmOx9RNyUqLfsNOd6bTAGu67+N4DKzpEfFnwJoe46rXYU2TF0ltqikWUFDTPa"
    "tFgpxVsCBnRRok+9as/fLKSCmIdftkiBcYBsYmFigJF45jYd0WQ52RyyE9pYIHCHUFtBe3"
    "tx8zZ9PF9X0O4y83F1d3J6ccejqIhLbF9ad7kRm3R0vjPlSh8ajM1EgG1LA1In0c1zQ2Li"
    "ng2Ah8psoznR9zY+APxPaQM0MOtRJOoud3HJoBL9BKJy43Bp4W2EbER0t9zWwHpM/pwhVN"
    "jW5uITA0fhuljprwfP9nzvgAlRxU8oGedQeqnIFKfoyrXkclb6AtgqoopyqC1dO11RPzoE"
    "WQr21fjHFaJAcz6Y7Rf9UVxnP2Df4wOX395vXbs+9fv6VD+LdMPnlTgXqobGedkFSPa+SC"
    "3MiBA3I4x374th+IOXWDl1PseguyGglsqdTVcZUhtUzGdRDc/VvGTRh49NO8kZJxVrARzE"
    "W2xTeR+s5aJAKuCbCDDvGlfpgaMdhBx7jqdewg17Gk4tri8f2p6CPniU466uVsbT8+EwKe"
    "On6NpQ6wSBmRgDklAhBDTNkAYsryG7oFaL9E0ygKa+oZHlKYXrKhhbbeZrNXWXrhKInIPD"
    "YL81vpaBp4xKbm2A+I+B7ysU0nQq7z9BJdPWJ3nVxHC51efnLG6OHBIo/44YG7th4efOz5"
    "Dw/jgsOsm9t8tT16SNNb0I90w3AC/pjQUSfUNEVMgs36nYeI+YJLso9XrjMjFo7vFd2d44"
    "eIhzzDWWHzqz1d00lTDx+9HfIcNCeP7H5YNxbhD2K/gOoa7EboG8Yrj9+EXfKQvtJdHz0R"
    "f8E/dGxMvzGbn/6p+0i3mIa4RviZeD4FQ0fsd9FZ1vQrx7dm34kJ80v0JmP+Q2zHX7DvQe"
    "GMf+pXO/ythm6jKf3h7CtiE81cZ8ncjScexmhKLBbW+McILO+PyW55uVq/qHBCJuCOor0K"
    "bkgwvw/lnXCghhiY38e46nXMbwvPdUuTzarOSilouXSSW20Sb2Xpa2m083KAd028w++sGY"
    "HrYttYS2EukO2Rcvry+X0/hNNZHadwuUs4D3lWu6sd2JCRUnB7t881ccVZAuJ4fI97mFkS"
    "/WziOpEj5YEjr4UkU7nRntrtqSJXuVDkSPLHn+6wpfNfVwS/UE7rwPZ4GUGS458z7uLmMG"
    "X90ypCNaPGkziaRganH8NZVAVpiekkxs57iU2iKkRUWbR3BOhnOoXK8GjtPGsMJsWftxV9"
    "UHaGic2hMkB0Eo3Tvi0ARee653gcA15aG2dVCjSVzy0j8HxnSVWg3eC6jKZRFSbHnes2+T"
    "dHYUeoblNTqQqX4WKT+NrcjR19O+wsPtUHVy0velF3WBKKVgvbix1WN/FcqiLmMddhYGFT"
    "Y97B+a5vyM/xdJd8NmVRC6bJ5LsilprqGOCiX8HXidUiau/5hEeBHX7EO78G0tBdPWJ1Xw"
    "YZ5NoxKNPYKW5YBp4+x/SlgI1vK4fsvOu+sOkuk9nURq2Nx5QDpvTzGWJFTLxcOT5z4rVA"
    "1nPUrjdTKszch/BRQLD25BJ/16ONI/eRzvYLm0xt0FzHsoJdHR4csDs+k6po+fqzZuPnYE"
    "ek7vXnT/EsqsLEfhO7PbFJC0YBReyOTvg+mU9p6PCcsCEt4ZaaTVXUiP3o7E77X4ezKA6S"
    "5mH6ne220PoczaYqait9vdxdef05nEVxkLQlpj/ebAerGz6Xsoi5ziPV9F02bEbmO7uUwt"
    "ku+WSqYubiWWDvurvu+CQqQSSVlJWKNg1sm/k1jWTPiEG9tfG9Q/+zHdr34Yy1N+Ewq7bU"
    "t5dYsK3nCDIO5aFL2U6XyaQKwsfU2/Y2HNVuldtsklmTPFdVkDEZ57CWZ0uyNNDu251Cbh"
    "zkxg30hXqgWVKQG3eMqx5jNOSq+QM6WDupHrnSPe/JoSq1bP/AgqCCKUOT8/M6GXHn5+UZ"
    "cexarnh+WB9Pe6SqSqQJ1izbKZCE6p2SpfIhKaYLC1xSwY+jKgQ6firgolzNT8d5bK+J8t"
    "lhFB4rr6EjFjuIwjhLVqDDeyK+sUAn07BrxYsx/cwiS1Zfww7Yqr5Ajks/40080UmI5Yti"
    "A4FubiHZqSxXWsizgvm2mpwxkBobDAU5weoB/ResHlj1vVs9YQGzJquelYQy5MNZ5OKzzd"
    "/QEq/OeLyCltZprdojpxW1R06h1su+a71E2mQIlATeebke62NEWvmop01ea49XbPGy6jrc"
    "eChC/vfPt5/+wS5V19dJpPOvC2L46L/UWvHqsAqH86JgsGTeETHEJzfvfs2jf/nx9iJ/+L"
    "MJLgo1nlk5A2pDCdgENr6kJExGaif8mz0Af5kFtsGwRdOAWD6xvZfsfn/t6onof1mg9DbU"
    "hd77MdROXeg6tCZU1oDMa0i2Gwp6XbLoUQElYWnxuLRSVWHxpIbTdgr9b84T4lFiKMx6i9"
    "viPjzwv7mlxKp5z+mreE6XDVEIHKSjkOEu8uUtzLcbOb65zfa2VRynMN0PKPK9axxjoMiP"
    "iCwFivwYVx0ocqDIw1WWpW6BspUtz52pS5OF+Z6qNmWPUEasR8J2D7zU/dWv99W8VPLMfL"
    "z99CEenierssDTn+yupZnyrFSPsHtkubJ6qiTdfv+92I4gMVoSkItklTxd2gY9ZWJJwJ2V"
    "UhLoDo5x7sGR3tpZqR5Pk09fbq7uri8P9TgJi4Bq/DCWeWvm5RohfkDKZhfvzZXrrLDrr+"
    "kdLV9Yh7Xc2SaSHYbLjd0WXG7gcgOX2+G43Lqk9nkJbQGxH5fWLqf1k1re9XqFRqkkYR9P"
    "Jlvk6suH7Rifvik+Hn0S3UULWf5txDz/pVo0SzUvz06n8i9CvKjDlF/vltFg8AXs/Sgcgy"
    "/giFhh8AUc46qDLwB8AVH0SUFhqB04X5AE66JGf8OcPlYAvDRRuSjYX57yaVdgt5CnnKlc"
    "uNE6C8BehFHpJRphRjAHLItn7wrZWFvs95i6uL39mDmhLq7zNNGXm4uru5NTvrPpIBKacE"
    "XIDWe5JKygn8dCj6SYu4IkcHcNuDt2/so6BDJCCh7bnfgDOGgNfbsiWXDwSm/2Jg2v99Po"
    "uret3nKfa/oifCQe4fSPrWVa2sm/Uqtm6vEdm3xysC9ZiiVVTbBLUfRClVt+MQQTwBpIrM"
    "E08H0GFj3jZY6fnFiPh/4H7CNqpLls2l6Ook7yjVPbluWCuNjwtcCVq15WPoUKGmdB9amp"
    "+1QqP4V1oCeIh3Vfm+oeFvAE206frCwcPDIHD7EsjSyXdOtSbCyB8lMJvkgc8JfAf0nVF7"
    "Z9BWERpWRNRqYRTzO0Q6ZlpobeTbeoTsJ+rexxUpCF7SyxnUP0TF3UMKx0P2eFYEOXwRql"
    "vjqP2HWJKcrjLI+kKp9hGPFUUMIA4qkgnuqw4qmghEHTrju7dwn72VW4Rxj08d5rmYL0I1"
    "gS0lir6G/hVNge4fgORePDerzYRNM1rzPAa/RGXuoxeiL+AhHfi2rw6rYZFSfQLct5Yud6"
    "MSqy3al3i6SM4xpqRC8mAMbBEBDCuO94CwhhPJ5gNghhPMZVhxBGCGHMVkhtVq+zIA31Op"
    "uzKsTTwr6HDb1EOWHgdSV43RA7brhqK+xq9Of7miHuSFzK81ZPArxvEfaF7sWcbWJ+SG78"
    "silg+8vEoeYA1PSlEwjjgMm8dPtXTKLQ3v/TZHJ29mby6uz7t+ev37w5f/sqeQiKl6qeho"
    "vrD2whMgtWY2VcCtqTLhXCUTWHejEc7dc0j7UcOZIhKwXOjhrpHeBX6g3qBjlLkKwErrth"
    "ue7yG7oFaON6BorCmnqGt0M62zhBdkRVPYdnHtjs235QlTu4J1Xk54pdrBUersSTW8e1xU"
    "fHhbPTXqc/o4eHOIeB+RYeHhDhDijC6WHmqPKw+8ju9cdo3MvVWuTi6uIW/bi6OJLg4xrG"
    "a3oMPq4j8naAj+sYVx18XODjgsTXfhJf05qX2IlYQink5PqP1VbLfxgHvodOKHkXYlEe3C"
    "gybhSLmiXUtHOdZeQGlNPZy+TVI+mBOz5gqIE7Bu54yFwccMf74Y7rZNJA6sN+Ux9Chfs+"
    "wkTICSfXx9uo4aQmTT2KuByaHes2W8G8Dv+6+boaEwEedu+vvDHwsEfEyAEPe4yrDjws8L"
    "DQOrGPGptcD5LANx6vIL6dVFMjXvK1CyhvY1ZTgkCpyhVvpCYFeWxAZm/koCS1RMEu4FGB"
    "5Nu/wtNfbRds0y/URrmSmDdRjAbsjY8qbTEmwLYmL6VJNB97F8YTegvnyUbEZm3FwqkQn2"
    "rMQwj5P8OBxEQnuvWkrz1eTiPqgBDHI74QRi+2foMdYxczWNULYsxhq+3e7SzXC6XBd4Co"
    "ykG828bA5h0RrwNs3jGuOrB5wOZB87O9hN2YxKOQrTXHNaV6nxXkFMrGb60SBdAe/YWP5a"
    "0OCbxFsgA6cE0D4JpKt3gLGOfDchTFWfR0DymV9jLwfGfJaZYCS5VcG1exU0Y0ar8BU1mT"
    "ejvnknxr7Rtee3hbo/lquocOxK7NivVHs9YgfTZfIJHe5Ss47ly3yb85pyt195wgEE771i"
    "qAcDoe6gEIp2NcdSCcgHCKHLVLnci1LowFFLQQzyZ13qB0VHkS76TYLpIBRvF3l7pF/i2q"
    "QbsF7Jws4F4P9+EHRnbWBLuHsEj2/4abWiAKmNfBXGjkyZwmJfLqZUJ3Aj9rW8qIFPp2ZU"
    "atRv/ApzL4l06g3gKc1VqAs4oFOKu3AJNdF2ACCyC9AAbxpeq+5OXUg7vTA4fp/OzUdkwp"
    "haZEXD3w2/emJRuW1Vp3m+31jah6iE/qbPbyrZ6H26dzy6kyGwn1wO0kzcZx55rriPxm5S"
    "CnZVSEuRbKEiXtIdyhtwM672yS29V5UfU2N8Q6DMoHLx3rkN6kLUB8m5vusLZ2XZQFT3bz"
    "DKaovwtv+7pjHtMln+qDq9Yez8atQgUiGbiI/ejs3s77OpxFVZBW+nopbhYnlUQYzqI4SN"
    "oS0x9vtoPVDZ9LJcS6jF/LvFsFMWz5d295HFv6/bXfWLZUQNi2OK7Ml64bSQZxXBDHNdAz"
    "5EAjeiCO6xhXHeK4II7rUKJdDtsXl9aIJGDOialHNHYCNhDpQOsO4MXQX7mkTAbTDkRjKl"
    "3qsA6VvVjuaV5WlHyWpW0r8s/yVPH2ukjh3B7SUZo5ReEUaOa4vBdj1P8y+XuFXeKY6IT+"
    "+UToBgh8hG1TUBWp/el3zI3LBSxm+nrSg8QPvK35YmmQ0xGMO9dISkNUJ3Et80WosNx3iH"
    "4te4Y53BqFWO6WZrCtNBTQK0CvDPTVeqCGNtArx7jqQK8AvZKpy5RXFSRepuUzqEcKtB/v"
    "tQvwgHiz1n/0/gYFTGCTlvcezUr133l09JdZYBvc2JkGxPKJ7b1k9/vrqP9DrpN+pLplOU"
    "8x8ZJjCsi8tFxZRqxRqbLBqRRhrbI/TSZnZ28mr86+f3v++s2b87evkqJlxUtV1csurj+w"
    "AmaZVSlWNHMpSE+6VMJ0SqTHNEebGvRd7fmu46g9J3BFG7zijE8keoQ4bnB4kBAnLISE/h"
    "LzFv1BvOk2cYggRwQPRc6VNg7ysgoahSrZBykur9lCR5JgBQ55lRvm3beRbj+0h7dr8yPr"
    "IqiLdFYKgIYW7/uGGnzt+0qhMlLO8B3hlfCrHyq8uXfUdnijo7YFdH/czKQouNnX0pCK77"
    "4PbJv+wkvHnpH5SBAEkR0wrgqDMMOhDA46tmYgxC8L3UcLOim2PfS0wKyDU8SYoCi3hYoS"
    "y/uBfuy7a2Tqa2/MIhkMOptum8hfYDQjNh2vc+KvGA3R0T22h0SAHx788AM9ug7UIwt++G"
    "Nc9Tp+eH5ya56xwGZgYY0d4TKOqxLx/j1Y+6FiOvFV8ReoFhFc4gUpdVgJZVVyXLXWZAfb"
    "phZqJTI6RVZKQfNd7fI+yqlxBZ5Exh6qw6nc2vjeof/pgVHZ6+J0l7uwW09iS7dvCD3Vy9"
    "LkswPGld2IWY+7ZTy2didiF9Pl8XzkO2jpPOI4NH6KXQ/NXGfJY+CjRsDImbFWwqxjMB2u"
    "2w6z8ETdh9uZdLfoenaf2p1+s9hpXHaXIHqqkTW8NZWEMPZ9n7tjMJ+PyJAC8/kYVx3C2C"
    "GAAdoL7yeMIa2aScCdlwOwa4CdUkUloM5KAdB1d3Vk1EhwenkxoPMEdB7djvLIZoUAVwGu"
    "bG4fz6Vq+adlFDwYzuq1CKnoECLqQo61pb5asW9RQLrc/VIQHEbqELutMqlDsXPLDHtTSB"
    "wvAsn+zphXB3PAHERKRbKWXW3rfH2oGmdMRWO/Yl+/IblhBnWcQ8DqgTtYeov6+xyfAfRx"
    "sfkxWHDH5IeMqxwyqfcDH13bJRMOR3Rmi2CTe0WyFYt4tB5h4XmW5SEzwOgEv5y/jN0oiT"
    "dBUAOp9dl3c9I0KzZUQHaXgkN4NsM8oU5jbJz8raHw0BAO6DF4bI6IuwePzTGuOnhswGMz"
    "0MJDg3vCO+a6vxFRTnc53PH4ngtRbAJr+rHr2+cObfzUxH2TE4M9XWNPc8w449oA65Qc1N"
    "HajnX24ZQEXCgMqG9HPWfqSipIRWkFVWPFtKRD4N5X2DYj/9YhMu8RkdbA4shKgsUx5GeJ"
    "TkWx2cXiKJ8BXl01Xl2u6wiKVtzj5xLvbCKgArpVT9LVr/eZh6jgFE8epI+3nz7Ew/Oecv"
    "AmgjdxOKCr4E1MN2wWuRJzDZ0r/Ij5LtJ7a4Da0FuX/v5aNMcuyVXpqjxS926rP0qNxiyF"
    "H01ldrptzXSy7H0jIYm7GoHrss7J2QKM0vdNpME1uve3zRhco0fkJAPX6DGuOrhGgagA1+"
    "geX7GbBYhSTjQ7WE5FdTZL48mLgv2Fk592BfZxhpMfdoV+Xl5fY0c5/ddyJfu2EIgrqCio"
    "9M5gdlrj5S4Ig34w5LXOGfiN2nCUzQGP+SEtfYO2HOIZYNmHvezMTWBR461y4S8cx8K6Xb"
    "LuJVPkVn5K5+hqsZNP+l3ti9vbj5mFvrjO+8++3FxcUQ2LrzAdREL3gyCH3SW6xTnRJtE3"
    "RWl4zw75qcuUaqXL5jXgXcrmgJUf8srTXzqfMyfTcolNQpdAmxLLEqb+Vx66lfPAyStx8k"
    "btDLQlpqCZstGmImEVgkq6JsKgL9geAnubBLCLpQF46BM2JKgbZMFABgzEog0rFg1asfXW"
    "ii1uRL0jtD9H0ygKa+qI3A5pTlFoA914HkXhFatWsnGq6RgOn7VkE1iSkeCPP91hK8l4FY"
    "OeDj19zydUaAUyGzZqMdgiXuq1Zfy9ryjoaKttiYXebMh6EdFa6pHYXlzpfoFRxKKguJQP"
    "a0DB+lHwJxQZznJF/7L9sC9FpjJSFKFRrKrU3rQ7Bmg3j8yOcZQvpWTTSzE1Va+Gkui2UE"
    "ZpCNbAGEGs8PFEjUKs8DGuOsQKg6cqOtFjpUSWos/JKUiunb6qF1ZZFVdZ9IjEuBXBLi8C"
    "nhGCzqs7lPp2cRi/RO1wlyroMjteIKrgpp/U2vSTik0/KW76jLYfxgY3iX+pmEZB1UKlt0"
    "zRPpRceuEEoFkMec2p7f9InMDbad1LJ4G1H/LaG2t603DRsECtLM1/KshBN418IBOEG/QW"
    "brBLAiVkTkL4weDDD7xcAZodIc7Xs1EUZsGzPdSqQ1ePmP+MSndbOGhc29uG2fiazrZbG8"
    "fdRoidc3p95yGLzKjQE/EXiPgeurm7QxR+ukzTgLvF9JmPXQaJV3S4tTv1bk43x+DcAKc8"
    "ZTxfIZQ8d3LXgkQl+fo7frPtnkBwyYFLbqAH+oE6Z8Ald4yrDi45IE+gfM8eX7Fg90MzmS"
    "GA234Dmaj0KLd4JI+RjJyCYLdfOWnpupoRG8i5gGMyL2W+M2LKsN5/mkzOzt5MXp19//b8"
    "9Zs3529fJfR38VIVD35x/YFR4ZlVKHLjaWNXUkHKiSqoF6ukIoETBBj5ATxLqhSnjzNath"
    "DFqcSXmlRxOvmmTtvraDxPmhDlR6C5S9H0xshwVqxz9cx1lshf4LAtteMihw50iWliQYZG"
    "+9PvL1MjBlY+VSN/dIYTNb4/+wcwxHs/scfAEB8RVwgM8TGuOjDEYP5kcpq1R90KBCGVLP"
    "D9H+ySeKUL0jtlFBzOMneSUOA5gSsqg1DBqiUSPXfCHvWiz7TPqKVUVAmYs1Jg6kMlqyFB"
    "DS4mILKGADqElg4K5tqhpYL3Ywsoq1fZJg9wVisYEh/7xaOfXy6w8W3lEHHQbn7IuIqHDd"
    "hgzUhGywTsRnXW0De8/s5DfKa4lA2PC0XsiyFqsGATBauQJn14eKJrT+0Ynpj58IBOdBR+"
    "8p1XoGI7uctXGz/T34b4pTEd+gdiz4hN/DUdN3PcaKDHg4KdwGd3eoF8h470F64TzBcPD1"
    "HEMON8PVtfeQvHR8T/aj/pHmKsAQs1Pnl4KIBL74CfqZJNbDr9Atv8VxAPURuLmC/KyOLf"
    "NiXtKAjcNkm9SjgIGt8D9K/07x79s4pmTvE3Wyjdws/Q2N8tsrlVHm+h6iJwdUeP8XDp3B"
    "5d3RUkb24j1dUm83IKqpKTWibppMImnRSN0uzDWRftrJSKWHdRPiBz9BXQrqY187IK0tkq"
    "MZvRi1h2lVNisMCDXuBYqyqu8D1VMkoYj5SMEmdm1YJe/XpfTVIn6/nx9tOHeHieuRa9rA"
    "wnENEdVTpaThDiEpvFJXJPSxP8c4KA/y74e8FS8F7BBlnqVhX8kVz+xRIKvowmUMpT9v7q"
    "8vrm3ceTs7fj00mutU6aexWhvCQCvq8GypEcoFwPZf25GcqhHKC8BWWL/nTPL3OwVwKdFw"
    "Ws62EtH7KSEYSIlSGr/RCNVq4SqRuNBgEF4N0ewAl6yGka3OdXWsYndXW83RkoUbinHOLd"
    "ch7y7oYsIR7+xc5xuimXq3ruq6hSTao5VPNsiF2+wM5FfNrDgn0IbrzhMhPlbjxi4uXK8b"
    "FtrGU9eQJRBd+ck/PzOg6m8/NyBxO7Bs68fTnz9tgSeGD2XecdgZ99rSHaAlH1EO92e0Mc"
    "Ro9xGE14upwk0HRbaLoQr+iu0q/JjZx6B8npq7qdYipbxRTbXbvOCrs+ETWvLG8Wk5Xqv1"
    "vM6C+zwDZ4Wv00IJZPbO8lu+1fR/3v9E5SvvKWWfHYqSQ0BeIKspqHy2IWyWsXG5g8NmKv"
    "c6IKLvSB0td1UuiBvgb6egBn6MHT19cbZoqu26iMx84NG28ntHOUVwfU9m+ZrZin2CrTMF"
    "LFU2pxt/kfA7kYQOIq+v7ohMSFMkego4GOBjoa6GhNdLSPFPJf3JAEFKtnmxE1NDMWmqc9"
    "sdE1847vFxhZuudT8HTb00P+yF/oftTjx0Q6WrHrCydw4zThXAqx61hWsPIyScSj3Cp2dq"
    "OvNk9XPtER++1RBrPj0tnYKv1hRizrxRjpHu9G9PDwTMy3Dw9/Rqnk2zDBeIpn9PGho5BO"
    "/0efHAvvnD6c11NBbxyk3gi+I8jhHQLWXfhF2ZGrPcueL2mp/pKfFDloIPpaXdMIoq/BNB"
    "o66KqYRndc2x+V2UXR5RpGUWQ21DOI3s3pUTBnGU4lRkgY6xtf5MYHq11EwtpDzHoRlMBv"
    "adKtTHl1nPc0ML5hv6SWERgnYJwM/WgD40Qp4yRzHklqyHlZBXXkw9WJi/4CKIUyhFIcUA"
    "oFSqEcxgEHpVAGjzKUQoFSKGphDaVQFNZAgZYFWnYAz5IitOxl4HqOO6omZ6NB47oUrWZw"
    "gZpM7d+cJ3rJ5UXjQ/lNyAda6F4Y44FNTqHGqG641pPpOooWiSvFZyjb1mffXsADGNhBMr"
    "DcGR7SEI386GlRMJ/Bkw6e9EP0pCvXurigsMnoFHWUu1sb3zv0Pz2odntdnO4Uu52UtXv9"
    "+dKxZ2QuUtI2FyuVM59uO4OPk2hjtMJuohCNUZTkgXi0L0Yz4no+Cg/lotIlL96yVgVt0K"
    "ENOry6oQ06rHojhY1f4y8N3TICSxd3obxwHAvrtnj5y6bIbYQpnaOrtU8+6ZdRvbi9/ZhZ"
    "54vrfI+RLzcXV3cnpzleu2guRV+b48jQkfQfiMSP0IdwPn5d24MApgqYKsNfnOGaKp/wcx"
    "DujKKlEl7baqjYybCtZsov1FTASE/sDESfSAsbvoe+fEaebmEP0Rl/4Nyu6zxxm4RuCpHJ"
    "0nyqr/ZX+zJr3vAL33m1zJxs4C+X3C2mF2wfsH1ACwbbB1a9ke0TnsASp2oioGBMwaROsH"
    "h5qHheuyaexioGPArwrTQmM3I9WpDxO+1gDUg8m2EOnGaKzUf6aUm8dkGy6hhTy26kp1AO"
    "RxfPCZNmd9HsYDnFrswRUSKuZCnfGifGaXUh3yHb5INCGyK+Dtza7i3ii1rfdxTw93hGbB"
    "L9fpGJnhs03mars1VkgEcCdXNzeWasiZh0WDuI3sUi1MSOEmX/L3CJx4peUwFBFq6UODPP"
    "WdGi9IeIeNTUZ4Y9093G9N+WY+j0NbqOUnfHYekhni7jrv/MjXr61BE6OdUkPWrSs6gwd/"
    "3VDvUStMEg/EZL3TcWmN0lTuAEN+dgTrwxmPpHZPSBqX+Mq17H1JfNDoe8cLm88PQ3K8B8"
    "j59Lom1zYipYSVUPzdWv95nnpdBjI3lmPt5++hAPzzfeyCLf0GHcqqN4aBu+ZU9xWp+UOU"
    "Tycips7x5IAIOCMXdcudopKRmAuRbMwND2zNACuQXk1gDeiodObqUI9lEJtZUeMt5KbKVG"
    "12a10kLId+IQEhY4gpzA94iJOZP05bOI1JKQZpzWtY1mjmtgNHOdJXp4yDpsHh5QYPvEYh"
    "eeVyRyPURXTohtWIFHx3aS0gisFLBSwE8AKwWr3oiV2qthObh17t7kGZBv/9jR52g1xT4W"
    "VhD5DprbDycwaGjQy0UG5bRrKSSLosccYwXUE1BPKh23QD2pTz1d248OMfBIQDnFl8ZVVB"
    "MJB3XaeTeCLVJNK3vu5kRYdFSYikU8L4he+Ey+ohlv/Iu0UHhLB152HJXfP6l9H/7Z4Euk"
    "Zmj+NTy+XJoXTJPVYFdqAxFM2+xDDOwasGvAswC7BqveiF0LVYcmq56VhCLBw1nk4rNd8s"
    "qWeJmWz6BeJEn79NIuwAPiTRCXJ66V5qon9cJZK6JZCwFoiSkRKvYNXAUVUyi4BGd1luCs"
    "fAnOiqdKYo9KnOKRRH8Aj0xXn/mjXjCu1TmtonFasW/alFgWvb9GNUBPzv9YlIRNXWNTG4"
    "HrYtuQbAq4kVER5DoYl0NcjGlNeCNJlT8rqaChp5LOv9KJ2WiVM4Jg1w15jalx4Du+bmkG"
    "684gcBRWFPEvykIV/2ZV/HlZT/kFyIgB9g2xb7r9Ye+3gj/TcjXfKWL/98+3n8oV40gk/3"
    "Yhho/+iyzidYb+6C+zwA6LHkwDYvnE9l6y2/61KwOlAmEGUeZNU0h1zGc15l4hbAJRqqPt"
    "+FjwOJQvSUZoGIvC7qfMoqz09ZJ1y5G32IuSPVrutmPjfgz39vmpGDg5tjUrBUTrdqI1F5"
    "Qgz/1B1FRdqCFADQLUBmA5txOgJjpDWoD3MjWVovDmjs4MvHdXn+/vri/vqwIAUy0AiS3S"
    "Ey8isR9/usOlnSqyYX0fiX3AfF8BcpEmsSNQP4ezqARSD5GkfF+VR5PG225rRKmWbPV6zb"
    "7Y8B+QjmaEAo5mGLOieLynK6JHmzvnf69cJ0pPNlxsEp8VyYuv8np5LFXZdZ7EDcHav8X2"
    "vOVMWGcMTaQWOF5Y5LBeHGcIqOa45tZoUgjnhHDOgR5tBxrYB+Gcx7jqdcI5k1O8sOalRH"
    "hapD8WvMvlDYnwyenrN6/fnn3/OuG/k0+qaG+Bi0EyC1fhxNv242sqayKWY9xGTcRhQ31W"
    "K7v8rCK7/KyYXf6vgJrlxBcE11TWQUyLHWHDvMnr8fe16yDS3+Vr+pJVym7ilhSKNzqWB4"
    "bzftyThxogodxCxNGQK+wSx2TuLFdaMS2bA2KUhqORFg2R3KphW2D1S617NAOs+pBX3XCW"
    "K8eWd8Dm5dRzwXZSNmjlbpi82r7ulIx6MHfg6V7TQdo3LBeanhZqBeUBcZedVMnP0tK12e"
    "Esma2ePdi5j5tsCnTs6INNlfo4MMjrumCzu22AFVg+Y4qnXVmJJRkyruM/86LRNX1orMOU"
    "pXs+ClP6EM8cMeOGVOGHdCF+SHWY/s5DJw8PnuGsWE3er6OvoxdR16nI3/2dV/CjdXObr3"
    "ZqxP/wIsPxRUTM0hrBxUIpbApoXg3usEM5/g7UMQLusGNc9TrusPAEljhVEwHQIGtYROzV"
    "W5r3X8qr5qSUybxpzeEIcb4Q53sIVtCAC1HG0ZYC8ycViFlu9qRjPtsuRJk1HnXfx8uVL1"
    "WIMh0BvCVcL/4hDUs/rlznkZjRQR39W0slydS9eyIrdXcX++6aKV51bxMKQDjivo/YMdhf"
    "R6SJg/11jKtex/6C6pLH4OuN9YElVXIcs2HGbUYY3JHbje+0albf5ZtS59SzD9vPIm8eyN"
    "dKDN/g4N5L7BiUhOu6JNyBVJJcYdtkGB3oYYJd13Hpi85jSX4yYBcE1Xs/ntcKJTmvCCU5"
    "L4aSxNxKAeryU3sjodKB3Ro1TZWH5crx2ckqGwklEFWOPekotq/IuzXQ+TTVa9t0Eo0Wg2"
    "YR+1sTsyaWUw9uulNrbvbK3S7ogDkL6O8zmyjdRVllvIu9J84YBsZmI+4mLwvszZDZm8TJ"
    "IrnKaTlY4SGvMJRo642Ug+B1qIWnAtQQI7OvWniQhtFuGgbUGeyizmCN8K68Rbdj/bw7Po"
    "lCcHdaPi8KcrvhTtVReRRcNGBcIxYu8tB2EBLXaeRb/LXb6X1MB2LX1i1t5a20outa8isl"
    "s0HE2r4VnjGCiLXjiV2CiLVjXHWIWANGbI+xUwNbz74acHCQZHDOyamHtQKdYAeNb/t7+R"
    "G7ZEYMbqI2aOJTIq4e8h20g2WmMM8YnTmBXHfpgqR6eL+uY/qUWz5CsKeuLirRtgXoREo9"
    "kDva1Ph5Rdy1tnRsepcC3KUhDkJZhQqEthaqlgZqjXWZDHWRKEBcAjGvueNS9ALbd+VitM"
    "Xi6p0gkzr6SLk6Ijw+bOw/Oa5UTFpeTj2g2z+qp7r9rZn+UZRUD++W9Q8OGf9DFudYSD2I"
    "O4lq5ZjpBj90pQ10obB6wHd0lrhO4LNixmVlc7bgXhRXD/n2o4UyW3bhWCwcvtE5UzKHem"
    "vQ/bETQbjT6ZObQ71l6OgQapJRWRBUEO12sypDxOTtorycekC3bBCt9PVKtzS81Ikl6WrI"
    "yKkH9FktLvysggw/E3p2GGz0f9Ix5QJR9UDvJgswRK5h3LNYGqCvBf2WoC+JZdg+k3pL0o"
    "kmmQGyYX5L1RywDPLLECvlO6xCdgpYBPlFoIeJzgIZi0vw98+3n2osQXqCfBATMXz0X2QR"
    "7wB9HxW4M2TYzEnkUgz3yc27X/Mrcfnx9oJjkwpJYhNcFIrWQNId5IKpADXkgu0rFwzylW"
    "Tg3TFfqdN0nCh29NKxZ2Q+EuXjZEeMKxNy4oouBh/cSZHq/OEYB79CNxvITTmQc+NAsxQg"
    "N+UYVx1yUyA3Ber69pecEkwtYsiWMMxKqUdPndWip84q6KmzIj3lYapp+Aw0zcO6hQV64T"
    "1+LonEFQorscOrjqyrX++r+ajkxPp4++lDPDxPUmWX4QlPF47zTZIjyUqpt+M7IWRj0KLN"
    "K7/rSydQYQH63vgL3dMiQItrcOE4FtZt8TLkJHPgT6loV+dO8km/+F/c3n7M4H9xnQf4y8"
    "3F1d3JKV8MOoiE9EoxNQDbj8R17LjTVm1vUFZMhf3etSoD7Dew3wM4zw+6W2BkPl09lvUM"
    "zAwY1yJn8WNXDQTLuFn6b35TXokIeFrgaQ/jADlQxg542mNc9To8LWhk0ARNJQsjUSokQE"
    "7LKAlyB7yRbCrUTmlPw8a3tTjugvm2Hwsjql4rMC02dW3LbYpUAd1OK6+CkQBGwlCPh8NU"
    "F8FIOMZVh2AOCOaA/sGi53kvvczoIeKFrQXqajAbCfU8UJ10WoUGwkWgO4hain0LoUHQtB"
    "FoRlq9Dd6JbQ6Nb/vPu9bN/ws8P+xZ26ivWukE6m16yKo7YKgbNnbevZ/zMQANARz7Sl+M"
    "NmgL6P68mUlRcLMP85CCY95hlxiLkYC6jq6Mq6hrfTNmMMx1qc0tPEkFlna0gMPVzVqp81"
    "zOUz9i1yNyFnVKRME31eT8vI7JcX5ebnKwazn1lz5UMspuOFxBdDsxLugdfeHLqbxOSkpk"
    "p8ooQ0O7j9Ioe/XD/v7/lif0cg=="
)
