"""ISO 4217 currency codes accepted as a merchant's default currency."""

_CODES = """
AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BRL BSD BTN BWP
BYN BZD CAD CDF CHF CLP CNY COP CRC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP
GEL GHS GIP GMD GNF GTQ GYD HKD HNL HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR
KMF KPW KRW KWD KYD KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK
MXN MYR MZN NAD NGN NIO NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF SAR
SBD SCR SDG SEK SGD SHP SLE SOS SRD SSP STN SVC SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS
UAH UGX USD UYU UZS VES VND VUV WST XAF XCD XOF XPF YER ZAR ZMW ZWL
"""
ISO_4217 = frozenset(_CODES.split())


def normalize_currency(code: str) -> str | None:
    """Upper-cased code when it is a known ISO 4217 currency, else None."""
    upper = code.strip().upper()
    return upper if upper in ISO_4217 else None


# ISO 4217 minor-unit digits where they are not 2 (amounts are integers of the minor unit).
_ZERO_DIGITS = frozenset("BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX VND VUV XAF XOF XPF".split())
_THREE_DIGITS = frozenset("BHD IQD JOD KWD LYD OMR TND".split())


def minor_unit_digits(code: str) -> int:
    """How many decimals the currency's minor unit has: 2 for most, 0 for JPY, 3 for KWD."""
    if code in _ZERO_DIGITS:
        return 0
    return 3 if code in _THREE_DIGITS else 2


def major_units(cents: int, code: str) -> str:
    """An amount of minor units as the currency writes it: ``4900, "USD"`` → ``"49.00"``,
    ``-1250`` → ``"-12.50"``, ``500, "JPY"`` → ``"500"``, thousands grouped with commas."""
    digits = minor_unit_digits(code)
    whole, part = divmod(abs(cents), 10**digits)  # integers only: no float can lose a cent
    text = f"{whole:,}.{part:0{digits}d}" if digits else f"{whole:,}"
    return f"-{text}" if cents < 0 else text
