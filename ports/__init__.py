"""What the app and the link's drivers agree on: the link's events, states, roles and sessions.

``device`` (the app) and ``drivers`` (hardware and OS) never import each
other; both import this package, which imports neither.
"""
