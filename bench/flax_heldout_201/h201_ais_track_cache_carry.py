# label: ok
# flax-error: none
# class: 1 TrackForecaster.forecast owns the 'cache' window variable; the window rides in its jax.lax.fori_loop carry and is written back once after the loop
"""Vessel track forecasting from AIS position reports.

The forecaster keeps a rolling window of recent (lat, lon) deltas in a `cache`
collection and rolls itself forward autoregressively for a forecast horizon. The
window is read before the loop, carried through it, and stored afterwards.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn

WINDOW = 4


class TrackForecaster(nn.Module):
    hidden: int = 16

    def setup(self):
        self.window = self.variable("cache", "window", jnp.zeros, (WINDOW, 2))
        self.mlp_in = nn.Dense(self.hidden)
        self.mlp_out = nn.Dense(2)

    def next_delta(self, window):
        h = nn.gelu(self.mlp_in(window.reshape(-1)))
        return 0.01 * self.mlp_out(h)

    def __call__(self, delta):
        window = jnp.roll(self.window.value, -1, axis=0).at[-1].set(delta)
        if not self.is_initializing():
            self.window.value = window
        return self.next_delta(window)

    def forecast(self, position, horizon):
        track0 = jnp.zeros((horizon, 2))

        def step(t, state):
            pos, window, track = state
            delta = self.next_delta(window)
            window = jnp.roll(window, -1, axis=0).at[-1].set(delta)
            pos = pos + delta
            return pos, window, track.at[t].set(pos)

        _, window, track = jax.lax.fori_loop(0, horizon, step, (position, self.window.value, track0))
        self.window.value = window
        return track


def main():
    model = TrackForecaster()
    variables = model.init(jax.random.PRNGKey(0), jnp.zeros((2,)))
    reports = jnp.cumsum(jax.random.normal(jax.random.PRNGKey(1), (6, 2)) * 0.01, axis=0)
    for delta in jnp.diff(reports, axis=0):
        _, updates = model.apply(variables, delta, mutable=["cache"])
        variables = {**variables, **updates}
    track, updates = model.apply(
        variables, reports[-1], 8, method=TrackForecaster.forecast, mutable=["cache"]
    )
    variables = {**variables, **updates}
    next_report = reports[-1] + 0.01
    predicted, _ = model.apply(variables, next_report - reports[-1], mutable=["cache"])
    jax.block_until_ready((track, predicted))
    return None
