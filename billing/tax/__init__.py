"""Tax: settings (configuration, US nexus, rate definitions, registrations) and the engine.

The engine turns a customer and amounts into a breakdown by the rules in README.md ("Tax");
previews store nothing, invoices will use the same calculation. May call: customers,
accounts, core.
"""
