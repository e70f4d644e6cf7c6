"""Stand-ins for the payment providers, on loopback: the localstripe wrapper for provider A
(and the webhook endpoints it lacks), the provider B fake with its objects, events and HTTP
plumbing, and the "no provider" server that refuses every call at once.

Only the providers are faked; Tally's own code always runs for real against them.
"""
