from tortoise import BaseDBAsyncClient

RUN_IN_TRANSACTION = True


async def upgrade(db: BaseDBAsyncClient) -> str:
    return """
        CREATE TABLE IF NOT EXISTS "invoices" (
    "id" VARCHAR(40) NOT NULL PRIMARY KEY,
    "created_at" TIMESTAMPTZ NOT NULL,
    "updated_at" TIMESTAMPTZ NOT NULL,
    "deleted_at" TIMESTAMPTZ,
    "stable_subscription_id" VARCHAR(40),
    "subscription_id" VARCHAR(40),
    "number" VARCHAR(20) NOT NULL,
    "customer_invoice_number" VARCHAR(30) NOT NULL,
    "status" VARCHAR(10) NOT NULL,
    "billing_reason" VARCHAR(30) NOT NULL,
    "currency" VARCHAR(3) NOT NULL,
    "issue_date" TIMESTAMPTZ NOT NULL,
    "paid_date" TIMESTAMPTZ,
    "subtotal_cents" BIGINT NOT NULL,
    "tax_cents" BIGINT NOT NULL,
    "total_cents" BIGINT NOT NULL,
    "bill_to" JSONB NOT NULL,
    "tax_notes" JSONB NOT NULL,
    "payment_status" VARCHAR(20) NOT NULL,
    "payment_id" VARCHAR(40),
    "customer_id" VARCHAR(40) NOT NULL REFERENCES "customers" ("id") ON DELETE RESTRICT,
    "merchant_id" VARCHAR(40) NOT NULL REFERENCES "merchants" ("id") ON DELETE CASCADE,
    CONSTRAINT "uid_invoices_merchan_94e8dc" UNIQUE ("merchant_id", "number")
);
CREATE INDEX IF NOT EXISTS "invoices_status_idx" ON "invoices" ("merchant_id", "status", "issue_date");
CREATE INDEX IF NOT EXISTS "invoices_customer_idx" ON "invoices" ("merchant_id", "customer_id", "issue_date");
CREATE INDEX IF NOT EXISTS "invoices_sub_idx" ON "invoices" ("merchant_id", "stable_subscription_id");
        CREATE TABLE IF NOT EXISTS "invoice_lines" (
    "id" VARCHAR(40) NOT NULL PRIMARY KEY,
    "created_at" TIMESTAMPTZ NOT NULL,
    "updated_at" TIMESTAMPTZ NOT NULL,
    "position" INT NOT NULL,
    "type" VARCHAR(10) NOT NULL,
    "description" VARCHAR(300) NOT NULL,
    "quantity" DECIMAL(24,6),
    "unit_amount_cents" BIGINT,
    "subtotal_cents" BIGINT NOT NULL,
    "billing_period_start" TIMESTAMPTZ,
    "billing_period_end" TIMESTAMPTZ,
    "component_id" VARCHAR(100),
    "price_id" VARCHAR(40),
    "cycle_key" VARCHAR(200) UNIQUE,
    "invoice_id" VARCHAR(40) NOT NULL REFERENCES "invoices" ("id") ON DELETE CASCADE
);
CREATE INDEX IF NOT EXISTS "invoice_lines_order_idx" ON "invoice_lines" ("invoice_id", "position");
COMMENT ON TABLE "invoice_lines" IS 'One line: a fixed fee, a usage charge, a proration credit or charge, or a tax row.';
        CREATE TABLE IF NOT EXISTS "invoice_sequences" (
    "id" VARCHAR(40) NOT NULL PRIMARY KEY,
    "created_at" TIMESTAMPTZ NOT NULL,
    "updated_at" TIMESTAMPTZ NOT NULL,
    "scope" VARCHAR(40) NOT NULL,
    "last_number" INT NOT NULL,
    "merchant_id" VARCHAR(40) NOT NULL REFERENCES "merchants" ("id") ON DELETE CASCADE,
    CONSTRAINT "uid_invoice_seq_merchan_969c73" UNIQUE ("merchant_id", "scope")
);
COMMENT ON TABLE "invoice_sequences" IS 'The last number issued in one numbering: a merchant''s (``scope`` \"\") or a customer''s';"""


async def downgrade(db: BaseDBAsyncClient) -> str:
    return """
        DROP TABLE IF EXISTS "invoice_sequences";
        DROP TABLE IF EXISTS "invoice_lines";
        DROP TABLE IF EXISTS "invoices";"""


MODELS_STATE = (
    "eJztXWtz2zbW/isYfakzo2Zj2U6ybd/OxI6bepvEO46z7bzNDkWRkIQ3FKnlxbZ2N//9Bc"
    "CLeBfBmyjofGljEgekHoDAOc+54D+jlaVjw3n+Zk1+w5vRD+g/I1NdYfqP1J0xGqnr9fY6"
    "u+CqM4M3VddE+Yo3/KI6c1xb1Vx6fa4aDqaXdOxoNlm7xDLpVdMzDHbR0mhDYi62lzyT/M"
    "vDimstsLvENr3x5z/pZWLq+Ak77M//jOYEGzr/92iFbW2pmq5CdPZg+gKKu1lj9m9sPhDb"
    "MlfYdEesC/y0trHj0Bdwwl7Dnxm+uxLr7on/OtYXbcD7e6K/if/xjcmuvyr8PRJ4+W/Bry"
    "uh7NVStX/hLdkvnimaZXgrc9t6vXGXlhk1p4CwqwtsYlt1sR7DkEEUwB1e8uGiF1zbwxFO"
    "+vaCjueqZ7gxzGfK9tpIUT7e3iufru8VZSQwShoFkaJBTNfhv3+lPikGNhfukv55/uKb/5"
    "wtDn4r9sB/vLm7+vXN3cn5i2fsgRadJv78+RjcmfBb33gXqqsq28HewqzZmEGjqG4W7rf0"
    "jktWOB/ypGQKej0QfR7+o85AhBe2I7H9BPoYCvoD9VvT2ARToGQo7m8+XH+6f/Ph7+xxK8"
    "f5l8Hxe3N/ze5M+NVN6urJy9SwRZ2g32/uf0XsT/S/tx+vObyW4y5s/sRtu/v/HbF3Uj3X"
    "UkzrUVH12GwNr4ao0ZbbUffWes1RT0rCqA9l1EOMYsMevP121Pn/BRbVsH07y+q+xzWxsE"
    "5eVFlZaavCpZXf+5bAN75lVsU4LiMlzpVgLkE5DXJcFxHAOSUmIdSnVaA+LYb6NAM1VfLm"
    "5EkE5a2EhAC3P5fZx79UnaXoghHKSKfvvjyvAPHL80KI2a0sxA+q4QkvypFQLZADCIc5kV"
    "9Xmciviyfy68xEtvGD9bWWPpmUbEGfHBjyh6s+Zq2GFENQ9WtKiUm4M7RjpjMqZP4110oP"
    "IczC/otlY7Iwf8MbDv4NfUvV1PIWroCA+hDr6sBA/xbOrPDq9nO31ceIQ0pPOIoB/eXY9a"
    "fpm09Xb95e+8TTTNW+Pqq2riRgZ3esiZW6ErXN3lpNVukrqqkuOEDsl7D3DtB/by2I+cZ1"
    "8WrtjnLowcT9cRlJaLCWdNnkTatRhaNbEyOd6g4zi/4QxHugAG5+RDbWqGJMxYjh0QUDrb"
    "GN8Ir+hVRT53/RZYJRfki3yQNG7tK2XNegg/V8lBq6zh4iSGfynplcjKfawV0mIVV4Dzvo"
    "S7Y8xh5K1krwGxo9mXYDrOm+l+MxsKZHxJ8Ba3qMo16FNY02kspUUyggoaZ7VokEOSthQc"
    "6yNEhy16y8eSWkJMS6fTLE8TQNYx3nKAmXlmVg1cyHOiGXQnpGBQ8Q6hJoL29v3yfWpsub"
    "+xTGnz9cXt+dnHLoaSPi2xY3H+/zzLg9Whr3vgqNR0WmRtSggq0R6OO4orFxRQHHmucyVZ"
    "7p/JgbA98T00HWHFnUSjgJvt+xbwY8Q2uV2NwYeFxiExEXrdQNsx2QuqADlzU1unlEjqHx"
    "5yi21Pjr+z9Txgeo5KCSD3StO1DlDFTyYxz1Kip5DW0RVEUxVRGsnq6tnpAHzYJ8Y7r5GM"
    "dFUjCT7hj9F11hvGBv8P3k9PzV+euzl+evaRP+ltGVVyWo+8p20glJ9bhaLsitHDggh7Ps"
    "+7v9QMypD3g1w7azJOtRji0VuzsuM6RWUbsOgrv/TLgJPYdeTRspCWcFa8FcZDt8E7F3Vg"
    "IRcE2AHXSIm/phasRgBx3jqFexg2zLEIprC9v3p6KPrEfa6aiXtbX9+EwIeOp4G4stYIEy"
    "IgBzTAQghpiyAcSUpSd0C9B+DrqRFNbYNzykML1oQufaetvJXmbp+a0EIvNYL8xvpaKZ5x"
    "CTmmM/IOI6yMUm7QjZ1uNzdP2A7U10Hy1VevvRGqPp1CAPeDrlrq3p1MWOO52OMw6zbh7z"
    "xXToIk0fQS+pmmZ5/DOhrU6oaYqYBOv1OwcR/RmXZJfXtjUnBg6fFTyd44eIgxzNWmP9iz"
    "nb0E5jHx99HHIstCAP7HlY1Zb+D2K/gOoa7EHoK8Zrhz+E3XKQulZtFz0Sd8kvWiamb8z6"
    "p3+qLlINpiFuEH4ijkvBUBH7XbSXDX3l8NHsnZgwv0UfMuY/xLTcJXsPCmf4U7+Y/m/VVB"
    "PN6A9nr4h1NLetFXM3njgYoxkxWFjjXwKwnL9Es+X5evOsxAkZgTsK5iq4IcH8PpQ94UAN"
    "MTC/j3HUq5jfBl6ohiKaVZ2UktBy6SS3WifO2lA3wmin5QDvinj776xonm1jU9sIYZ4j2y"
    "Pl9PnT234Ip7MqTuFil3Aa8qR2VzmwISEl4fRun2viirMAxGH7HucwsyT6mcRVIkeKA0fO"
    "c0mmYqM9NttjRa5SociB5C+/3WFD5b8uC36mnNaBzfEigiTFPyfcxfVhSvqnZYRqTo2n/G"
    "gaEZx+8XuRFaQVpp1ojecS60RWiKiyaDYE6O+0C5nhUdr51hhMkn9va/qhNIaJ9SEzQLQT"
    "hdO+LQBF+7rneBwDXkoba1UMNJnXLc1zXGtFVaBmcF0F3cgKk2UvVJP8m6PQEKrbWFeywq"
    "XZWCeusrBDR1+DmcW7emfL5UXP6g4rQtFqYXqxxepD2JesiDnMdegZWFeYd3DRdIf8FHZ3"
    "xXuTFjVvFnXeFLFYV8cAF30FVyVGi6i95R0eBXb4ATfeBuLQXT9geTeDBHLtGJRx7CQ3LD"
    "1HXWC6KWDt69oijWfdZ9bdVdSb3Ki18ZlywKT+Pn2siI5Xa8tlTrwWyHqO2s22S4mZex8+"
    "CghWHm3iNl3aOHLvaW+/s87kBs22DMNr6vDggN3xnmRFy1WfFBM/eQ2RulefPoa9yAoT+0"
    "3s8cQkLRgFFLE72uHbqD+pocMLwpq0hFusN1lRI+aD1Zz2v/F7kRwkxcH0nc220PoU9CYT"
    "akJpDrH4Lc80maeAdjgni2J0b018b9H/7Mb4rd/jVdThQdZBqK6BsPA1x8rJ4RGHLqaNXE"
    "WdSggf2zDam3B0v5BusgnmIfHsr5wcpDArrDj/iCVWdX+AIGSbQLbJQDfUA807gGyTYxz1"
    "EKMh16Ee0MLaST22teo4jxZVqUVP5MoIShiEP7m4qJJjcnFRnGPC7qXKUfsVp5QHqqoEmm"
    "DFQng5klAPT7D4NISZd2GBCyr4oZ8yR8ePuTCL1fy453R3lYFP1gr7CesqYtE4yI9cYinv"
    "ziNxtSU6mfl14J+N6TWDrFjGuumxUX2GLJte48fioRMfy2fZktzdPKLZUeaO4S12VbkLgV"
    "RYYyhxB1YP6L9g9cCo793q8UsC1Rn1pCQU9h3OIGe/bb5DC2ydYXsJLa3TStn8pyXZ/KdQ"
    "PWHf1RMCbdIHSgDvtFyPGeeBVj7qaZJXmuMCZ9WHNScKzvr+26fbj/9gt8orVhQd+q0TzU"
    "X/pdaKU4VVOJyNgsGS2CNCiE8+vPkjjf7V+9vL9OLPOrjMVE1lCcLUhsphE1j7giILCalG"
    "+Nf7AH6ae6bGsEUzjxguMZ3n7Hk/d/VF9D8sUMwWKq3ufRnq+vRuyFWHXEZIXxkeel2y6E"
    "FJktxivWGxkrJSvVFVlN0U+q/WI+JRYsjPIwkPmpxO+d/cUmL1cRd0K17QYUMUAgupyGe4"
    "s3x5C/01I8e3j9l9EAzHyU+gAYp87xrHGCjyIyJLgSI/xlEHihwocn+URalboGxFC94mKj"
    "0kYb6nqk3RJ5QQ65Gw3QMvdX/9x305LxV9M+9vP74Lm6fJqiTw9CfbG2GmPCnVI+wOWa2N"
    "nmqztn+iVWhHkBAtAcjzZKVcXdoGPWZiCcCdlJIS6A6Wce7BEZ7aSakeV5OPnz9c391cHe"
    "py4pfVU/hiLLJrpuVqIX5AymYX++battbYdjf0iYabW9mw2NmWJzsMlxt7LLjcwOUGLrfD"
    "cbl1Se3zorQ5xH5YrLaY1o+q41Y7fS9IJfFPxmOyWa6+uFnD+PRtOd/gSvAUxWf5dxHz/J"
    "cqQS/lvDxbnYpfhDjBmS1utUcGjcEXsPelcAy+gCNihcEXcIyjDr4A8AUE0ScZhaFy4HxG"
    "EqyLCieGpfSxDOCFicpZwf7ylE+7AruFPOVELbCt1pkB9tKPSi/QCBOCKWBZPHtXyIbaYr"
    "/L1OXt7fvECnV5k6aJPn+4vL47OeUzmzYivgmXhVyzViviKiuq3auLHKa0hLnLSAJ3V4O7"
    "Y+uvqEMgISThst2JP4CDVtO3mycLDl7hyV7nCNn9HB3b21Rv+eRYuhE+EIdw+sdUEodEiW"
    "+pZT31uMdGVw52k6VYUtUE2xRFx1e5xQcjpwMYA4ExmHmuy8Cia7zI8pMS63HRf4ddRI00"
    "m3Xby1LUSb5xbNqyXBAba67i2WLVy4q7kEHjzKg+FXWfUuUnMw50BXGw6ioz1cE5PMGu1S"
    "cpCwuPyMJDDEMhqxWduhQbI0f5KQU/TxzwF8B/RdUXNn1zwiIKyZqETC2eZmiLTMtMDX2a"
    "alCdhP1a0eUkIwvTWWA6++jpat4RPIXzOSkEE7oI1iD11XrAtk30vDzO4kiq4h6GEU8FJQ"
    "wgngriqQ4rngpKGNQ/Hb2NU+SlBQhOxt1rmYL4J1gQ0lip6G9mVdgd4fgGBe39erxYR7MN"
    "rzPAa/QGXuoxeiTuEhHXCWrwqqYeFCdQDcN6ZOt6Niqy3a6bRVKGcQ0VohcjAMNgCAhh3H"
    "e8BYQwHk8wG4QwHuOoQwgjhDAmK6TWq9eZkYZ6nfVZFeIo/rmHNb1EKWHgdQV4XR87brgq"
    "a2wr9Oe7ipZ/QH0hz1veCfC+WdiXqhNytpH5ITjxi7qA6S8Sh5oCUFFXlpcbB0wWhdO/pB"
    "OJ5v5fJ5Ozs1eTF2cvX1+cv3p18fpF9BFkb5V9DZc379hAJAaswsjYFLRHVSiEo6wP+WI4"
    "2q9pHmo5YiRDUgqcHRXSO8Cv1BvUNXKWIFkJXHfDct2lJ3QL0Ib1DCSFNfYN74Z0vnWCNE"
    "RVPodnGtjkbj+oyh3ck5rn5wpdrCUersiTW8W1xVuHhbPjXqcf0XQa5jAw38J0igh3QBFO"
    "DzNHlYPtB/asvwTtnq83eS6uLh7Rj6uLIwk+rmFs02PwcR2RtwN8XMc46uDjAh8XJL72k/"
    "ga17zynYgFlEJKrv9Ybbn8h2Hgu++EEnchZuXBjSLiRjGoWUJNO9taBW5AMZ29SF4+kh64"
    "4wOGGrhj4I6HzMUBd7wf7rhKJg2kPuw39cFXuO8DTHI54ej+eBc1HNWkqUYRF0PTsG6z4S"
    "2q8K/b11WYCPCwe9/yxsDDHhEjBzzsMY468LDAw8LRiX3U2OR6kAC+YXsJ8e2kmhpxotfO"
    "oLyLWY0JAqUqVryRmhTkoQaZvZWDktQCBbuARwWSb/8KT3+1XbBJX6iNciUhbyIZDdgbH1"
    "V4xFgOthV5KUXg8LE3fjyhs7QeTURMdqyY3xXiXY15CCH/p9+Q6OhENR7VjcPLaQQnIITx"
    "iM9yoxdbf0DD2MUEVtWCGFPYKs1PO0udhVLjHSCqchB72xjYvCPidYDNO8ZRBzYP2Dw4/G"
    "wvYTc6cShkG8WydaGzzzJyEmXjt1aJAmiP/sLH0laHAN55sgA6cE0D4JoKp3gLGKfDciTF"
    "Oe/rHlIq7ZXnuNaK0ywZliq6Ny5jp7Sg1X4DppIm9W7OJXpr5SveOHjXQfPldA9tiG2TFe"
    "sPeq1A+mxfIJJu8gqWvVBN8m/O6Qo9PSUIhNO+tQognI6HegDC6RhHHQgnIJwCR+1KJWJH"
    "F4YCElqIZ5MqOyhtVZzEO8keF8kAo/jbK9Ug/86rQbsD7JQs4F4N9+EHRnZ2CHYPYZHs/z"
    "UndY4oYF4F81wjT2Q1KZCXLxO6E/jZsaWMSKG7KzNqFfoHPhXBv7AD+QbgrNIAnJUMwFm1"
    "AZg0HYAJDIDwAGjEFar7kpaTD+5OFxym87NV29KFFJoCcfnAb9+bFk1YVmvdrjfXt6LyIT"
    "6pMtmLp3oabpf2LabKbCXkA7eTNBvLXii2lec3KwY5LiMjzJVQFihpD+EOvS3QaWeT2KxO"
    "i8o3uSHWYVA+eOFYh/gkbQHi21R3hzW1q6Kc82XXz2AKznfhx742zGO64l29s+Wa48m4Va"
    "hAJAIXMR+s5sd53/i9yARSl4FGiUUwJ9govUgWBxzFF5r9Bh3FInd2BdwkXrpqyA8E3EDA"
    "zUDXkAMNvYCAm2McdQi4gYCbQwlLOGynSVwjEoA5JSYfI9QJ2MB4Av82gI2hv7o2iVSTBo"
    "xQLK/lsBaVvVjucQItL0soya+VJAqlOb3dBWz8vh2kojjFhfwu0Nyy+aF5wUGF0d9rbBNL"
    "Ryf0z0dCJ4DnImzqOeVr2u++YRJTKrIscQAjXUhcz9mZ2BMHOR5q1riYTRyiKhlGiRehwm"
    "LvEPxa9g1zuBUKsdgjdW9XDR+gV4BeGejWeqCGNtArxzjqQK8AvZIooJNWFQQ20+Ie5CMF"
    "2g/MaQI8IF7vjDb6fI0ClmOTFh8SmZTq/4jI0U9zz9S4sTPziOES03nOnvfzqP9FrpODI1"
    "XDsB5D4iXFFJBFYV2phFitmlKDUyn8olJ/nUzOzl5NXpy9fH1x/urVxesXUXWp7K2yMlOX"
    "N+9YpanEqGRLT9kUpEdVKLM1JtJjPppJDfqu5nzXAa+O5dl5E7xkjY8keoQ4PInuICGOWA"
    "gB/SXkLfqDeHsswCGCHBA8FDlb2DhIy0poFMpkH8S4vHoDHUiCFTjkUa6ZIN1GXvTQPt6u"
    "zY+ki6Aq0kkpABrO4t431OBr31euixZzhjeEV8Cvfqjwpvao3fAGS20L6P6y7UlScJPb0p"
    "CqpL71TJP+wivLnJPFKCcIItlgXBYGoftNGRy0bcVAiN+XqouWtFNsOuhxidlROwFjgtbq"
    "ZsVO0ZmrxHB+oJdde4N0deOMWSSDRntTTR25S4zmxKTtVU78ZaMhOnrG7pAI8MODH36gS9"
    "eBemTBD3+Mo17FD89XbsXRllj3DKywJVzEcVUg3r8Haz9UTCe+Kr6BKgHBlT8ghQ6rXFmZ"
    "HFetnYaCTV3xtRIRnSIpJaH5LncdFunUuAxPImIPVeFUbk18b9H/9MCo7HVwustdaHZ4rK"
    "GaHwhd1YvS5JMNxqXHxrLDyFZh28pHxtqYDo/jItdCK+sBh6HxM2w7aG5bKx4DH5zYiqw5"
    "O/OVHe1Km6umxSy8vGNi2+m0WXQ9e07lI1mT2ClctkkQPdXIaj6aSkIY+77X3TGYz0dkSI"
    "H5fIyjDmHsEMAA58DuJ4whrpoJwJ2WA7ArgB1TRQWgTkoB0FVndWDUCHB6aTGg83LoPDod"
    "xZFNCgGuObiyvl28ECq6HpeRcGE4q3aWQ8lRDnnHRWNlpa7X7C0ySBe7XzKCw0gdYo+VJn"
    "UodG7p/iECAstLjmR/a8yLg1lgDiKlIhrLrqZ1uj5UhTWm5AS27AFsQ3LDDGo5h4DVA3ew"
    "9Bb19ylcA+jnYvJlMOOOSTcZlzlkYvsDb13ZJeM3R7Rng2Cde0WSFYt4tB5h4XmG4SDdw+"
    "gEP188D90okTchpwZS6703c9LUKzaUQbZJwSE8n2OeUKcwNk780VB4aAgL9Bg8NkfE3YPH"
    "5hhHHTw24LEZaOGhwX3hHXPdX0leTncx3GH7ngtRbANr+rHr2+cOTfxYx32TEoM5XWFOc8"
    "w441oD65gc1NHajXXy4xQEPFcYUN+NesrUFVSQstISqsaSaUmHwL2vsakH/q1DZN4DIq2G"
    "xZGUBItjyN8S7Ypi08TiKO4Btq4KW5dtWzlFK+7xU4F3NhKQAd2yL+n6j/vER5Rxikcf0v"
    "vbj+/C5mlPOXgTwZs4HNBl8CbGT9bNcyWmTt4t8SOmj/vd2wGoNb118fdXgj6aJFfFq/II"
    "Pbut81EqHMyS+dFUptFjK6aTJZ8bCIFzct+KDDgnj8dNBc7JYxx1cE4CVQDOyT1usdsBCJ"
    "I+FNNbzfIqXRZGdGcF+wvoPu0K7OMM6D7sGvm8wL3ClnL6r9VadLfIEZdQUZBpz2CFp2oP"
    "d0YY9IMhj7Xm2Tamdn2TgzCK+oDP/JCGvsbBGPk9wLAPe9gZUW9Q46104C8ty8CqWTDuBV"
    "2kRn5G++hqsKMr/Y725e3t+8RAX96kPVifP1xeUw2LjzBtRHwHQE4WuU1UgyFXK/4lKw37"
    "7JC/ukSxVDpsTg3epagPGPkhjzz9pYsFc/OsVlgndAiUGTGM3OT70kW3tB9YeQVW3uBAAW"
    "WFKWi6aLxnnrAMYR1dE2FwMtceQmvrhJDnSwPwcFLXkKCukYcCOSgQDTasaDA4DK23w9DC"
    "o6AbQvv3oBtJYY0tkbshTSkKbaAb9iMpvPmqlWikaDyGw2WHouVYkoHgL7/dYSPKOc0HPR"
    "78+ZZ3KNEIJCZscMhfi3jJdzDit77ikIOptiMaeTshq8UkK7FPYnd5o/slRgGLgsJiOuwI"
    "CHYiBP9CkWat1vQv0/VPhkjUJgoiNLJ1jdrrtmGIdP3Y6BBH8WJGJr0VUlPVqhjlPRYKGQ"
    "3BGhgjiBU+nqhRiBU+xlGHWGHwVAUreqiUiFL0KTkJybXTF9XCKsviKrMekRC3LNjFZbgT"
    "QnD2aYNi2zb245eoHW5TBV1kxueISjjpJ5Um/aRk0k+ykz6h7fuxwXXiX0q6kVC1kGmXyd"
    "qHgkOf2wFoFkMec2r7PxDLcxqNe2EnMPZDHnttQx/qDxrOUSsL858ycnCeRTqQCcINegs3"
    "aJJACZmTEH4w+PADJ1UCpiHE6YoyksKc820Pte7P9QPmP6PU3eY3Glf2tmHWvqKz7dbE4X"
    "kfxEw5vb5zkEHmVOiRuEtEXAd9uLtDFH46TDOPu8XUuYttBomTdbi123Uzp5ulcW6AU54i"
    "ni8fSp472bQkUEG+fsM32+0JBJccuOQGuqAfqHMGXHLHOOrgkgPyBMr37HGLBbsfjnMZAr"
    "jtH+ESFP/kFo/gMpKQkxDs9isnrWxb0UIDORVwTBaFzHdCTBrW+6+TydnZq8mLs5evL85f"
    "vbp4/SKiv7O3ynjwy5t3jApPjEKWG48bu4IKUkpUQr1YJhUJnCDAyA/gW5KlPHyY0bKDKI"
    "4lvlSkiuPJN1UOng7a86SJvPwItLApms4YadaanR09t60VcpfYPxjaspFFG9pE13FOhkb7"
    "3e8vUyMEVjxVI710+h3Vfj77BzDEe1+xx8AQHxFXCAzxMY46MMRg/iRympUH1fByQipZ4P"
    "s/2K38kc5IN8ooOJxh7iShwLE8O68MQgmrFkn0fBb1qBd9pn1GLaaiCsCclAJTHypZDQlq"
    "cDEBkTUE0CG0dFAwVw4tzdkfW0BZvso2aYCTWsGQ+NjPDr1+tcTa17VF8oN2003GZTysxx"
    "orWtRaJGA3qLOGvuLNdw7iPYWlbHhcKGIvhqjBgnXkrX2adDp9pGNP7RiemDmdohMV+Ve+"
    "czJUbCdP+WLiJ/rbEL81pk2/J+acmMTd0HZzyw4aOjwo2PJc9qRnyLVoS3dpW95iOZ0GEc"
    "OM83VMde0sLRcR94v5qDqIsQYs1PhkOs2AS5+An6iSTUza/RKb/FcQB1Ebi+jPisjiP7cl"
    "7SgI3DaJbSUcBIXPAfpX/HeP/llGM8f4mx2UbuZnKOzvFtncMo93ruqS4+oOPuPh0rk9ur"
    "pLSN7URKqqTablJFQlJ5VM0kmJTTrJGqXJj7Mq2kkpGbHuonxAYunLoF1Oa6ZlJaSzZWI2"
    "g41YdJRjYjDAgx7gUKvKjvA9VTIKGI+YjBRrZtmAXv9xX05SR+P5/vbju7B5mrnO26w0y8"
    "ujO8p0tJQgxCXWi0vknpY6+KcEAf8m+DveKmdfwRpZqUYZ/IFcemPxBZ8HHUjlKXt7fXXz"
    "4c37k7PX49NJ6midOPeah/KK5PB9FVAO5ADlaiirT/VQ9uUA5R0oG/SnO26Rg70U6LQoYF"
    "0Na/GQlYQgRKwMWe2HaLRilUjeaDQIKADv9gBW0ENO0+A+v8IyPrG7493OQIHCPcUQN8t5"
    "SLsbkoS4/xdbx+mkXK2rua+CSjWxw6HqZ0M0eYHGRXzaw4JdBDfecJmJYjce0fFqbbnY1D"
    "ainrwcUQl3zsnFRRUH08VFsYOJ3QNn3r6ceXs8Enhg9l3nJwI/uUpNtHNE5UO82+kNcRg9"
    "xmHU4elSkkDT7aDpfLyCpwpvk1s5+RaS0xdVT4opPSome9y1ba2x7ZK8wyuLD4tJSvV/Ws"
    "zop7lnajytfuYRwyWm85w99udR/zO9k5SvtGWWXXZKCc0ccQlZzcNlMbPktY01TB5qsdcp"
    "UQkH+kDp6yop9EBfA309gDX04Onrmy0zRcdtVMRjp5qNdxPaKcqrA2r7z8RUTFNspWkYse"
    "Iplbjb9I+BXAwgcSXdPzohcaHMEehooKOBjgY6Wh0d7T2F/HfbJwHz1bNtiwqaGQvNUx5Z"
    "64p5x/dLjAzVcSl4qumoPn/kLlU3OONHRypas/tLy7PDNOFUCrFtGYa3dhJJxKPUKHb2oC"
    "8mT1c+URH77UEGs2XT3tgofT8nhvFsjFSHn0Y0nT4R/fV0+iOKJd/6CcYzPKefD22FVPo/"
    "+uUYuHH6cFpPBb1xkHoj+I4gh3cIWHfhF2VLrvIkur7EpfpLfpJkoYHoa3lNI4i+BtNo6K"
    "DLYhrdcW1/VGQXBbcrGEWB2VDNIHqzoEvBgmU4FRghfqxveJMbH6x2EfFrDzHrJacEfkud"
    "7mTKy+O8Z572FbsFtYzAOAHjZOhLGxgnUhknifVIUENOy0qoIx+uTpz1F0AplCGU4oBSKF"
    "AK5TAWOCiFMniUoRQKlEKRC2sohSKxBgq0LNCyA/iWJKFlrzzbsexROTkbNBpXpWgVjQtU"
    "ZGp/tR7pLZsXjffltyEfaKk6fowH1jmFGqK65VpPZpsgWiSsFJ+gbFvvfXcBD2BgB8nAcm"
    "e4T0PU8qPHRcF8Bk86eNIP0ZMu3dHFGYVNRKeootzdmvjeov/pQbXb6+B0p9g1Utbu1acr"
    "y5yTRZ6Str1Zqpy5dNppvJ3AMUZrbEcK0RgFSR6IR/tiNCe24yJ/Uc4qXeLiLWtVcAw6HI"
    "MOWzccgw6jXkth4/f4pqEammeo+adQXlqWgVUzf/iLukhNhBnto6uxj670y6he3t6+T4zz"
    "5U36jJHPHy6v705OU7x21lwKXpvjyNAR9B/kiR+hD+FifF7ZgwCmCpgqwx+c4ZoqH/GT58"
    "+MrKXi39tpqJhRs51myu/UVMBIjewMRL9IA2uugz5/Qo5qYAfRHn/g3K5tPXKbhE6KPJOl"
    "fldfzC/mVdK84Te+cyqZOcnAXy7ZLKYXbB+wfUALBtsHRr2W7eOvwAKraiQgYUzBpEqweH"
    "GoeFq7Jo7CKgY85OBbakwm5Hq0IMM97WANSDyfYw6couebj/RqQbx2RrJsGZPLbqSrUApH"
    "Gy8Ik2ZPUUxvNcO2yBJRIC5lKd8KK8ZpeSHfIdvkg0IbIr4O3NruLeKLWt93FPC3eE5MEv"
    "z+PBM91Wi8y1Zno8gADwSq5ubyzFgdMWm/dhB9ikGoiR0kyv6fZxOHFb2mAjlZuELizDxn"
    "RYviFxFxqKnPDHumu43pvw1LU+k2uglSd8d+6SGeLmNvfuRGPf3qCO2capIONelZVJi9+W"
    "L6egnaYuC/0Up1tSVmTwkTOMHNOZgVbwym/hEZfWDqH+OoVzH1RbPDIS9cLC88/mYZmO/x"
    "U0G0bUpMBiup7KO5/uM+8b1kztiIvpn3tx/fhc3TB28kka/pMG7VUTy0Cd+ypziuT4osIm"
    "k5GaZ3DySARsFYWLZY7ZSYDMBcCWZgaHtmaIHcAnJrALvioZNbMYJ9VEBtxZuMdxJbsdaV"
    "Wa24EHKtMISEBY4gy3MdomPOJH3+lEdqCUgzTuvGRHPL1jCa29YKTadJh810ijzTJQa78b"
    "QmgeshuHNCTM3wHNq2k5RGYKWAlQJ+AlgpGPVarNReDcvBjXP3Js+AfPvHjj5Hqy72obCE"
    "yHdwuP1wAoOGBr1YZFBKuxZCMit6zDFWQD0B9STTcgvUk/zU0435YBENj3Iop/DWuIxqIn"
    "6jTk/eDWALVNPSM3dTIiw6yk/FIo7jBRs+ky85jDf8RYovvOMEXrYcFT8/qn3v/1njJWI9"
    "1H8Nhw+X4nizaDTYncpAeLM2zyEGdg3YNeBZgF2DUa/FrvmqQ51RT0pCkeDhDHL22y7Ysg"
    "U20+Ie5IskaZ9eagI8IF4HcXHiWmquelItnLUkmjUTgBaZEr5iX8NVUNKFhENwVmUIzoqH"
    "4Cy7qkT2qMAqHkj0B/BIt9W5O+oF40onp5UcnJY9N21GDIM+X6EaoCPmf8xKwqSuMKk1z7"
    "axqQkeCriVkRHkKhgXQ5yNaY14I0GVPykpoaEnk86/Volea5QTgmDXDXmMqXHgWq5qKBo7"
    "nSHHUVhSxD8rC1X861Xx52U9xQcgIQbY18S+7vSHud8K/kzLVVwri/3fPt1+LFaMA5H07k"
    "I0F/0XGcTpDP3RT3PP9IsezDxiuMR0nrPH/tyVgVKCMIMosdNkUh3TWY2pLYR1kJfqaFou"
    "zvkciockITSMQWHPk2ZQ1upmxU7LEbfYs5I9Wu6mZeJ+DPf2+akQODG2NSkFROtuojUVlC"
    "DO/UHUVFWoIUANAtQGYDm3E6CWt4a0AO9VrCtJ4U0tnQl4764/3d/dXN2XBQDGjgAkZp6e"
    "eBmI/fLbHS48qSIZ1veemAfM92Ug/9ZDkCSHrDhQMkR0Z7CkEo1itXOsWPMfkIrmhAKO5h"
    "izem/8uFJEv1p7wf9e21aQeavZWCcuq/8W3uWl4FgWrm095p911f4jdqfkJiIWQ2iCHc9y"
    "/Pp91UIUfUAVy9Z3BkpCpCJEKg50aTvQmDWIVDzGUa8SqRit4pkxL+R44yL9EbxdDq/P8U"
    "5Oz1+dvz57eR5Ru9GVMkY3hz0XTDCVOKe0/dCR0nJ/xRi3Ue5v2FCfVUqcPitJnD7LJk7/"
    "y6MWJ3Fz4kZKS/zFxY7wLLjJ+fhl5RJ/9He5irpiRaDreNxyxWstywPDeT+et0P1/Us3EG"
    "Gg3xrbxNKZp8YWVkyL+oDwm+FopFlDJDVq2Myx+oXGPegBRn3Io65Zq7VlivsW03LyeRc7"
    "qYiztrdMXmU3bkxGPpg7cOJuaCPlKxaLuo4LtYLygLjLTgrAJ2npyuxwksyWzx7s3H1Ltr"
    "UnGroXY1UsDgzyqt7F5GwbYHGRT5jiaZYWGYmajKv4z5ygdUUfGjs8yVAdF/nZaognRejh"
    "WUv+RToQP8QOT/7OQSfTqaNZa1Zu9svoy+hZcKBS4Mr9zsn40bp5zBcz1uJ/eP3c8CYiem"
    "H522wNENYFnMsM7rBDWf4O1DEC7rBjHPUq7jB/BRZYVSMB0CArWERs6y1MaS/kVVNS0iSV"
    "tOZwhBBWCGE9BCtowDUW31C9X1uOcqyf4E6p0aNu27RaX7GJJVC4nOZ+7TmraDCCw7UDWl"
    "lFi/X+B2w7glEGMREJV9PJxUUV9u7iopi9Y/eSexf7qAQQDppLiG43B9pZpovztqfirMWY"
    "SP85i/txlrWWnZjRFPrczL79P0gCr+Q="
)
