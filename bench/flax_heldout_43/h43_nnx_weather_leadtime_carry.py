# label: ok
# flax-error: none
# class: 2 scan body inside forecast() merges the emulator from a carried nnx.split state; the lead-time counter leaves the loop in the carry
"""Autoregressive regional weather emulator that conditions each step on the forecast lead time."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class LeadTime(nnx.Variable):
    pass


class Emulator(nnx.Module):
    def __init__(self, channels, *, rngs):
        self.conv = nnx.Conv(channels, channels, (3, 3), rngs=rngs)
        self.lead_embed = nnx.Embed(32, channels, rngs=rngs)
        self.lead = LeadTime(jnp.array(0))

    def __call__(self, x):
        dx = self.conv(x) + self.lead_embed(self.lead.value)
        self.lead.value = self.lead.value + 1
        return x + 0.1 * jnp.tanh(dx)

    def forecast(self, x0, n_steps):
        graphdef, state = nnx.split(self)

        def step(carry, _):
            x, state = carry
            m = nnx.merge(graphdef, state)
            x = m(x)
            return (x, nnx.state(m)), None

        (x, state), _ = jax.lax.scan(step, (x0, state), None, length=n_steps)
        nnx.update(self, state)
        return x


def main():
    model = Emulator(3, rngs=nnx.Rngs(0))
    x = model.forecast(jnp.ones((1, 8, 8, 3)), 6)
    x.block_until_ready()
    return None
