"""What the app and the hardware agree on: the interfaces and facts both sides share.

``device`` (the app) and ``drivers`` (hardware and OS) never import each
other; both import this package, which imports neither.  It holds the
display, link and speaker interfaces, the link's events, states and roles, and the
table of device profiles.
"""
