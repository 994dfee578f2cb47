"""The rules of Divercité, one module per area; each function is bound once as a state method.

:mod:`.placement` says which pieces may go where and places them, :mod:`.scoring`
keeps the points and decides the end of the game. They take the state as their
first argument and ``DiverciteState`` binds them in its class body, so the
search's ``make``/``unmake`` cost no call more than methods written in place.
"""
