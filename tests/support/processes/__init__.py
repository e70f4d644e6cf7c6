"""Child processes for the tests: free loopback ports and a stop that never hangs, the
served payments stack (a database, localstripe and ``tally serve`` of its own) and the
steps the served checkout journeys share.
"""
