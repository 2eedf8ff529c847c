# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 the bound method self.step is the jax.lax.scan body and sows a per-step diagnostic into the mutable intermediates collection
"""Autoregressive rollout of a small grid weather emulator with an energy diagnostic per lead time."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class WeatherEmulator(nn.Module):
    channels: int = 4
    hidden: int = 16

    def setup(self):
        self.encoder = nn.Conv(self.hidden, (3, 3), padding="CIRCULAR")
        self.processor = nn.Conv(self.hidden, (3, 3), padding="CIRCULAR")
        self.decoder = nn.Conv(self.channels, (1, 1))

    def step(self, state, forcing):
        x = jnp.concatenate([state, forcing], axis=-1)
        delta = self.decoder(nn.swish(self.processor(nn.swish(self.encoder(x)))))
        new_state = state + 0.1 * delta
        self.sow("intermediates", "kinetic_energy", jnp.mean(new_state[..., :2] ** 2))
        return new_state, new_state

    def rollout(self, state0, forcings):
        _, trajectory = scan(self.step, state0, forcings)
        return trajectory

    def __call__(self, state, forcing):
        return self.step(state, forcing)[0]


def main():
    lat, lon, lead_times = 8, 16, 6
    key = jax.random.key(0)
    state0 = jax.random.normal(key, (1, lat, lon, 4))
    forcings = jnp.ones((lead_times, 1, lat, lon, 2))
    model = WeatherEmulator()
    params = model.init(jax.random.key(1), state0, forcings[0])["params"]
    traj, diags = model.apply({"params": params}, state0, forcings,
                              method=WeatherEmulator.rollout, mutable=["intermediates"])
    energy = jnp.stack(diags["intermediates"]["kinetic_energy"])
    print("energy drift", energy[-1] - energy[0])
    return None
