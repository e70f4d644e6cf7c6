from tortoise import BaseDBAsyncClient

RUN_IN_TRANSACTION = True


async def upgrade(db: BaseDBAsyncClient) -> str:
    return """
        CREATE TABLE IF NOT EXISTS "credit_grants" (
    "id" VARCHAR(40) NOT NULL PRIMARY KEY,
    "created_at" TIMESTAMPTZ NOT NULL,
    "updated_at" TIMESTAMPTZ NOT NULL,
    "deleted_at" TIMESTAMPTZ,
    "stable_subscription_id" VARCHAR(40),
    "subscription_id" VARCHAR(40),
    "metric_ids" JSONB NOT NULL,
    "allowance" BIGINT NOT NULL,
    "renewal" VARCHAR(10) NOT NULL,
    "source" VARCHAR(10) NOT NULL,
    "status" VARCHAR(10) NOT NULL,
    "period_start" TIMESTAMPTZ NOT NULL,
    "period_end" TIMESTAMPTZ,
    "customer_id" VARCHAR(40) NOT NULL REFERENCES "customers" ("id") ON DELETE CASCADE,
    "feature_id" VARCHAR(40) NOT NULL REFERENCES "features" ("id") ON DELETE CASCADE,
    "merchant_id" VARCHAR(40) NOT NULL REFERENCES "merchants" ("id") ON DELETE CASCADE
);
CREATE INDEX IF NOT EXISTS "credit_grants_customer_idx" ON "credit_grants" ("merchant_id", "customer_id", "feature_id", "status");
CREATE INDEX IF NOT EXISTS "credit_grants_sub_idx" ON "credit_grants" ("merchant_id", "stable_subscription_id");
CREATE INDEX IF NOT EXISTS "credit_grants_due_idx" ON "credit_grants" ("status", "period_end");
COMMENT ON TABLE "credit_grants" IS 'Credits a subscription grants for one feature for one period (or without end).';
        CREATE TABLE IF NOT EXISTS "usage_events" (
    "id" BIGSERIAL NOT NULL PRIMARY KEY,
    "idempotency_key" VARCHAR(255) NOT NULL,
    "event_name" VARCHAR(200) NOT NULL,
    "customer_id" VARCHAR(40),
    "ext_customer_id" VARCHAR(200),
    "customer_key" VARCHAR(210) NOT NULL,
    "event_value" DECIMAL(38,12),
    "event_string" VARCHAR(1000),
    "properties" JSONB NOT NULL,
    "event_timestamp" TIMESTAMPTZ NOT NULL,
    "received_at" TIMESTAMPTZ NOT NULL,
    "merchant_id" VARCHAR(40) NOT NULL REFERENCES "merchants" ("id") ON DELETE CASCADE
);
CREATE INDEX IF NOT EXISTS "usage_events_customer_idx" ON "usage_events" ("merchant_id", "customer_key", "event_name", "event_timestamp");
CREATE INDEX IF NOT EXISTS "usage_events_time_idx" ON "usage_events" ("merchant_id", "event_timestamp");
CREATE INDEX IF NOT EXISTS "usage_events_name_idx" ON "usage_events" ("merchant_id", "event_name", "event_timestamp");
        CREATE TABLE IF NOT EXISTS "usage_idempotency_keys" (
    "id" BIGSERIAL NOT NULL PRIMARY KEY,
    "idempotency_key" VARCHAR(255) NOT NULL,
    "created_at" TIMESTAMPTZ NOT NULL,
    "merchant_id" VARCHAR(40) NOT NULL REFERENCES "merchants" ("id") ON DELETE CASCADE,
    CONSTRAINT "uid_usage_idemp_merchan_4dea89" UNIQUE ("merchant_id", "idempotency_key")
);
CREATE INDEX IF NOT EXISTS "usage_idempotency_keys_age_idx" ON "usage_idempotency_keys" ("created_at");
        CREATE TABLE IF NOT EXISTS "usage_rollups" (
    "id" BIGSERIAL NOT NULL PRIMARY KEY,
    "customer_key" VARCHAR(210) NOT NULL,
    "event_name" VARCHAR(200) NOT NULL,
    "bucket_start" TIMESTAMPTZ NOT NULL,
    "event_count" BIGINT NOT NULL,
    "value_sum" DECIMAL(38,12),
    "value_min" DECIMAL(38,12),
    "value_max" DECIMAL(38,12),
    "latest_value" DECIMAL(38,12),
    "latest_at" TIMESTAMPTZ,
    "merchant_id" VARCHAR(40) NOT NULL REFERENCES "merchants" ("id") ON DELETE CASCADE,
    CONSTRAINT "uid_usage_rollu_merchan_29d147" UNIQUE ("merchant_id", "customer_key", "event_name", "bucket_start")
);
COMMENT ON TABLE "usage_rollups" IS 'Aggregates of one customer key''s events of one name within one hour.';"""


async def downgrade(db: BaseDBAsyncClient) -> str:
    return """
        DROP TABLE IF EXISTS "usage_events";
        DROP TABLE IF EXISTS "credit_grants";
        DROP TABLE IF EXISTS "usage_idempotency_keys";
        DROP TABLE IF EXISTS "usage_rollups";"""


MODELS_STATE = (
    "eJztXWtz2zbW/iscfVl3RpvXlpzY7XY64yRO1m1i7yROt7OdDkOJkIQJL1pe7Hjb/PcXAE"
    "mJBEEKkEiKgs6XNiZxQOo5IHDwnAv+HLi+jZzw2dUS/4KeBj8Yfw48y0XkH9ydoTGwlsv1"
    "dXohsiYOa2otsfkFPbGL1iSMAmsakeszywkRuWSjcBrgZYR9j1z1YsehF/0paYi9+fpS7O"
    "H/xsiM/DmKFiggN37/g1zGno2+opD++edghpFjs38PXBRMF5YXmdimDyYvYEZPS0T/jbwH"
    "HPiei7xoQLtAX5cBCkPyAmHWa/Yzs3c3c919Zb+O9kUasP6+kt/E/vhGZZdfTPYeBbySt2"
    "DXzUz21cIK3rCW9BdPzKnvxK63br18iha+t2pOAKFX58hDgRUhO4chhSiFO7uUwEUuREGM"
    "VjjZ6ws2mlmxE+Uwn5jrawPTvL27Nz9e35vmQEFLUwIiQQN7Uch+v2t9NR3kzaMF+fP89F"
    "vynDUOSSv6wF+vPrz659WHk/PT7+gDfTJMkvFzm94ZsVvfWBdWZJlrZa9hngaIQmNaURnu"
    "1+ROhF0khrwoyUFvp6LPsn9so4jswloT60+gC1WQH2jfec5TOgRqVHF/8/764/3V+3/Rx7"
    "lh+F+H4Xd1f03vjNjVJ+7qyQtObatOjH/f3P/ToH8a/7m7vWbw+mE0D9gT1+3u/zOg72TF"
    "kW96/qNp2bnRml3NUCMt11qPl/aWWi9Kgtb7ovUMo5za07dfa539X2FSzdo3M63uW6+FiX"
    "V0KjOzklaVUyu7962Ab37JlMU4L6MlzlIw16DMg5y3RRRw5sQ0hPpMBuqzaqjPSlATI2+G"
    "v6qgvJbQEODmxzL9+BdWuFCdMDIZ7ezdF+cSEL84r4SY3ipD/GA5sfKkvBLaCuQUwn4O5E"
    "uZgXxZPZAvSwM5QA/+l63syaJkA/Zkz5A/XPOxvGvgGALZr4kT03BlaGabTqmQ2RfhLj2D"
    "sAz7Gz9AeO79gp4Y+DfkLS1vKpq4UgLqfa6rAwP9Wzaysqvrzz2wHlccEj/gCAbkl6MoGa"
    "ZXH19dvb5OiKeJNf3yaAW2WYCd3vFHPndl1bZ8yx25/BXLs+YMIPpL6Hun6L8KkI2jt4HF"
    "Xr7EDuZvD+sowilraM5pSzmecJD0HRqWEcaT1R0j6cKY+YHhe8iYISuKA7T6e4kC7NvGCf"
    "nzEZPxFEcG8uzvng04jbXQ/W785TQOI59cyyar5MHpX+QjieJwE5dZANnMdVhHaNIJs/qt"
    "QqZBMw8RvaP0IkRY7R3SX0unBAa3SSBWe6QdI+Bx975ADIHHPSJGD3jcY9S6DI+bWDPbaL"
    "0oCbut/ii5/G1XmAoKi2l1D/pxGk2tsDn8dwAeEN8GcReR508JYGEZ7J8/3t1W0Qt5KX5O"
    "w9PI+MtwcNjahnfw4yz2pmyzM4mxE2EvfEaf99Og+0mOolSY3zK4T95f/cZr4tW7u5f8xE"
    "U7eMmpxXIc/zEjFYpaeYnnN14k1ktBjFMLPkj+gbwv+d/fvx+NxuOL0en4xeXz84uL55en"
    "l6Qte+PyrYsabb28eXtze1/UCr3Ac6seerQclfknJ9Id2zbwyIa+rTHftqsr9ONANMBr5v"
    "iVRIcQLx3LO1iIVyyEgv2S8RbdQWyRqfzhYMdxSvAQ5ALlzQEvq+GmUKf9QY7L207RqSTs"
    "AvusZZ7Glpw6OTHwuUlsP4ouAlmki1IAtNQ+D/zI4Efe+/rQjB9ZNFk3AO+rXFeawsutUZ"
    "vhTafaBtB9s+5JU3CLy1KvQiCykS2Kf8iN+prgh7TVfhOkin5TCSd+9tYsPwptSoyqjyMg"
    "DVHgWU4+KkH+BVbSu7yCH8wtD//Pko1hWD2dE4Sogn1bZhBVcDz+ZYgqOEatQ1QB8Elp+p"
    "RrYSVf0kpAw/32WCqlZ1yT0zMWJKhRwAj+gWs5+H9IyVARyQLucrj3P7t10I1XqZXcVvr/"
    "LQe1QBQwl8FcuMlTmU0q5PWLRWoF/gl2HPIKdHWlm1qT/IHOVPCv7EA/BYylFDCuUcBYTg"
    "GjXRUwAgUoK2CKo6dtcM/k9IO71QmH2vx01vZtJYOmQlw/8Jv3SK4GrB97UbDdWF+L6of4"
    "SGawVw91Hu6I9K1myqwl9AP3TGouOauZS87Kc4kfzM3Ad5QmkLyMjjA3HWwHcQydTdC8s0"
    "ltVPOi+g1uiBzplfddOXIkP0gbgPiO6+6whrYsyoIvWzXQoeDqLFZU4DJdUvE3v3xAzgrX"
    "itidYhUHTcZ4ZXLcjmh9zHWlE1xtxtC8jj2PvNQr35vh+UAQSFNsMKyLprGTpvQXkLaSxU"
    "T+vbAiY0E6RV5oPC6QZ1hGmnVkLK0nWmaPiGIn/IFcJtsiw7aewiGtBjIlvVmebUQLZMyw"
    "R9pbLHmuXFGkpWdsjvqBqBOIOunpbHOg8QcQdXKMWpeJOmEztxlOF8iOHWTSKbys/urk7w"
    "rx7rPA9xN+0kq+N1tAzTRJTKyQyqRvoaxOyd+js/OL88vxi/NVzvfqSl2qdzmtG3lkwpqK"
    "93t1ZYzzUhpSR3qzdNqZcSXGSCWnQIZduvPQvU/+0wG3tFflNMosNbfRzBJlBFvMXA5N9e"
    "YyTUOR3FV+9F2yJyMwkZ0eLXWQVo/8gRaVfMTRdGGcTHzfQZb3HdngkfXcxZFx4sXuBAXf"
    "GX5ArrGyzcZJgragTGU7j9gtkyR04vmm9IkMSJM2hqyJvU98Q9i/HtFOBvavx6h1yJqArI"
    "nU3UFXaIWlM2uv5QathWgVG4fEGHsyVWP4eTkN8W4l0jDLDmdAKeDNy3UYx59a5YOOBnnT"
    "LET6wlVn0VAe7ld6q2qt4KR3IjgPZ6Fohd+EMqM9VUt/eLperQAQ23XgDBxEHDUQcUTJOj"
    "NPJ26P1r9IV/pVAKqMz2oItXyclobotRmu9c6fY+8qipC7jAYCKr1wf1jHpzu0pWklTSVZ"
    "9TsPGbYVLiY++SEG64H85Kd/GAGaZjFUdHjQw5gMloHOgqfoX2ninGEH+AEZ0SLwo4hmu5"
    "R59bYeosisr6oV5JjUDcx6EVIzScFXKoyEl1mG4U5PJt0Ar79vM2kIvP4RMbzA6x+j1mV4"
    "faiT03a9luKqKb14FaQ0xLr5I7DDeDpFyBYVbXmZkKoVToy8HIc0ZWMPEOoaaF/e3b0rzE"
    "0vb7ijWW4/vX95/eHkjEFPGuFkz5+E9u0UCNXcTuM9ooEq4QIvB4J9Ru5u7S7DXbVrocTq"
    "7wW+KQ7J1T/qTHraQqK+aO6dzVQEbGmwpQ9wkjpQqwps6WPUulSOh2Idip1qUGznXPMfva"
    "TqeBcOfSl/fo07v88R7vv+ilquQ5EZIwow50QAYnBO9sA5yQ/oBqD9FGp9VEnuG+7TURqr"
    "AS3c660He91OL2nV/lEasOGCDVdPZ4EDNb1hw3WMWpfZcDlobjnKwdRFKQ1t1VZCqSF0vW"
    "O801DoaRwEyJsq1WoVyXZIMnz6+LobimEs462r9tUpJnavdWMtMTvcTOBoUgg0u1pisvE4"
    "wNEvFZkHUZ9KaOWP+tsBKf1O0xTl8+yIkoZRnUWatODV3B6nohtVT6hossvOMNFOdIUoX3"
    "x0R6AUq7UeJFw0fL+BsH2d4YHsBiW0XExsqAa+PorX+6wvbREjM/HOA4v2oTNAtAouY8Yb"
    "AIr0dc/wOAa8zCZm9xxoOs/0Wa1K26SOl/nOWVlZd69Yb9qiBvXGt07/s1FEq2Q3h9pr1u"
    "FRYIce0M40TR66a9rfUSAHSaeK6MWhNUeNDLhPtCetR1qCFbaRu/QjyuQ3QDsz1G7WXWrM"
    "QSfwBb7jxLtyYQy1D6wnndBSitrJOacKZ2lUI5tVtd2Mb+kgj4Os7SMGWCnSiXGJwjinjG"
    "Wsi3Ja0Zmb0+X/6T8a7AMxkrnY8GeG7yHj82f2N3PYfv5sWPN5gOZEEQb5Vb5hGUmN2HJm"
    "fAP97VZedv2YzTk0DKdkEYIEGojngsgeiOcCre89nguKzG6R0NtzJZe/bdUIMogcU40cK/"
    "B+RZjviWlT9QkVxDqMFxvs4aO5/u2+8L2UKjuuvpl3d7dvs+Z8ucci8OQnB08JYgrDuyjV"
    "IewhdpeJ4+YQkwGzfQTO0FKAXCSr5ezSNOi5LZYC3EUpLYFuYRpnNZCVh3ZRqsPZ5PbT++"
    "sPN68OdTpJAjBNNhmrrJq8nA5Hrne9bkJeNyQd92C8t10Ruc0M2UJopYA95kMvqznkUrxn"
    "q9mytXzu1wgFnuVIFEUqvLSZEwRmF5jdA5yRDpTjA2b3GLUOzC4wu8DsdkEJ5C0iBZg5MR"
    "22qB2ADbtS2JX2YGHo8JyeznOQezapNBMlp7hzZzkggh17lhtSvVNfJaPIHY3yQDRL/qRh"
    "WcmR4OLDTcTNdjz4e509k15Jn2ImwV+btvfsl5ppL0pHlnAvgsO0JsbGM0uSR6aNgUjY+3"
    "IxBCLhiLaUQCQco9aBSAAiIc2wKhkMsotoWRJ2YBL1njl7rAT4jVfh/y4Lcnjj9jZfZ22B"
    "Padv8PfR2fnF+eX4xfnlkBYNJJdWVy5q8E/OSSmcALS2OkvA1p5MUxTs8GiazFo8qKNpCu"
    "EcvuviyHSJdW/NBZxkTUBHSVIHvqzrkA42/6rSwQUhDaftVmhKBtqWIb8iWYj7VR7s25To"
    "3E9pzs6GegOVObkV9AGHmNE/nlmoyaK+pNb11OEau7pysIsswZKYJiggKIaJya2uDEEHoA"
    "MFHUziKKJgkTleZfrhxDqc9N+iyCCbtIB228lUdCa16p7VrLpnAk/setjS4rQBmkZmHKgd"
    "pFrdhQ4WZ8n0kbR9ao2f8uGqoRkiKzInVohUz/0sycLEozLxYMcxseuSoUuwcQTGTy34In"
    "HAXwF/l5gvdPgKvLWVZE1BZiuepm+TTMNMDXma5RCbhP5a1emkJAvDWWE4J+jZlqi6UeV4"
    "LgrBgK6CNa3F7z+gIMC2qFbZzx/vbuswFvXAu1DwNDL+Mhwctkb4Dn6cxd6UYmpMYuxE2A"
    "uf0ef9tAcmgSJWzyTwpMGw6CehHUAmlKT9CDFnesacQT1wqG7dIEBQPnfvsYzZJ1gR0pj7"
    "QusjGwuzwuYIxysjbW+wE4eQbUyeWPk52lcW1Dg0HnG0MHAUGixP3rA8O61ZZzmO/0jn9X"
    "JUZLNd7xZJmcU1SEQvrgDMgiEghHHf8RYQwng8wWwQwniMWocQRghhLBxVZzJrQEy4/Epv"
    "iTVdkt6JbDkcNbfCquDQTCqBb+kl4oSB11XgdRPs2MbVXKLAJD8/Mqfi2v+VPG99J8D7lm"
    "FfWGHG2a62H4oDv6oLGP4qcagcgKbl+rEwDhjPK4d/TScajf3vR6Px+GJ0On5x+fz84uL5"
    "5enqIyjfqvsaXt68pYooKExCMwEB7dFSCuGo60O/GI4zuTiamjAaPnojs3LUSIaiFDg7JN"
    "I7wK/UGdRb5CxBshK47vrluuMHdAPQanbWJQ9r7hveDOls7QTZEVX9HJ48sMXVvk81N4sH"
    "Klf4uwonLm/weBVPepbxeQWI6DKMjMg3XP8BGan/c4KC0JgFvsvcVKWKHrS55fnU/STydj"
    "XT6W5+LvocU8XZtcbOZLK7VAmJ/G0fTSTBz7ZvU2EIfrYj8riAn+0YtQ5+NvCzQamQvRAc"
    "BdNMAW5eDsCWADtniipAXZQCoGVHdbqpUfBM8mLdFb85IGckGY7qyBaFAFcBrrTvCM2V6k"
    "7kZTScGMYyE8O4emIYl/l8FnXgWsslfYsS0tWJUyXBfuRL0cdqky8VThfIjh1iqk/FbvXK"
    "6UUg2d0cc3owE4wVxYJAnVqbOpXo8iDLTJdtDeu2D58D9yz4DnvABxzyAWhJWpvICZPlu9"
    "U4X1ZpdTI+F9aa+j34FKB/GJ8/ZwWlKAH9+bOBWTYQZhwizRoKUfBAn/V/abtnyyeRB6aN"
    "R3STd8SQhISjfsx7Q3CEHBElDo6QY9Q6OELAEQJVSLupQpq3vFSZoLxc90SQXslcWRWiJC"
    "OorIlN+VxlechpUclpcci2xE7CrBKSU81mr5LXL2MCAvkPGGoI5Acy7uDJOAjkbzyQv5rf"
    "hDpU8rC3W4cqMbjvU0yEnPDq/nATNbw6IECOIq6GZsdDNJ14LsO/rl/XpCLAw+59yRsCD3"
    "tEjBzwsMeodeBhgYdNtKx66hkceKZ24BmzgxTwzdpriG8rR9vgcPXaJZQ3Mas5QaBU1U7S"
    "IlsK/LAFmb2Wg/NBFU5PAR4VSL79GzzdFdpHHnmhJmrHZ7yJZjRgZ3wUw20DJ5VhK8lLsX"
    "g7+fhFGk8YLvxHz8AeLd6QdGWwroYshJD9M2mIbePEch6tp5DVNk+Po87iEb8TRi82/oAd"
    "YxcLWMkFMXLYrmS3LyrBZZtu8Q4QVdmLtW0IbN4R8TrA5h2j1oHNAzYPykvsJezGxiGB7M"
    "n0AxsFZbwrEzpLchqVRm4soRNoj+7Cx/hdhwLeIlkAHbimHnBNlUO8AYz5sBxNcRZ93X1K"
    "pf2YpdOTCcpjC1CJrOKbDOu4qlypBdZamqlKmhukZwcjmxUYNfKRdcbjAnkGjmgPTmjYMT"
    "JO0LP5s6wi6aowp5Cmarj3HYO7ksGQf74ES1RClnagxlKtCzag2QwxXxLNU0HqjyYAATu1"
    "99VwCOzUEfEUwE4do9aBnQJ2qsBO8WaDwmJa3QNsOCV2+V/I71KBO2vfYXWsYo36QSdAN1"
    "+Gz0OP25CwnBiMaYkxzTDbIq+Xl4N8Xskk09XHuU26KS8MqG9GndvqKhpIZWkNTWPNrKRD"
    "KGO5RJ6dlortIjRfKjJfoYhlSqRtseMoSsKOo8/fEumKYLPLjqO6B1i6JJauIPAFbvF79L"
    "XCL74S0AHdui/p+rf7wkdUKja0+pDe3d2+zZrzFYjAXw6u2/6A3lGaQKvexHz9CpErkatv"
    "UeNH5Itq7K8Uw3beuvz7m+HuIeXTOIx8ck352TnBnQLaqY2s+qOJzE6PlQygLz4XQud7Md"
    "8PwTl5RG4qcE4eo9bBOQlUATgn97jErhWQ5lCaXuxOlGLpy4LdnY101hbYx3k20ro8RBfl"
    "SKSqkdQUIynVeomsIDLpVE7+5S5VVwuBuIaGgk5rBvLs7dVdEgb7oM+6TlP9zSUKsG+b7G"
    "NV3vtV9AGf+SGpHomCqJQUj4RhVaD2nqmdEvUO2bzVKr624lVVF1BuTKH6FXkHy6HIbRX/"
    "UpaGdbbPX92cPBXlPpdwC96lqg/QfJ81T37pfE7dPK6LbExUYE6w4wjPsa6ddGv7gZlXYe"
    "ZdWk8uNVtcRECzVeM9RcI6hHW0TYTlHaUKeHNiwDkqhdZuE0Iulgbg4WSoPkENJ0NBNNjB"
    "R4OJ1scG4H2V60pTeDmzAA7e6ujgrRozowl0s340hVdsWm1fUNpGkYWdBg83e8061EgDhQ"
    "E7Q1YUB7sW4M7j9SbpUSfAuopDTofahmjk9YCUi0k2c5/E5vJG9wtkpCyKkRXTMfyZ4XuI"
    "VcxGxtR3l+QvL6KXudpEaYRGua5Rc93uGCK9fWx0hqN6MSOP3MqoKbkqRqLHQiGjPuwGhg"
    "bECh9P1CjECh+j1iFWGDxV6YyeGSWqFD0npyG51sohbyvcymD//PHudgPYou8JTyPjL8PB"
    "4QEzayKAKRyFr6iUV8ynEHOfB+2AzysOUBK/RPbhQSyqnVuXPl8S1XDQt3NyZN7aT2KDt4"
    "l/qelGQ9NCp1WmvD9UVL2wA7As+qxzsvd/wH4c7qT3yk5A933W/fSJPDRRGhKYlZX5TyW5"
    "7tKfTttaXuEkkcNivyrMFsUESsichPCD3ocfhFwJmB0h5ivKaAqz4Nvua92f6wfEfkatuy"
    "1pNJT2tiHaXtLZdueh7LwPdiRtvqO/hYaDZ0ToEUcLdgbt+w8fDAI/UdMkZm4xaxahgEIS"
    "lh1uzXa9m9PNnzJugFGeKp6vBEqWO9nEGbeikbnbm232BIJLDlxyPZ3QD9Q5Ay65Y9Q6uO"
    "SAPIHyPXtcYmHfD8e59AHc5o9wSYt/sh2P4jRSkNMQ7OYrJ7lBYE6zDTIXcIznlcx3QUwb"
    "1vv70Wg8vhidjl9cPj+/uHh+ebqiv8u36njwlzdvKRVe0EKZG89vdhUNJE5UQ7tYJxMJnC"
    "DAyPfgW9KlPHyW0bKBKM4lvkhSxfnkG5mDp9P2LGlClB9hzAOCZjg0pv6Snh09C3zXiBYo"
    "ORjaDwyfNAywbSNBhkbz3e8vUyMDVj1Vg586k462fj79BzDEe5+xh8AQHxFXCAzxMWodGG"
    "LY/hRyms0Hy4kFIZU08P1Xekus6ZL0ThkFh6PmVhIKQj8ORGUQali1lUTHZ1EPOrFnmmfU"
    "ciaqAsxFKdjqQyWrPkENLiYgsvoAOoSW9gpm6dBSwfrYAMr6VbbhAS5aBX3iYz+F5HplvG"
    "7u7rCOfY1pO5UI3WqEdyM3V7XavqAnxgfSVzLZr1r9tT4yZAP1mP9VzZyhucsL7Byt2xwW"
    "9GKT7Gudh1poaghc0+ln11/6tUPXdDUpi23kLv0IedOn7BORJ8JLohoagKPnz2US0Z8/r0"
    "5Ep/e4IsmFL08W8KKUjli3kfS/x9rfPeOkWi/9/TUyt0RbIKof4u0Ob8XZm5fTcTqR4gBH"
    "NSTgqMwCJpNwBeP9Gk2xazl103cl252IPku7OLyxXgP16+tXN++v3p2ML4dnI+6IjPxMI0"
    "I6faryMrmW028iOTuVLQlVWxOqXNc+8JcoiLCoSm11VaiiVPdloQY/zmJvyuJnJjF2IuyF"
    "z+hjf2rL0dC1b4ffmZWnnVqPqkBcQ2e6Tn7VAE0RftjKfc6JaqjoA42akImVAccXeGF6MI"
    "cecjgxI6hv1swU0dugisfmmg03E9oc5dUCtf17YSjyFNsfdcx3LkpSirvlf4yZXAQSF0hc"
    "3daPVkhciGcGGw1sNLDRwEbbxkb74DtOvKy0zdLbEjZZwFrKpnbNyVQwJ9oOszNxMh7cIK"
    "vf30IjcWhnN+mbsdpd2GN/L/w4ECR0NdTpRnOwPphhEk+/oCgpSF2yFMFy66XlBt6bfXhv"
    "wPHehWeyMB8pWsi8rIY28oHYxFKEdfKBTP1YZJ3VrSacIBQc2a7gCHMqm2HsCr6zOpd0QQ"
    "4c0hsc0glaLhYEkkugnMoBynIoW1+3QzmRA5Q3oOzQ7cp2cSy8KGAth7U6T1gQhFToPltA"
    "QAsCLdiDb+mwaUHGeQn4wKTsYx0RiIL204yUKDSoHwT1g8DfBvWDQOtb1Q9CroUdJYo2E9"
    "BuYh2PpAoxj2oqMY/Kkd5WGD76ZMVeWOFCBeeSoIYma2PRIiWrtdqwytuz7oSYMwu8FJVu"
    "ToXf/PIBkd1hWoWgyprNOjpAjVTZs9/atECvUICnC5ENmt6ptUKtdZvemKHH4sbd8VjLaq"
    "MzrciqMkXmRGBylAulox+VAsJpcw3RPZNN7KrL6yoFKvpehEQESXVOV06k+4Su/VCOjaVu"
    "Kaz6zS9m3/4f1nWvjA=="
)
