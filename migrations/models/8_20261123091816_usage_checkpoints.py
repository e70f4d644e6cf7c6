"""Usage checkpoints and late-write marks (``billing/services/usage_checkpoints.py``).

A checkpoint adds up a busy customer's past hours once, so an entitlement check reads it and
the hours since instead of every hour of the grant period; a mark records the last transaction
that changed a past hour, so a checkpoint read before that change is never used.
"""

from tortoise import BaseDBAsyncClient

RUN_IN_TRANSACTION = True


async def upgrade(db: BaseDBAsyncClient) -> str:
    return """
        CREATE TABLE IF NOT EXISTS "usage_checkpoints" (
    "id" BIGSERIAL NOT NULL PRIMARY KEY,
    "customer_key" VARCHAR(210) NOT NULL,
    "event_name" VARCHAR(200) NOT NULL,
    "from_hour" TIMESTAMPTZ NOT NULL,
    "through" TIMESTAMPTZ NOT NULL,
    "snapshot" TEXT NOT NULL,
    "event_count" BIGINT NOT NULL,
    "value_count" BIGINT NOT NULL,
    "value_sum" DECIMAL(38,12),
    "value_min" DECIMAL(38,12),
    "value_max" DECIMAL(38,12),
    "latest_value" DECIMAL(38,12),
    "latest_at" TIMESTAMPTZ,
    "updated_at" TIMESTAMPTZ NOT NULL,
    "merchant_id" VARCHAR(40) NOT NULL REFERENCES "merchants" ("id") ON DELETE CASCADE,
    CONSTRAINT "uid_usage_check_custome_aa9014" UNIQUE ("customer_key", "merchant_id", "event_name", "from_hour")
);
CREATE INDEX IF NOT EXISTS "usage_checkpoints_age_idx" ON "usage_checkpoints" ("updated_at");
COMMENT ON TABLE "usage_checkpoints" IS 'One customer key''s rollups of one event name added up from ``from_hour`` to ``through``,';
        CREATE TABLE IF NOT EXISTS "usage_late_writes" (
    "id" BIGSERIAL NOT NULL PRIMARY KEY,
    "customer_key" VARCHAR(210) NOT NULL,
    "event_name" VARCHAR(200) NOT NULL,
    "last_xid" BIGINT NOT NULL,
    "updated_at" TIMESTAMPTZ NOT NULL,
    "merchant_id" VARCHAR(40) NOT NULL REFERENCES "merchants" ("id") ON DELETE CASCADE,
    CONSTRAINT "uid_usage_late__custome_438761" UNIQUE ("customer_key", "merchant_id", "event_name")
);
COMMENT ON TABLE "usage_late_writes" IS 'The last transaction that changed a past hour of one customer key''s rollups of one event';"""


async def downgrade(db: BaseDBAsyncClient) -> str:
    return """
        DROP TABLE IF EXISTS "usage_late_writes";
        DROP TABLE IF EXISTS "usage_checkpoints";"""


MODELS_STATE = (
    "eJztXW1z2za2/isYfVlnRs2NZSf2tjt3xnHc1Nsk3kmctrPbHZoWIQk3FKnli2Xtbv/7Bc"
    "AXkeCLAImkKOh8aWMSB6QegMA5z3nBfwZz18K2//JqQX7Gq8H36D8Dx5xj+g/hzhANzMVi"
    "fZ1dCMxHmzc1F8T4hlf8ovnoB545Duj1iWn7mF6ysD/2yCIgrkOvOqFts4vumDYkznR9KX"
    "TIv0JsBO4UBzPs0Rv/+Ce9TBwLP2Of/fmfwYRg2+L/HsyxN56ZTmAQiz2YvoARrBaY/Rs7"
    "T8RznTl2ggHrAj8vPOz79AX8pNfkZybvbmS6e+a/jvVFG/D+nulv4n/8wWQX3wz+Hjm8or"
    "fg141E9npmej/yluwXPxpj1w7nzrr1YhXMXCdtTgFhV6fYwZ4ZYCuDIYMohju5FMFFLwRe"
    "iFOcrPUFC0/M0A4ymD8a62sDw/h0d298ubk3jIHCKI0piBQN4gQ+//1z89mwsTMNZvTP81"
    "d/RM9Z4xC1Yg/85erz9U9Xn0/OX71gD3TpNInmz6f4zojf+oN3YQamsR7sNcxjDzNoDDMo"
    "wv2O3gnIHJdDnpcUoLdi0ZfJP7YZiOTCeiTWn0AXQ0F/oHXn2Kt4CtQMxf3tx5sv91cf/8"
    "YeN/f9f9kcv6v7G3ZnxK+uhKsnb4RhSztBv97e/4TYn+jvd59uOLyuH0w9/sR1u/u/D9g7"
    "mWHgGo67NEwrM1uTqwlqtOV61MOFteWo5yVh1Psy6glGmWGP33496vz/Cotq0r6ZZXXf45"
    "pbWEevZFZW2qpyaeX3/sjhm90yZTHOymiJsxTMNSiLIGd1EQWcBTENoT6Vgfq0GurTAtRU"
    "yZuQZxWU1xIaAtz8XGYf/8z0Z6oLRiKjnb775lwC4jfnlRCzW0WIn0w7VF6UU6GtQI4h7O"
    "dEvpSZyJfVE/myMJE9/OR+20qfzEs2oE/2DPnDVR+LVoPAEMh+TYKYhjtDM2Y6o0Im30qt"
    "9ATCIuw/uh4mU+dnvOLg39K3NJ1x2cIVE1AfM10dGOh/JDMrubr+3D1zmXJI4oSjGNBfjo"
    "Noml59ub56dxMRT4/m+NvS9CwjBzu7445c4UratnhrPpqLV0zHnHKA2C9h7x2jf+1hiwTv"
    "PZO/fIEdzN4e1lGEY97QmLKWcjzhIOrbRybyw8f0Doq6QBPXQ66D0QSbQejh9O8F9ohroR"
    "P655LQ+RQGCDvWi5cDYcRa6H43/nIc+oFLryWLVfTg+C/6kQShv4nLzIFsZDqsIzTZgln9"
    "Vj4fQSMLEbuj9CJUWO0d4l/LlgQOt0EhVnukFWLgcfe+QQyBxz0iRg943GMcdRkeN9Jmth"
    "n1vCRYW/0Z5OK3XaEqKGym1T3ox2k0tcNm8N8BeEB8G8TnmD5/TAHzi2D/9cvdpyp6ISsl"
    "rmlkHKD/Ipv4rRm8g79MQmfMjZ3HkNgBcfyX7Hn/O+h+kWMo5da3BO6Tj1e/iSNx/eHurb"
    "hwsQ7eCsNi2ra7TEiF/Ki8JdNbJygfl5yYMCzkIPkH+r70f9/9eTQ6O7sYvTp7c/n6/OLi"
    "9eWrS9qWv3Hx1kXNaL29fX/76T4/KuyCyK06eGnaKutPRqQ7tm3gUIO+rTnftqvLd0OvbI"
    "LXrPGpRIcQL2zTOViIUxZCQX9JeIvuIDbpUv50sPM4Jngocp6ycSDKamgU6mQfZLi87QY6"
    "lgQrsM+jLNLYkkunIAY+NwnzI+8ikEU6LwVAS9l54EcGP/Le94dm/Mhli3UD8F5nutIUXm"
    "GP2gxvvNQ2gO6P6540BTe/LfUqBCKZ2WXxD5lZXxP8ELfab4JU3m8q4cRP3prnR+FNiVH1"
    "cQS0IfYc085GJci/QCq9yyu43tR0yL9N2RiG9OmCIEQV7Fszg6iC4/EvQ1TBMY46RBUAnx"
    "SnT81NouRLSgU0tLfPpFJ6zmpyes5KEtQYYBR/b27a5N9YSVEpkwXc5XDvf3broBuvUiu5"
    "rez/W07qElHAXAbzUiNPZTWpkNcvFqkV+B+JbdNXYLsrM2oN+gc+VcG/sgP9BuBMagDOag"
    "bgTG4ARrsOwAgGQHkAxiRYbYN7Iqcf3K0uOEznZ6u2aykpNBXi+oHfvEcynbBu6ATednN9"
    "Laof4iOZyV491UW4A9q3miqzltAP3FOpteS0Zi05La4lrjc1PNdWWkCyMjrC3HSwHcQxdL"
    "ZAi84mtVktiuo3uSFypFfed+XIkewkbQDiO6G7w5rasiiXfNmqgQ45V2e+ooKQ6RKL//jz"
    "Z2ynuFbE7uSrOGgyxyuT43ZE60umK53gajOG5l3oOPSlrl1nQqaDkkCafINhXTSNFTVlv4"
    "C2lSwm8uvMDNCMdoodHy1n2EEmirOO0MJcsTJ7VJTY/vf0MjWLkGWu/CGrBjKmvZmOhYIZ"
    "RhPi0PYmT54rVhRp6Rmbo34g6gSiTnq62hxo/AFEnRzjqMtEnfCV2/DHM2yFNjbYEl4c/u"
    "rk7wrx7rPA9xN+0kq+N99AjThJrHxAKpO+S2V1Sv4enZ5fnF+evTlPc77TK3Wp3sW0buzQ"
    "BWtcbu/VlTHOSmlIHenN0mmnxhUYI5WcAhl26c7B9y79Twfc0l4Hp1FmqTlDM0mUKTExMz"
    "k01cZlnIYiaVV+cefUJqMwUUuPlTqIq0d+z4pKLkkwnqGTR9e1sem8oAYe3c/nJEAnTjh/"
    "xN4L5Hr0Gi/bjE4itEvKVLbziN0ySXw7nG5Kn0iANFhjyJrY+8I3BPv1iCwZsF+PcdQhaw"
    "KyJmJ3B9uhFbbOpL2WBloL0SoW8akytjJUY/hFOQ3xbiXSMMkO50Ap4C3KdRjHH2vlg44m"
    "edMsRPzCVWfRMB7uF3araq8QpHciOA9no2iF34Qyoz0dlv7wdL3aASC268AZOIg4aiDiiJ"
    "F1RpZO3B6tv9Gu9KsAVBmf1RBq2TgtDdFrM1zrgzslzlUQ4PkiGJRQ6bn7wzo+3WYtDTNq"
    "Ksmq3zkYWaY/e3TpD0G8B/qTVz8gD4+TGCo2PdhhTIhnoPPgKfZXnDiHLI88YRTMPDcIWL"
    "ZLkVdv6yGKzHparSDDpG5g1vOQGlEKvlJhJLJIMgx3ejLtBnj9fatJQ+D1j4jhBV7/GEdd"
    "hteHOjlt12vJ75rSm1dOSkOsmz8C2w/HY4ytsqItbyNStcKJkZUTkGZs7AFCXQPt27u7D7"
    "m16e2tcDTLp68f3958Pjnl0NNGJLL5o9C+nQKhmrM0PmIWqOLPyGJQYmdk7tZaGfO0XQsl"
    "Vv+R45tCn179Z51Kz1pI1BfNvLMRi4AuDbr0AS5SB6pVgS59jKMuleOhWIdipxoU2znX3K"
    "UTVR3vwqEv5c+vcef3OcJ9319Ry3UoEmVEAeaMCEAMzskeOCfFCd0AtF99rY8qyXzDfTpK"
    "I53QpbbeerLXWXpRq/aP0gCDCwyunq4CB6p6g8F1jKMuY3DZeGraysHUeSkNddVWQqkhdL"
    "1jvONQ6HHoedgZK9VqLZPtkGT4+uVdNxTDmYy3rtpXp5jYvR4bc0H44WYljiaFQLOrBaGG"
    "xwHOfqnIPIj6VEIre9TfDkjpd5pmWT7PjihpGNWZp0lzXs3tccq7UfWEiiW77AwT60RXiL"
    "LFR3cESrFa60HCxcL3Gwjb1xkeyG5QQmtOqA7VwNfH8PqY9KUtYnQl3nlisT50BohVweXM"
    "eANA0b7uOR7HgJfRxOqeAU3nlT6pVWkZzPEy3TkrK+numvemLWpQb3zr9D8LB6xKdnOove"
    "MdHgV2+AnvTNNkobth/R0FcpB0qogeO+LKwc/hjojdm8+fkl50hYn9JvZ44pAGNgSK2Gfa"
    "4bu0P62hw1PCmjSEW6Y3XVELfXOKqbKGx98WLtl5N/jKurtOe9MbtSa2Tw6Y1vtmhBWx8H"
    "zhBswv2YATjaN2u+5SY49aBJ/N9oSlR4JdVQ6O3Afa26+sM71B81zbDnd1h3DAPvOedEJL"
    "KXAzE5+QO06pGtmksPlmfAtnOR1kebfNqklziFHNRGu0sh8vC2bx3ZIYbnXYMh/yddqpJv"
    "ApR1Zz32VpXHXi1ayLqk7dp5vL8/zkLhEfUBRpS8idINfB6OGB/80DxB4ekDmdUt2dDgSi"
    "v8pFJopq0hcr8TTQ327l7NeP2Zyzy3GK1ERI2IX4cYgkhvhxGPW9x49DUfsN+sUBDnLx21"
    "aNWIdIddVI9ZyfMQ/zPVVtqj6hnFiH8emDPXw0N7/d576XQiXp9Jv5cPfpfdJcLC+dB57+"
    "ZG8VIaYwvfNSHcLuk/kiChQ5xOIDiR1BErQUIC+T1XJ1aRr0jImlAHdeSkugW1jG+ZkLyl"
    "M7L9XhavLp68ebz7fXh7qcRAkfBl+MVXZNUW4rxA9I2Wxj31x47gJ7wYo+0Q5Kc26qj8co"
    "k+3HIRnssXBIBpT6gTo0fatDs5+iKblsmxKCX8zGqab5CylArRZQqaXcn+ma65i2RJ3M3E"
    "sbGUEg34F8P8AV6UBpWCDfj3HUgXwH8h3I9y5Ym6xGpACzIKYDi9AB2GCVglXag42hw6Mb"
    "Oy9L07NFpZmoWUXLnacFl1jsSbpwtaWe5ifLnZb3REeWcYjuBJmIyZafd1febDdL3l8nVM"
    "dX4qcYUXzeJvOe/1Ij7kXpFDvhRYgfl0nbeIxd9Mi4MRAJe98uhkAkHJFJCUTCMY46EAlA"
    "JMRJ9wWFQXYTLUqCBSZxBIigjxUAv3UqQhSKggLeLaYDn7YF9pS9wXej0/OL88uzN+eXQ1"
    "ZHml5Kr1zU4B8dnZc7FHKtdRaArT2sMC/Y4WmFibZ4UKcV5iJu3PmcBMacavfmtISTrIm5"
    "KUjqwJd1HnXD1l9VOjgnpOGy3QpNyUHbMiq7TBZCs5Un+zZV2/dTrb2zqd5AsXZhB30iPu"
    "H0j2PkyvSpb6l1PXW4x6ZXDnaTpVhS1QR7FEU/UrnVB6OkAxgDhTF4DIOAgUXXeJXlRxDr"
    "cNF/jwNEjTSPddvJUnQqteue1uy6pyWe2PW0ZecVeHgcGKFnqwxBTRc6aJwF1UdS96lVfg"
    "rjQFcQH5uB8Wj6WPUo+IIsLDwqCw+xbYPM53TqUmzsEuWnFvwyccBfAf85VV/Y9C3x1laS"
    "NTmZrXiavi0yDTM19GmmTXUS9mtVl5OCLExnhekcoWeZZSXiKudzXggmdBWs8fFM7hP2PG"
    "KV1ZKrzoGq7qEfmVDseZAJBTFnEHN2iDFncEQMHHjSIEBwosLeYxmTT7AipDHzhdZHNuZW"
    "hc0Rjlcobo/4IZTYQo8rXiGQ9ZUENQ7RkgQzRAIf8VIGyHSsuKygadvukq3rxajIZrveLZ"
    "IyiWuQiF5MAUyCISCEcd/xFhDCeDzBbBDCeIyjDiGMEMKYO73Y4NpAOeHyC7tVPtIF6Z3I"
    "lsMZ5lZYFeIbUXHxLb1EgjDwugq8boQdN1yNBfYM+vMDY1x+gEolz1vfCfC+Rdhnpp9wtq"
    "n5oTjxq7qA6a8ShyoAaJhzNyyNAybTyulf04lGc//Po9HZ2cXo1dmby9fnFxevL1+lH0Hx"
    "Vt3X8Pb2PRuI3IBJjIxHQVuaSiEcdX3oF8NxKhdHUxNGI0ZvJFqOGsmQlwJnh0R6B/iVOo"
    "N6i5wlSFYC112/XHfihG4AWs2OPxdhzXzDmyGdrJ0gO6Kqn8NTBDa/2/ep5iab0R/J1Kss"
    "uplvMNzo8ZonbaV9Xh6mY+kHKHDR3H3CKPZ/PmLPRxPPnXM3VaGiB2tuOi5zP5V5u5rpdD"
    "c/F3uOoeLsWmNncNldqoQE7raPppLgZ9u3qjAEP9sReVzAz3aMow5+NvCzQamQvRAcOdVM"
    "AW5RDsCWADujiipAnZcCoGVndWzUKHgmRbHuit8ckDOSTkd1ZPNCgGsJrqzvAE+V6k5kZT"
    "RcGM5kFoaz6oXhrMjn86iDublYsLcoIF13eJQg2I98Ka1OjvLHM2yFNlXVx+Vu9crlpUSy"
    "uzXm1cEsMGYQlgTq1OrUsUSXZ40mY9nWtG77fEBwz4LvsAd8wCEfgBaltZU5YZJ8txrnS5"
    "pWJ+Nz4a2Z30NMAfoBPTwkBaUYAf3wgAjPBiKcQ2RZQz72ntiz/idu93KxKvPAtPGIbvKO"
    "OJKQcNSPdW8IjpAjosTBEXKMow6OEHCEQBXSbqqQZjUvVSYoK9c9EaRXMldShSjKCCqOxK"
    "Z8rqI85LSo5LTY1CyxojCriORU09mr5PXLmIBA/gOGGgL5gYw7eDIOAvkbD+Sv5jehDpU8"
    "7O3WoYoU7vsYk1JOOL0/3EQNpwcEyFHE1dDseIimHU5l+Nf16xpMBHjYvW95Q+Bhj4iRAx"
    "72GEcdeFjgYaNRVj31DA48UzvwjOtBCvgm7TXEt5WjbYifvnYB5U3MakYQKFW1k7SoSUGe"
    "tiCz13JwPqjC6SnAowLJt3+Fp7tC+9ihL9RE7fiEN9GMBuyMj+K4beCkEmwleSkebycfv8"
    "jiCf2Zu3QQcVjxhqgrxLsa8hBC/s+oIbHQiWkvzZXPa5vHx1En8YgvSqMXG3/AjrGLOazk"
    "ghgFbFPZ7YtKCNmmW7wDRFX2Ym8bApt3RLwOsHnHOOrA5gGbB+Ul9hJ2YxGfQrYyXM/CXh"
    "HvyoTOgpxGpZEbS+gE2qO78DHR6lDAu0wWQAeuqQdcU+UUbwBjMSxHU5zLvu4+pdJ+SdLp"
    "6QLl8A2oQFaJTYZ1XFWm1AJvLc1URc0R7dkm2OIFRlE2sg4tZ9hBJGA92D6yQoxO8Mvpy6"
    "QiaVqYs5Smarj3HYO7osmQfb4ES1RAlnWgxlKtCzbgyQRzXxLLU8Hqj6YAATu1991wCOzU"
    "EfEUwE4d46gDOwXsVI6dEtUGhc20ugcwOCWs/G/0d6nAnbTvsDpWvkb9oBOgmy/D5+DlNi"
    "SsIAZzWmJOc8y2yOsV5SCfVzLJNP04t0k3FYUB9c2oC6auooJUlNZQNdZMSzqEMpYL7Fhx"
    "qdguQvOlIvMViljGRNoWFkdeEiyOPn9LtCuKzS4WR3UPsHVJbF2e55a4xe/xc4VfPBXQAd"
    "26L+nmt/vcR1QoNpR+SB/uPr1PmosViMBfDq7b/oDeUZpAq97EbP2KMleiUN+ixo8oFtXY"
    "XymG7bx12fc3/N1DysehH7j0mvKzM4I7BbQzHVn1R1OZnR4rGUCffy6EzvdivR+Cc/KI3F"
    "TgnDzGUQfnJFAF4Jzc4xa7HoA4h9JwwvmjUix9UbC7s5FO2wL7OM9GWpeH6KIciVQ1kppi"
    "JIVaL4HpBQZbyum/5gvV3aJEXENFQac9AzvW9sNdEAb9oM9jHaf6GwvsEdcy+MeqbPtV9A"
    "Gf+SENPS4LolIaeFwaVgXD3rNhZ0S9TY232oGvrXhV1QWUG1OofkXfwbQZclvFvxSlYZ/t"
    "81c3pU/Fmc/F34J3qeoDRr7PI09/6XTK3DzzObYIHQLjkdh26TnWtYtubT+w8iqsvAtzNW"
    "dqyxxT0CzVeM8yYR3COtomwrKOUgW8BTHgHJVCa7cJIS+XBuDhZKg+QQ0nQ0E02MFHg5Xt"
    "jw3Ae53pSlN4BbUADt7q6OCtGjWjCXSTfjSFt1y12r6gtIUDk9gNHm72jneo0QjkJuwEm0"
    "Ho7VqAO4vXj1GPOgHWVRxyPNU2RCOvJ6RcTLKR+SQ2lze6n2EUsygoKaaD3AlyHcwrZmM0"
    "ducL+pcTsMtCbaI4QqNY16i5bncMkd4+NjrBUb2YkUNvJdSUXBWjssdCIaM+WANDBLHCxx"
    "M1CrHCxzjqECsMnqp4RU+UElWKXpDTkFxr5ZC3FLci2H/9cvdpA9hl3xMZB+i/yCb+ATNr"
    "ZQAzOHJfUSGvWEwhFj4P1oGYV+zhKH6J2uFeWFY7ty59viCq4aRv5+TIrLYfxQZvE/9S04"
    "2GqoVOu0zRPlQc+tIOQLPo85hT2/+JuKG/07hXdgJj3+exH6/oQ6NBwyVqZWX+U0Guu/Sn"
    "V21tr3CSyGGxXxVqi2ICJWROQvhB78MPfKEEzI4QixVlNIW55Nvua92fmyfMf0atuy1qNJ"
    "T2tmHWXtLZdufg5LwPfiRttqM/+cgmEyq0JMGMn0H78fNnROGnw/QYcreYOQmwxyDxiw63"
    "Zrvezenmjjk3wClPFc9XBCXPnWzijNuymbnbm232BIJLDlxyPV3QD9Q5Ay65Yxx1cMkBeQ"
    "Lle/a4xYLdD8e59AHc5o9wiYt/cotHcRnJyWkIdvOVk+aeZ4wTA1kIOCbTSuY7J6YN6/3n"
    "0ejs7GL06uzN5evzi4vXl69S+rt4q44Hf3v7nlHhuVEocuNZY1dRQRJENdSLdVKRwAkCjH"
    "wPviVdysMnGS0biOJM4oskVZxNvpE5eDpuz5MmyvIj0NSjaPpDNHYX7OzoiefOUTDD0cHQ"
    "rodc2tAjloVLMjSa735/mRoJsOqpGuLSGXW09fPZP4Ah3vuKPQSG+Ii4QmCIj3HUgSEG8y"
    "eX02w8mXZYElLJAt9/YbfKR7ogvVNGweEMcysJBb4bemVlEGpYtVSi47OoB53oM80zahkV"
    "VQHmvBSY+lDJqk9Qg4sJiKw+gA6hpb2CWTq0tGR/bABl/SrbiADntYI+8bH35vO160zIdF"
    "DCwq5vDuu414CuoGPeTiE8d4E9lHzeQxRTPsh1OPE5IZ4foIgRKA/BVRPfzJgCWwhsYU8X"
    "mQPljYAtPMZRl2EL+T2+aZj2OFzXwBPCVuoq1Fd1AcXpFYrTx6/NcfTKs6TxmMxNu4q6LY"
    "qLH2Ik/zLuRyte793N9e3Hqw8nr4fnAtLZDbG/VId26kXB6lbRqGUsdKp33rv0Px3Y53sd"
    "nPbCTHY1VT7h5zCaGUVLJbq30VBx0mYbzZRfqamAkZnaGYh+kTYeBz76+gX5po19RHv8ns"
    "d1eO6S2yQseLXEZNm+q9+d353rvHnDb/zJlzJz/pGbz1xy8E+wfcD2AS0YbB8Y9c5tn2gF"
    "VlhVUwENvS0jiZV1VF3xTdSuiW+sj79WMCZzch1akMmedrAG5PqMgeoiW+WQFyXrljG97E"
    "a6ChXKQ04Jk+b+FyecP6olTFWI63dSXCulUftkk/cKbfCFH7i13aUT8TMF/B2eEIfEv7/M"
    "RBcaDTfZ6mwUGeCxgHQ+B3uyhZg0tZfNANGn2ISa2MThBvb/hR7xWbhh6YkaauLMPGdncG"
    "QvIuJTU58Z9kx3G9J/2+7YpNvoKj6ZY8iSOkw0dkMn8FY/cKOefnWEdk41SZ+a9Ag/YW/1"
    "uxPpJWiNQfRGczMYzzB7SnI4Fbg5e7PiDcHUPyKjD0z9Yxx1GVOf/19hUU3aa6hKtlLePf"
    "tmBZjv8XNFyQNBTAcrqe6jufntPve9FLIP0m/mw92n90lzMSUhj/yWDuNGHcV9m/ANe4qz"
    "+qTKIiLK6TC9uzgfhYIxdb2VCtRZGYBZCmZgaDtmaIHcAnKrB7vioZNbGYJ9UEFtZZsMNx"
    "JbmdbSrFZWCAVuEkLCAkeQGwY+sTBnkr5+KSO1FKQZp3XroInrjXFUjOThIe+weXhAoRMQ"
    "m914XpDY9RDfOSHO2A592vYFsFK9WaqGwEodET8BrNQxjroMK7VXw7J349y+ydMj3/6xo8"
    "/R2hb7RFhD5JuvM9CjwKC+Qa8WGSRo10pIFkWPOcYKqCegnnRaboF60p96+urT69czPP62"
    "cEn5iWpik2Ed9RSyxsY4ba1ymlocZ4S+4dWffOS5th0u/DieCfFju3jcFAtgwhaLYIqJI/"
    "Y/Y+aG3sMDo50eHoKZ54bT2cPDsMBStfWg3x1+IBvPnXLMhT9zA/bHCi1ZVhaz9Vhs18nD"
    "QwEg2hfdR206fXy0nOEoAIz46Mm0ifXi5e9O/rn0zsPDd8Th0VoremHiemhJPwB36fND4d"
    "wwYGfGsUPEqzO2EggMCgFfjDMfIQfASEMLkmcXcrpyxXcz9jprVlNttwCAwf5usNBu3WEE"
    "pSt+ySkE8VfcX/quw1MIakg9YRZJuzUFOQ134JFUtcBRTbnAUbFeoPBlSqKdl9IR6zZCf9"
    "brXqlBVM1c5gQ1JC4Pl6gs8tPx/q06xBkxGOBeD3CiixVHuDp6LyujxWrZdexetOHw1AM1"
    "7UwQhMOitjssipe/3gZ/QRDw3wV/P5yX7Ct1was5uSMsc3R2OTwdSYevRmjNSYmLUQLlWA"
    "5QlkPZfN4O5UgOUN6Ask1/uh9UnXpQC7QoCljLYa0ekpIThGNE+qz2Q9xRtUqkb9wRuAPB"
    "HdiDFfTg3YE3zAwfVHkCo7vDzU5Abs3L+f+qId7tIErR0ZCnwqO/2DpOJ+V8Iee4in6Vkf"
    "a8yxGVu7wAk2rg4U1gwS6CA6+/zES1A49YeL5wA+yMV6o+vBJRDXfO0evXMq6l16+rXUvs"
    "Hrjx9uXGy6zTKmALYvrl3rYQkPscGFuiXSKqH+LtTm+IwOgwAmMbnk6QBJpuA00X4RU/VX"
    "mbXMvpt5CcvpJNY6nNYykgvvDcBfYCgv0i3uyA2HK881I7Hbi71Xoy+MskdKKaeI8hsQPi"
    "+C/ZY/930P1Mb+UcXtEyKy47tYRmibiGrObhsphF8trDY0yetmKvBVENB/pA6WuZZGmgr4"
    "G+7sEaevD09e2amaLjNqjisYVmw82EtkB5tUBt54/SESm22gSMTJkMKe5W/DGQhQEkrqb7"
    "RyskLhS0AR0NdDTQ0UBH20ZH+0Ah/9WLSMBy9WzdQkIzY6F5xpK1lsw3Zucp2KYfUPBMxz"
    "fH63MPGGz0vZGJFuw+S+RKMoMl8oYHwii29qDfHZ6hfGIi9tvjpGV+5AMbpe8mxLZfDJHp"
    "IxKwhOFnYl0+PPyAMmm3UVLyI57Qz4e2QqbHj320a855lMwa3unwR9Abu9IbwXcE2bt9wL"
    "oNvyhbco1n1fUlK9Vd8pMmCw1EX+trGkH0NZhGfQddF9PoM9f2B1V2UXxbwiiKzQY5g+hq"
    "SpeCKctwqjBColjf5CY3Pli1ofjAOma9lJQEb6jTjUx5fZz3Yzj+hllMiOkFYJz0SWcA4w"
    "SMk35j3YZxkluPFDVkUVZDHflwdeKivwBKofShFAeUQoFSKIexwEEplN6jDKVQoBSKXlhD"
    "KRSNNVCgZYGW7cG3pAktex16vusN6snZuNFQlqI1xlxAkqn9yV3SWx4vNR/Jr0M+0Mz0ox"
    "gPbHEKNUF1zbWePK7iaBFWXb5A2Tbee8NHMwID2xUDy53hEQ2xlR89KwrmM3jSwZN+iJ50"
    "7Q6pLShsKjqFjHJ35+B7l/6nA9Vur4PTnmK3o7KGK/QzvFElw5I6mFJO1y7aDhxEDQdRw5"
    "YKB1HDqG+lSOG5SWyVVTUV0G5hPRvJrKy0VeXSyu8JFWNM31+6dMeemX7JITrVOBcENeQX"
    "G8s6VdBYs/opO8fbn5FFSTWft7Hwjz9/xrZZcdx6qp8mHR3giFTpqH+0SRdeYY+MZ2U6aH"
    "ynVgs11216o4YeC+M2Oj2/OL88e3OekjrplTouZzOX9kS/oPgrk10iMyKwOMql5LOPSgHh"
    "uLmG6J7KFoirqw9XKHjgOgEuIzyqa8NlRLovDLcf/3BjJeB24ql23cz++H9rZBiX"
)
