# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "steps" in "/" because collection "counters" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 1 'counters' collection variable written inside the raw while_loop body during an apply without mutable
# modelled on: How to use BatchNorm layers in ninjax.py? (danijar/ninjax#13, ModifyScopeVariableError)
"""Adaptive computation: refine until the update is small, keep a step counter."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class Refiner(nn.Module):
    width: int = 8
    max_steps: int = 10
    tol: float = 1e-2

    @nn.compact
    def __call__(self, x):
        layer = nn.Dense(self.width, name="refine")
        steps = self.variable("counters", "steps", lambda: jnp.zeros((), jnp.int32))
        z0 = jnp.tanh(layer(x))

        def cond(carry):
            i, z, delta = carry
            return (i < self.max_steps) & (delta > self.tol)

        def body(carry):
            i, z, _ = carry
            z_new = 0.5 * z + 0.5 * jnp.tanh(layer(z))
            steps.value = steps.value + 1
            return i + 1, z_new, jnp.max(jnp.abs(z_new - z))

        _, z, _ = jax.lax.while_loop(cond, body, (jnp.int32(0), z0, jnp.float32(1.0)))
        return z


def main():
    x = jax.random.normal(jax.random.key(0), (3, 8))
    model = Refiner()
    variables = model.init(jax.random.key(1), x)
    z = model.apply(variables, x)
    assert z.shape == (3, 8)
    return None
