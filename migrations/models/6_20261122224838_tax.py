from tortoise import BaseDBAsyncClient

RUN_IN_TRANSACTION = True


async def upgrade(db: BaseDBAsyncClient) -> str:
    return """
        CREATE TABLE IF NOT EXISTS "tax_configs" (
    "id" VARCHAR(40) NOT NULL PRIMARY KEY,
    "created_at" TIMESTAMPTZ NOT NULL,
    "updated_at" TIMESTAMPTZ NOT NULL,
    "auto_tax_calculation" BOOL NOT NULL,
    "default_tax_rate" DECIMAL(5,4),
    "merchant_id" VARCHAR(40) NOT NULL UNIQUE REFERENCES "merchants" ("id") ON DELETE CASCADE
);
COMMENT ON TABLE "tax_configs" IS 'One per merchant, created on the first update.';
        CREATE TABLE IF NOT EXISTS "tax_nexus" (
    "id" VARCHAR(40) NOT NULL PRIMARY KEY,
    "created_at" TIMESTAMPTZ NOT NULL,
    "updated_at" TIMESTAMPTZ NOT NULL,
    "state" VARCHAR(2) NOT NULL,
    "is_active" BOOL NOT NULL,
    "effective_date" DATE,
    "registration_number" VARCHAR(100),
    "merchant_id" VARCHAR(40) NOT NULL REFERENCES "merchants" ("id") ON DELETE CASCADE,
    CONSTRAINT "uid_tax_nexus_merchan_b693df" UNIQUE ("merchant_id", "state")
);
COMMENT ON TABLE "tax_nexus" IS 'Where a merchant collects US sales tax: one row per state.';
        CREATE TABLE IF NOT EXISTS "tax_rate_definitions" (
    "id" VARCHAR(40) NOT NULL PRIMARY KEY,
    "created_at" TIMESTAMPTZ NOT NULL,
    "updated_at" TIMESTAMPTZ NOT NULL,
    "name" VARCHAR(200) NOT NULL,
    "description" TEXT,
    "tax_rate" DECIMAL(5,4) NOT NULL,
    "jurisdiction" VARCHAR(100),
    "category" VARCHAR(100),
    "is_active" BOOL NOT NULL,
    "merchant_id" VARCHAR(40) NOT NULL REFERENCES "merchants" ("id") ON DELETE CASCADE
);
COMMENT ON TABLE "tax_rate_definitions" IS 'A named rate that applies in one jurisdiction.';
        CREATE TABLE IF NOT EXISTS "tax_registrations" (
    "id" VARCHAR(40) NOT NULL PRIMARY KEY,
    "created_at" TIMESTAMPTZ NOT NULL,
    "updated_at" TIMESTAMPTZ NOT NULL,
    "jurisdiction" VARCHAR(100) NOT NULL,
    "registration_number" VARCHAR(100) NOT NULL,
    "registration_type" VARCHAR(40) NOT NULL,
    "effective_date" DATE NOT NULL,
    "expiration_date" DATE,
    "is_active" BOOL NOT NULL,
    "merchant_id" VARCHAR(40) NOT NULL REFERENCES "merchants" ("id") ON DELETE CASCADE
);
COMMENT ON TABLE "tax_registrations" IS 'A registration to collect tax outside the US.';"""


async def downgrade(db: BaseDBAsyncClient) -> str:
    return """
        DROP TABLE IF EXISTS "tax_configs";
        DROP TABLE IF EXISTS "tax_registrations";
        DROP TABLE IF EXISTS "tax_nexus";
        DROP TABLE IF EXISTS "tax_rate_definitions";"""


MODELS_STATE = (
    "eJztXWtz27jV/isYfakzo6a27MTebaczjpPNupvYncTZ7vQyDC1CEt5QpMqLL23z318AvI"
    "gEQYoQL6Kg82U3JnFA6gEInPOcC/47WroWtv2XlyvyC34e/Yj+O3LMJab/EO6M0chcrdbX"
    "2YXAvLd5U3NFjG/4mV807/3AM6cBvT4zbR/TSxb2px5ZBcR16FUntG120Z3ShsSZry+FDv"
    "l3iI3AneNggT164x//opeJY+En7LM//zuaEWxb/N+jJfamC9MJDGKxB9MXMILnFWb/xs4D"
    "8VxniZ1gxLrATysP+z59AT/pNfmZybsbme6e+K9jfdEGvL8n+pv4H9+Z7Oqbwd8jh1f0Fv"
    "y6kcheLUzvJ96S/eJ7Y+ra4dJZt149BwvXSZtTQNjVOXawZwbYymDIIIrhTi5FcNELgRfi"
    "FCdrfcHCMzO0gwzm98b62sgwbm7vjM/v7gxjpDBKUwoiRYM4gc9//9J8MmzszIMF/fPs+H"
    "v0nDUOUSv2wF8vP139fPnp6Oz4BXugS6dJNH9u4jsTfus778IMTGM92GuYpx5m0BhmUIT7"
    "Lb0TkCWWQ56XFKC3YtGXyT+2GYjkwnok1p9AH0NBf6B169jP8RSoGIq764/vPt9dfvwre9"
    "zS9/9tc/wu796xOxN+9Vm4evRaGLa0E/S367ufEfsT/f325h2H1/WDucefuG539/cReycz"
    "DFzDcR8N08rM1uRqghptuR71cGVtOep5SRj1oYx6glFm2OO3X486/7/Copq0b2dZ3fW45h"
    "bWyXGdlZW2Kl1a+b3vOXyzW2ZdjLMyWuJcC+YKlEWQs7qIAs6CmIZQn9SB+qQc6pMC1FTJ"
    "m5EnFZTXEhoC3P5cZh//wvQXqgtGIqOdvvv6rAbEr89KIWa3ihA/mHaovCinQluBHEM4zI"
    "l8UWciX5RP5IvCRPbwg/ttK30yL9mCPjkw5PdXfSxaDQJDUPdrEsQ03BnaMdMZFTL7JrXS"
    "EwiLsP/kepjMnV/wMwf/mr6l6UxlC1dMQH3MdLVnoH9PZlZydf25e+ZjyiGJE45iQH85Dq"
    "Jpevn56vLtu4h4ujen3x5NzzJysLM77sQVrqRti7eWk6V4xXTMOQeI/RL23jH6Vx62SPDe"
    "M/nLF9jB7O1xFUU45Q2NOWtZjyccRX37yER+eJ/eQVEXaOZ6yHUwmmEzCD2c/r3CHnEtdE"
    "T/fCR0PoUBwo714uVIGLEOum/GX05DP3DptWSxih4c/0U/kiD0N3GZOZCNTIdVhCZbMMvf"
    "yucjaGQhYneUXoQKq71D/GvZksDhNijEao+0Qgw87s43iDHwuAfE6AGPe4ijXofHjbSZbU"
    "Y9LwnW1nAGufhtl6gKCptpeQ/6cRpt7bAZ/BsAD4hvg/gS0+dPKWB+Eey/fL69KaMXslLi"
    "mkamAfofsonfmcE7+tMsdKbc2LkPiR0Qx3/JnvfnUf+LHEMpt74lcB99vPxNHImrD7dvxI"
    "WLdfBGGBbTtt3HhFTIj8obMr92Avm45MSEYSF7yT/Q96X/+/0Pk8np6fnk+PT1xauz8/NX"
    "F8cXtC1/4+Kt84rRenP9/vrmLj8q7ILIrTr40bRV1p+MSH9s28ihBn1Xc75rV5fvhp5sgl"
    "es8alEjxCvbNPZW4hTFkJBf0l4i/4gNulS/rC38zgmeChynrJxIMpqaBTqZB9kuLztBjqW"
    "BCtwyKMs0tg1l05BDHxuNcyPvIugLtJ5KQC6lp0HfmTwI+98f2jHjyxbrFuA9yrTlabwCn"
    "vUZnjjpbYFdH9a96QpuPltaVAhEMnMlsU/ZGZ9RfBD3Gq3CVJ5v2kNJ37y1jw/Cm9KjKqO"
    "I6ANseeYdjYqof4LpNJNXsH15qZD/mPWjWFIny4IQlTBrjUziCo4HP8yRBUc4qhDVAHwSX"
    "H61NIkSr6kVEBDe/u0VkrPaUVOz6kkQY0BRvH3lqZN/oOVFBWZLOBeD/fhZ7eO+vEqdZLb"
    "yv6/5aSWiALmdTCXGnkqq0mJvH6xSJ3Af09sm74C212ZUWvQP/CJCv6lHeg3AKe1BuC0Yg"
    "BO6w3ApOkATGAAlAdgSoLnbXBP5PSDu9MFh+n8bNV2LSWFpkRcP/Db90imE9YNncDbbq6v"
    "RfVDfFJnspdPdRHugPatpsqsJfQD96TWWnJSsZacFNcS15sbnmsrLSBZGR1hbjvYDuIYel"
    "ugRWeT2qwWRfWb3BA5Mijvu3LkSHaStgDxrdDdfk3tuihLvmzVQIecqzNfUUHIdInFf/rl"
    "E7ZTXEtid/JVHDSZ46XJcQ3R+pzpSie4uoyheRs6Dn2pK9eZkflIEkiTbzCuiqaxoqbsF9"
    "C2NYuJ/G1hBmhBO8WOjx4X2EEmirOO0Mp8ZmX2qCix/R/pZWoWIct89sesGsiU9mY6FgoW"
    "GM2IQ9ubPHmuWFGko2dsjvqBqBOIOhnoarOn8QcQdXKIo14n6oSv3IY/XWArtLHBlvDi8J"
    "cnf5eI958Fvpvwk07yvfkGasRJYvIBKU36lsrqlPw9OTk7P7s4fX2W5nynV6pSvYtp3dih"
    "C9ZUbu9VlTHOSmlIHenN0mmnxhUYI5Wcgjrs0q2D71z6nx64pZ0OTqvMUnuGZpIoIzExMz"
    "k05cZlnIZS06r87C6pTUZhopYeK3UQV4/8kRWVfCTBdIGO7l3Xxqbzghp4dD9fkgAdOeHy"
    "HnsvkOvRa7xsMzqK0JaUqezmEc0ySXw7nG9Kn0iANFhjyJrY+cI3Bvv1gCwZsF8PcdQhaw"
    "KyJmJ3B9uhFbbOpL2WBloH0SoW8aky9myoxvCLchri3UmkYZIdzoFSwFuU6zGOP9bKRz1N"
    "8rZZiPiFy86iYTzcr+xW2V4hSDciOPdno+iE34QyowMdluHwdIPaASC2a88ZOIg4aiHiiJ"
    "F1RpZO3B6tv9Ku9KsAVBqf1RJq2TgtDdHrMlzrgzsnzmUQ4OUqGEmo9Nz9cRWfbrOWhhk1"
    "rcmq3zoYWaa/uHfpD0G8B/qTn/+IPDxNYqjY9GCHMSGegc6Dp9hfceIcsjzygFGw8NwgYN"
    "kuRV69q4coMutptYIMk7qBWc9DakQp+EqFkcgqyTBs9GTaDfD6u1aTxsDrHxDDC7z+IY56"
    "HV4f6uR0Xa8lv2vW3rxyUhpi3f4R2H44nWJsyYq2vIlI1RInRlZOQJqxsXsIdQW0b25vP+"
    "TWpjfXwtEsN18+vnn36eiEQ08bkcjmj0L7GgVCtWdpfMQsUMVfkNVIYmdk7lZaGcu0XQcl"
    "Vv+R45tCn179V5VKz1rUqC+aeWcjFgFdGnTpPVyk9lSrAl36EEe9Vo6HYh2KRjUotnOuuY"
    "9OVHW8D4d+LX9+hTt/yBHuu/6KOq5DkSgjCjBnRABicE4OwDkpTugWoP3ia31USeYbHtJR"
    "GumEltp668leZelFrbo/SgMMLjC4BroK7KnqDQbXIY56HYPLxnPTVg6mzktpqKt2EkoNoe"
    "s94x2HQk9Dz8POVKlWq0y2R5Lhy+e3/VAMp3W8deW+OsXE7vXYmCvCDzeTOJoUAs0uV4Qa"
    "Hns4+2tF5kHUpxJa2aP+GiCl32masnyehihpGNWZp0lzXs3tccq7UfWEiiW7NIaJdaIrRN"
    "niow2BUqzWupdwsfD9FsL2dYYHshuU0FoSqkO18PUxvD4mfWmLGF2JG08s1ofOALEquJwZ"
    "bwEo2tcdx+MQ8DLaWN0zoOm80ie1Ki2DOV7mjbOyku6ueG/aogb1xrdO/7NwwKpkt4faW9"
    "7hQWCHH3BjmiYL3TvW30EgB0mniuixI64c/BQ2ROzOfLpJetEVJvab2OOJQ1rYEChin2iH"
    "b9P+tIYOzwlr0hJumd50RS30zTluZSP4wnrSegeIsCIWXq7cgHnYWnAHcdSu111q7BuK4P"
    "Nc2w6bctQctU+8J53QUoqmyziNc2fclCObVJvejG/hgJ29rLm1eb9oDzG6XWiNVvbjZREG"
    "visJrFWHLfMhX6WdagKfcrgrdyhJg10TV1NVqGvq09pcM+Vn9xHxAUXRxo/cGXIdjL5+5X"
    "/zqJ2vX5E5n1OFig4Eor/KRSaKCoUXy6O00F+zGuPrx2xOpOQ4RRoPZFFCUC+Ed0JQL4z6"
    "zoN6odL4Bv1iDwe5+G2rhhFD+LBq+HDO+ZOH+Y6qNmWfUE6sx6Dh0Q4+mne/3eW+l0J53/"
    "Sb+XB78z5pLtb8zQNPf7L3HCGmML3zUj3C7pPlKvLe72NGeGJHkAQtBchlslquLm2DnjGx"
    "FODOS2kJdAfLOC+Erzy181I9riY3Xz6++3R9ta/LSRSFb/DFWGXXFOW2QnyPlM0u9s2V56"
    "6wFzzTJ9qBNBGi/MwCmewwTi5gj4WTC6D+ChQHGVpxkN1UssilQEgIfjFFopzmL+RldFrV"
    "opJyf6JrrmPaNYoX5l7ayAgC+Q7k+x6uSHtKwwL5foijDuQ7kO9AvvfB2mQ1IgWYBTEdWI"
    "QewAarFKzSAWwMPZ6n13utkIEtKu1EzSpa7jxXU2KxJzmc5ZZ6mjRa7wizBzqyjEN0Z8hE"
    "TFZ+CJm8WTNL3l9nucZX4qcYUXzeJvOe/1Ij7kXpaDHhRYgf167aeLZY9Mi4MRAJO98uxk"
    "AkHJBJCUTCIY46EAlAJMSZ0AWFoe4mWpQEC6zGuQyCPlYA/NopCVEoCgp4k+6Mr5OuwJ6z"
    "N/j95OTs/Ozi9PXZxZgV96WX0ivnFfhH55nlTupba50FYCtPkMsL9niEXKIt7tURcrmIG3"
    "e5JIGxpNq9OZdwkhUxNwVJHfiy3qNu2PqrSgfnhDRctjuhKTloW0Zly2QhNFt5sm9TSns3"
    "JbR7m+otVNAWdtAH4hNO/zhGrnaa+pZa1VOPe2x6ZW83WYolVU2wR1H0I5VbfTAkHcAYKI"
    "zBfRgEDCy6xqssP4JYj4v+exwgaqR5rNtelqKTWrvuScWueyLxxK6nLSsi7+FpYISe2oHn"
    "5V3ooHEWVJ+auk+l8lM8BN03fGwGxr3pY9XzuQuysPCoLDzEtg2yXNKpS7GxJcpPJfgycc"
    "BfAf8lVV/Y9JV4a0vJmpzMVjzN0BaZlpka+jTTpjoJ+7Wqy0lBFqazwnSO0LNMWbWz0vmc"
    "F4IJXQZrfGaO+4A9j1iymqLlOVDlPQwjE4o9DzKhIOYMYs72MeYMzu2AUyhaBAjK3O88lj"
    "H5BEtCGjNfaHVkY25V2BzheIni9oifDIgtdP/MKwSyvpKgxjF6JMECkcBHvJQBMh0rLito"
    "2rb7yNb1YlRku103i6RM4hpqRC+mACbBEBDCuOt4CwhhPJxgNghhPMRRhxBGCGHMHSlrcG"
    "1ATrj8ym7JR7og3Yhs2Z9h7oRVIb4RFRff0kskCAOvq8DrRthxw9VYYc+gPz8wpvKzQEp5"
    "3upOgPctwr4w/YSzTc0PxYlf1gVMf5U4VAFAw1y6oTQOmMxLp39FJxrN/R8mk9PT88nx6e"
    "uLV2fn568ujtOPoHir6mt4c/2eDURuwGqMjEdBezSVQjiq+tAvhuOkXhxNRRiNGL2RaDlq"
    "JENeCpwdNdI7wK/UG9Rb5CxBshK47obluhMndAvQanYmtQhr5hveDOls7QRpiKp+Dk8R2P"
    "xuP6Sam2xGfyRzr7ToZr7BeKPHa5m0re3z8jAdSz9AgYuW7gNGsf/zHns+mnnukrupChU9"
    "WHPTcZn7SebtaqfTZn4u9hxDxdm1xs7gsk2qhATuto+mkuBn27WqMAY/2wF5XMDPdoijDn"
    "428LNBqZCdEBw51UwBblEOwK4BdkYVVYA6LwVA153VsVGj4JkUxforfrNHzkg6HdWRzQsB"
    "rhJcWd8BnivVncjKaLgwnNZZGE7LF4bTIp/Pow6W5mrF3qKAdNXhUYLgMPKltDo5yp8usB"
    "XaVFWfyt3qpcuLRLK/NeZ4bxYYMwglgTqVOnUs0edZo8lYdjWtuz4fENyz4DscAB+wzweg"
    "RWltMidMku9W4XxJ0+rq+Fx4a+b3EFOA/oi+fk0KSjEC+utXRHg2EOEcIssa8rH3wJ71h7"
    "jdy9WzzAPTxSP6yTviSELC0TDWvTE4Qg6IEgdHyCGOOjhCwBECVUj7qUKa1bxUmaCsXP9E"
    "kF7JXEkVoigjqDgSm/K5ivKQ06KS02JTs8SKwqwiklNNZy+T1y9jAgL59xhqCOQHMm7vyT"
    "gI5G89kL+c34Q6VPVh77YOVaRw38WYSDnh9P54EzWcHhBQjyIuh6bhIZp2OK/Dv65f12Ai"
    "wMPufMsbAw97QIwc8LCHOOrAwwIPG42y6qlncOCZ2oFnXA9SwDdpryG+nRxtQ/z0tQsob2"
    "JWM4JAqaqdpEVNCvKwBZm9loPzQRVOTwEeFUi+3Ss8/RXaxw59oTZqxye8iWY0YG98FMdt"
    "AyeVYFuTl+LxdvXjF1k8ob9wHx1EHFa8IeoK8a7GPISQ/zNqSCx0ZNqP5rPPa5vHx1En8Y"
    "gvpNGLrT+gYexiDqt6QYwCtqns9kUlhGzTLd4BoioHsbeNgc07IF4H2LxDHHVg84DNg/IS"
    "Owm7sYhPIXs2XM/CXhHv0oTOgpxGpZFbS+gE2qO/8DHR6lDAWyYLoAPXNACuqXSKt4CxGJ"
    "ajKc6yr3tIqbSfk3R6ukA5fAMqkFVik3EVV5UptcBb12aqouaI9mwTbPECoygbWYceF9hB"
    "JGA92D6yQoyO8Mv5y6QiaVqYU0pTtdx7w+CuaDJkn1+DJSogyzpQY6nWBRvwbIa5L4nlqW"
    "D1R1OAgJ3a+W44BnbqgHgKYKcOcdSBnQJ2KsdOiWqDwmZa3gMYnDWs/G/0d6nAnbTvsTpW"
    "vkb9qBeg2y/D5+DHbUhYQQzmdI05zTHbIq9XlIN83ppJpunHuU26qSgMqG9GXTB1FRWkor"
    "SGqrFmWtI+lLFcYceKS8X2EZpfKzJfoYhlTKRtYXHkJcHiGPK3RLui2DSxOMp7gK2rxtbl"
    "ea7ELX6Hn0r84qmADuhWfUnvfrvLfUSFYkPph/Th9uZ90lysQAT+cnDdDgf0ntIEOvUmZu"
    "tXyFyJQn2LCj+iWFRjd6UYtvPWZd/f8JuHlE9DP3DpNeVnZwQbBbQzHVn1R1OZRo+tGUCf"
    "fy6Ezg9ivR+Dc/KA3FTgnDzEUQfnJFAF4Jzc4Ra7HoA4h9JwwuW9Uix9UbC/s5FOugL7MM"
    "9GWpeH6KMcSa1qJBXFSAq1XgLTCwy2lNN/LVequ4VEXENFQac9AzvW9sNdEAb9YMhjHaf6"
    "GyvsEdcy+MeqbPuV9AGf+T4NPZYFUSkNPJaGVcGwD2zYGVFvU+OtcuArK16VdQHlxhSqX9"
    "F3MG2G3FbxL0Vp2GeH/NXN6VNx5nPxt+BdyvqAkR/yyNNfOp8zN89yiS1Ch8C4J7YtPce6"
    "ctGt7AdWXoWVd2U+L5nassQUNEs13lMmrENYR9dEWNZRqoC3IAaco1Jo7TYh5HJpAB5Ohh"
    "oS1HAyFESD7X00mGx/bAHeq0xXmsIrqAVw8FZPB29VqBltoJv0oym8ctVq+4LSFg5MYrd4"
    "uNlb3qFGI5CbsDNsBqHXtAB3Fq+foh51AqyvOOR4qm2IRl5PyHoxyUbmk9hc3uhugVHMoq"
    "CkmA5yZ8h1MK+YjdHUXa7oX07ALgu1ieIIjWJdo/a6bRgivX1sdIKjejEjh95KqKl6VYxk"
    "j4VCRkOwBsYIYoUPJ2oUYoUPcdQhVhg8VfGKniglqhS9IKchudbJIW8pbkWw//L59mYD2L"
    "LviUwD9D9kE3+PmTUZwAyO3FdUyCsWU4iFz4N1IOYVeziKX6J2uBfKaudWpc8XRDWc9N2c"
    "HJnV9qPY4G3iXyq60VC10GmXKdqHikMv7QA0iyGPObX9H4gb+o3GvbQTGPshj/30mT40Gj"
    "QsUStL858Kcv2lPx13tb3CSSL7xX6VqC2KCZSQOQnhB4MPP/CFEjANIRYrymgKs+TbHmrd"
    "n3cPmP+MSndb1Ghc29uGWfuazrZbByfnffAjabMd/c5HNplRoUcSLPgZtB8/fUIUfjpM9y"
    "F3i5mzAHsMEr/ocGu362ZON3fKuQFOeap4viIoee5kG2fcymZmszfb7AkElxy45Aa6oO+p"
    "cwZccoc46uCSA/IEyvfscIsFux+OcxkCuO0f4RIX/+QWj+IykpPTEOz2KyctPc+YJgayEH"
    "BM5qXMd05MG9b7h8nk9PR8cnz6+uLV2fn5q4vjlP4u3qriwd9cv2dUeG4Uitx41thVVJAE"
    "UQ31Yp1UJHCCACM/gG9Jl/LwSUbLBqI4k/hSkyrOJt/UOXg6bs+TJmT5EWjuUTT9MZq6K3"
    "Z29MxzlyhY4OhgaNdDLm3oEcvCkgyN9rvfXaZGAqx6qoa4dEYdbf189g9giHe+Yo+BIT4g"
    "rhAY4kMcdWCIwfzJ5TQbD6YdSkIqWeD7r+yWfKQL0o0yCvZnmDtJKPDd0JOVQahg1VKJns"
    "+iHvWiz7TPqGVUVAWY81Jg6kMlqyFBDS4mILKGADqElg4K5tqhpZL9sQWU9atsIwKc1wqG"
    "xMfemU9XrjMj85GEhV3fHFdxrwFdQae8nUJ47gp7KPm8xyimfJDrcOJzRjw/QBEjIA/BVR"
    "PfzJgCWwhs4UAXmT3ljYAtPMRRr8MW8nt80zDtabiugSeErVRVqC/rAorTKxSnj1+b4+jJ"
    "s6TxlCxNu4y6LYqLH2Ik/zLuRyte7+27q+uPlx+OXo3PBKSzG+JwqQ7t1IuC1a2iUdex0K"
    "neeefS//Rgn+90cLoLM2lqqtzgpzCaGUVLJbq30VBx0mYbzZS/UVMBIzO1MxD9Im08DXz0"
    "5TPyTRv7iPb4I4/r8NxHbpOw4FWJybJ9V/90/ulc5c0bfuN3fi0z5x+5+cwlR/8C2wdsH9"
    "CCwfaBUe/d9olWYIVVNRXQ0NsyqbGyTsorvonaNfGN9fHXCsZkTq5HCzLZ0/bWgFyfMVBe"
    "ZEsOeVGyahnTy26kq1ChPOScMGnuf3HC5b1awlSJuH4nxXVSGnVINvmg0AZf+J5b2306ET"
    "9RwN/iGXFI/PtlJrrQaLzJVmejyACPBWrnc7AnW4hJU3vZDBB9ik2oiU0cbmD/X+gRn4Ub"
    "Sk/UUBNn5jk7gyN7ERGfmvrMsGe625j+23anJt1Gn+OTOcYsqcNEUzd0Au/5j9yop18doZ"
    "1TTdKnJj3CD9h7/qcT6SVojUH0RkszmC4we0pyOBW4OQez4o3B1D8gow9M/UMc9TqmPv+/"
    "wqKatNdQleykvHv2zQow3+GnkpIHgpgOVlLVR/Put7vc91LIPki/mQ+3N++T5mJKQh75LR"
    "3GrTqKhzbhW/YUZ/VJlUVElNNhevdxPgoFY+56zypQZ2UA5lowA0PbM0ML5BaQWwPYFfed"
    "3MoQ7KMSaivbZLyR2Mq0rs1qZYVQ4CYhJCxwJCpFneOg3DDwiYU5t/Tls4zmatQf472uHT"
    "RzvSmOCpZ8/Zp36nz9ikInIDa78bQisXsivnNEnKkd+rTtC2CuBrOcjYG5OiAOA5irQxz1"
    "OszVTo3PwY1z92bRgPz/h44+R2tb7BNhDZFvvxbBgIKHhga9WvSQoF0rIVkUPeQ4LKCngJ"
    "7SabkFekp/euqLT6+XHriWuTuuIqVC1k7liLVyiJtVp03imYxvmDtW+CsZiWs8+ovtR3RS"
    "Llebasdmf5WR9tykbm2TF2h83Fp7WLCLbZbPrTpiQLpGS84WiL+74RJuPZ4tUE7DEQsvV2"
    "6Anelz8onUpz4LohrunJNXr+qEmrx6VR5qwu4JKnbuy6sLeF5KR6y7COvJrNMqYAti+jnk"
    "O7DAnwJjS7Qlovoh3u30Vly9RTkdl5NaRVwnFVVcJ8UyrtEiXFKyuDJcTZA8wNImpxfjk0"
    "ntkLUIr/ipytvkWk6/heTkuC5vXUlcFxBfee4KewHBklO/WNVoOd55qUZVuLdaT0Z/moVO"
    "FFRwHxI7II7/kj32z6P+Z3onxblFy6y47FR6TiXiGrpP99ddWvSSe3iKycNWbnJBVMOB3l"
    "M/eZ3oCKCvgb4ewBq69/T19ZqZouM2KuOxhWbjzYS2QHl1QG3n62uJFJtYaSvH7mbi4mpx"
    "t+KPMaKLQOICiavb/tEJiQsRrKCjgY4GOhroaNvoaJ9c2w5XpbpZfLuGTubxlnWzXuZ0KZ"
    "jT0fbj0ilpwRNEd7/f+ShyaCc32ZuhRxIs4lItCzf0JKkvLXW6UR2sDma4D6ffMCM+TS9o"
    "VpMVNLe+NDfw3uzCewOO9z48k7n1SFFDFmU11JH3RCeuRVhHHwivP6a2mwiCm7eVtgb2WI"
    "NtZY0/dypvg78gCPg3wd8Pl5J1riokICcHAQEbAgIitJZEkkNYA+VYDlCuh7L5tB3KkRyg"
    "vAFlm5mL28URiaKAdT2s1XnanGALKuj+AL13GijQskDLDuBb0oSWvQo93/VG1eRs3Ghcl6"
    "I1plygJlP7s/tIb3m8PlAkj9jP/P2M2DZamD6aLvD0Gz/ECqfHYK251qP75+ifiFgvipRt"
    "6723XHAIGNi+GFjbpDt8REOoDkRBFMzn7cxnqApUPiD76UmX6GyFqkBDUtm0K71WUNhUdA"
    "o4vHTwh5d+8XGJfoY3qmS4pg6mFLjYRNuB8opQXhG2VCivCKO+lSKFlyaxVVbVVEC7hfV0"
    "Umdlpa1Kl1Z+T0iLNH3/0aU79sL0Fyo4FwQ15BdbC61W0Fiz+imrTukvyEqSsvomFv7pl0"
    "/YTitpl+mnSUd7OCJlOur3LunCS+yR6UKmg8Z3KrVQc91mMGrooTBuk5Oz87OL09dnKamT"
    "XqnicjZzaQ/0C1Is8ZsRgcWxXt4J+6gUEI6ba4huNyf3uE6AZYRHeQGEjEj/1Q924x9urc"
    "5BI56q6Wb2/f8BqYQZEg=="
)
