# label: trace-context
# flax-error: TraceContextError: Cannot mutate LeadTime from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 scan body is a closure inside the NNX forecast() method; each step increments a lead-time counter Variable on self
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
        def step(x, _):
            x = self(x)
            return x, None

        x, _ = jax.lax.scan(step, x0, None, length=n_steps)
        return x


def main():
    model = Emulator(3, rngs=nnx.Rngs(0))
    x = model.forecast(jnp.ones((1, 8, 8, 3)), 6)
    x.block_until_ready()
    return None
