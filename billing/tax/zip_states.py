"""US ZIP code → state, by the first three digits (the USPS sectional center prefix).

Good enough to pick the state whose sales tax applies; a prefix that straddles a border is
rare at the three-digit level, and a caller that knows the state can pass it explicitly. The
military prefixes (APO/FPO: 090-098, 340, 962-966) and unassigned prefixes answer None, so no
state tax is charged on them. 969 covers Guam and the Northern Mariana Islands and answers GU;
American Samoa shares 967 with Hawaii (96799) and is recognised by its full ZIP.
"""

import re

# (first prefix, last prefix, state), inclusive, in order
RANGES = (
    (5, 5, "NY"), (6, 7, "PR"), (8, 8, "VI"), (9, 9, "PR"), (10, 27, "MA"), (28, 29, "RI"),
    (30, 38, "NH"), (39, 49, "ME"), (50, 54, "VT"), (55, 55, "MA"), (56, 59, "VT"),
    (60, 69, "CT"), (70, 89, "NJ"), (100, 149, "NY"), (150, 196, "PA"), (197, 199, "DE"),
    (200, 200, "DC"), (201, 201, "VA"), (202, 205, "DC"), (206, 219, "MD"), (220, 246, "VA"),
    (247, 268, "WV"), (270, 289, "NC"), (290, 299, "SC"), (300, 319, "GA"), (320, 339, "FL"),
    (341, 349, "FL"), (350, 369, "AL"), (370, 385, "TN"), (386, 397, "MS"), (398, 399, "GA"),
    (400, 427, "KY"), (430, 459, "OH"), (460, 479, "IN"), (480, 499, "MI"), (500, 528, "IA"),
    (530, 549, "WI"), (550, 567, "MN"), (569, 569, "DC"), (570, 577, "SD"), (580, 588, "ND"),
    (590, 599, "MT"), (600, 629, "IL"), (630, 658, "MO"), (660, 679, "KS"), (680, 693, "NE"),
    (700, 714, "LA"), (716, 729, "AR"), (730, 732, "OK"), (733, 733, "TX"), (734, 749, "OK"),
    (750, 799, "TX"), (800, 816, "CO"), (820, 831, "WY"), (832, 838, "ID"), (840, 847, "UT"),
    (850, 865, "AZ"), (870, 884, "NM"), (885, 885, "TX"), (889, 898, "NV"), (900, 961, "CA"),
    (967, 968, "HI"), (969, 969, "GU"), (970, 979, "OR"), (980, 994, "WA"), (995, 999, "AK"),
)  # fmt: skip
ZIP = re.compile(r"^(\d{5})(?:-?\d{4})?$")
EXACT = {"96799": "AS"}


def state_for_zip(postal_code: str | None) -> str | None:
    """The state of a 5-digit ZIP or ZIP+4 (``12345``, ``12345-6789``), or None."""
    match = ZIP.match((postal_code or "").strip())
    if not match:
        return None
    zip5 = match.group(1)
    if zip5 in EXACT:
        return EXACT[zip5]
    prefix = int(zip5[:3])
    for first, last, state in RANGES:
        if first <= prefix <= last:
            return state
    return None
