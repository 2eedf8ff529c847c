# label: ok
# flax-error: none
# class: 4 the while_loop body calls pilot.session.predict, found by __getattr__ on a proxy around an inference session, with per-step dropout keys split from its nnx.Rngs stream before the loop
"""Hot-air balloon flight: Monte Carlo burner duty during the ascent, served through a session proxy."""
from __future__ import annotations

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class BurnerPolicy(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(3, 16, rngs=rngs)
        self.dropout = nnx.Dropout(0.2, rngs=rngs)
        self.duty = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, flight, rngs=None):
        h = self.dropout(nnx.relu(self.hidden(flight)), rngs=rngs)
        return nnx.sigmoid(self.duty(h)).squeeze(-1)


class InferenceSession:
    def __init__(self, seed: int = 0):
        self.rngs = nnx.Rngs(params=seed, dropout=seed + 1)
        self.model = BurnerPolicy(self.rngs)

    def predict(self, flight, key=None):
        return self.model(flight, rngs=key)


class SessionProxy:
    """Counts requests; everything else is the wrapped session's."""

    def __init__(self, session: InferenceSession):
        self._session = session
        self.requests = 0

    def __getattr__(self, name):
        return getattr(self._session, name)


class Pilot:
    def __init__(self, session):
        self.session = session

    def ascend(self, envelope_temp, steps: int = 6):
        keys = jax.random.split(self.session.rngs.dropout(), steps)

        def more(state):
            step, _, _ = state
            return step < steps

        def body(state):
            step, flight, duties = state
            duty = self.session.predict(flight, keys[step])
            flight = flight + jnp.array([0.5 * duty - 0.2, 0.1 * duty, 0.0])
            return step + 1, flight, duties.at[step].set(duty)

        init = (0, envelope_temp, jnp.zeros(steps))
        _, _, duties = lax.while_loop(more, body, init)
        return duties


def main():
    pilot = Pilot(SessionProxy(InferenceSession()))
    return pilot.ascend(jnp.array([1.0, 0.0, 0.3]))
