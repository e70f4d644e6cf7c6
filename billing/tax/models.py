"""Tax set-up of a merchant: the configuration, US nexus per state, rate definitions and
registrations outside the US. The calculation engine (billing/tax/tax_engine.py) reads
them; nothing here stores a computed tax.

Rates are exact decimals with four places (``0.0875`` is 8.75 %), never floats. Dates of
nexus and registrations are calendar dates (UTC): tax law takes effect on a day, not an
instant. Rows are deactivated with ``is_active`` rather than deleted, so a past invoice's tax
can still be explained.
"""

from tortoise import fields

from billing.core.models import PrefixedIdModel

RATE = {"max_digits": 5, "decimal_places": 4}


class TaxConfig(PrefixedIdModel):
    """One per merchant, created on the first update."""

    id_prefix = "taxcfg"
    merchant = fields.OneToOneField("models.Merchant", related_name="tax_config")
    auto_tax_calculation = fields.BooleanField(default=False)
    default_tax_rate = fields.DecimalField(**RATE, null=True)

    class Meta:
        table = "tax_configs"


class TaxNexus(PrefixedIdModel):
    """Where a merchant collects US sales tax: one row per state.

    Created on the state's first update."""

    id_prefix = "nexus"
    merchant = fields.ForeignKeyField("models.Merchant", related_name="tax_nexus")
    state = fields.CharField(max_length=2)
    is_active = fields.BooleanField(default=True)
    effective_date = fields.DateField(null=True)
    registration_number = fields.CharField(max_length=100, null=True)

    class Meta:
        table = "tax_nexus"
        unique_together = (("merchant", "state"),)


class TaxRateDefinition(PrefixedIdModel):
    """A named rate that applies in one jurisdiction.

    The jurisdiction is a US state, a locality of one, or a country; the engine adds up every
    active definition that matches a customer."""

    id_prefix = "taxrate"
    merchant = fields.ForeignKeyField("models.Merchant", related_name="tax_rate_definitions")
    name = fields.CharField(max_length=200)
    description = fields.TextField(null=True)
    tax_rate = fields.DecimalField(**RATE)
    jurisdiction = fields.CharField(max_length=100, null=True)
    category = fields.CharField(max_length=100, null=True)
    is_active = fields.BooleanField(default=True)

    class Meta:
        table = "tax_rate_definitions"


class TaxRegistration(PrefixedIdModel):
    """A registration to collect tax outside the US.

    In force from ``effective_date`` until ``expiration_date`` (inclusive)."""

    id_prefix = "taxreg"
    merchant = fields.ForeignKeyField("models.Merchant", related_name="tax_registrations")
    jurisdiction = fields.CharField(max_length=100)
    registration_number = fields.CharField(max_length=100)
    registration_type = fields.CharField(max_length=40)
    effective_date = fields.DateField()
    expiration_date = fields.DateField(null=True)
    is_active = fields.BooleanField(default=True)

    class Meta:
        table = "tax_registrations"
