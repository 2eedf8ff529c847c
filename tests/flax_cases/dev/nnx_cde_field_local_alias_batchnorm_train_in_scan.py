# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 a CDE takes its Field submodule to a local before the scan (`field = self.field`); the body calls it, running its nnx.BatchNorm in training mode
import jax
import jax.numpy as jnp
from flax import nnx

class Field(nnx.Module):
    def __init__(self, rngs):
        self.lin = nnx.Linear(6, 6, rngs=rngs)
        self.norm = nnx.BatchNorm(6, rngs=rngs)

    def __call__(self, z):
        return jnp.tanh(self.norm(self.lin(z)))

class CDE(nnx.Module):
    def __init__(self, rngs):
        self.field = Field(rngs)

    def __call__(self, z0, dxs):
        field = self.field
        def step(z, dx):
            return z + field(z) * dx, None
        return jax.lax.scan(step, z0, dxs)[0]


def main():
    model = CDE(nnx.Rngs(0))
    z0 = jnp.linspace(-1.0, 1.0, 12).reshape(2, 6)
    model(z0, jnp.full((5,), 0.1))
