"""Enrollment: who joins a plan automatically when they sign up.

Owns enrollment rules (a plan and an email domain, soft-deleted like other catalog-adjacent
rows), the domain checks they share (``domains``), enrolling one user (``enroll``: the first
matching rule's plan, else the free plan) and the identity-provider webhook that enrolls each
new user of the merchant's sign-up system (``identity_provider``).

May call: payments (the free-subscription flow, which needs provider A), and below it
subscriptions, catalog, customers, accounts, core. It sits on the top line beside due_work
and onboarding; nothing below calls it, so deleting a plan leaves its rules in place and
every read of rules ignores those whose plan is gone.
"""
