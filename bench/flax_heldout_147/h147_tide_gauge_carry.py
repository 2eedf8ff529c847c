# label: ok
# flax-error: none
# class: 4 GaugeStation holds a Session with the Harmonics model and its variables; the fori_loop body applies the model with the 'phase' collection taken from and returned to the carry
"""Tide forecasting: a harmonic model advanced hour by hour for each gauge station."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class Harmonics(nn.Module):
    n_constituents: int = 4  # M2, S2, K1, O1

    @nn.compact
    def __call__(self, level):
        amp = self.param("amp", nn.initializers.constant(0.25), (self.n_constituents,))
        phase = self.variable("phase", "angle", jnp.zeros, (self.n_constituents,))
        speeds = jnp.array([0.506, 0.524, 0.262, 0.243])[: self.n_constituents]
        phase.value = phase.value + speeds
        return 0.8 * level + jnp.sum(amp * jnp.cos(phase.value))


class Session:
    """Keeps a model bound to its variables so callers can step it like an object."""

    def __init__(self, model, variables):
        self.model = model
        self.variables = variables
        self.bound = model.bind(variables, mutable=["phase"])

    def phase_state(self):
        return self.bound.variables["phase"]


class GaugeStation:
    def __init__(self, name, session):
        self.name = name
        self.session = session


def forecast(station, start_level, hours):
    session = station.session
    params = session.variables["params"]

    def body(hour, carry):
        level, phase = carry
        level, updates = session.model.apply(
            {"params": params, "phase": phase}, level, mutable=["phase"])
        return level, updates["phase"]

    return jax.lax.fori_loop(0, hours, body, (start_level, session.variables["phase"]))


def main():
    model = Harmonics()
    variables = model.init(jax.random.key(0), jnp.zeros(()))
    station = GaugeStation("pier-3", Session(model, variables))
    level, phase = forecast(station, jnp.asarray(1.2), 12)
    # hand the advanced phases to the next forecast window
    next_vars = {"params": variables["params"], "phase": phase}
    nxt, _ = model.apply(next_vars, level, mutable=["phase"])
    _ = float(nxt)
    return None
