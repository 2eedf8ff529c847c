# label: trace-context
# flax-error: TraceContextError: Cannot mutate PruningMask from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 the Pruner reaches each layer's PruningMask (an nnx.Variable subclass) through the model and assigns it inside the while_loop body
"""Iterative magnitude pruning toolkit for NNX models, with masks stored as a Variable subclass."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


class PruningMask(nnx.Variable):
    """Binary keep-mask; excluded from the optimizer because it is not an nnx.Param."""


class MaskedLinear(nnx.Module):
    def __init__(self, din, dout, rngs):
        self.linear = nnx.Linear(din, dout, rngs=rngs)
        self.mask = PruningMask(jnp.ones((din, dout)))

    def __call__(self, x):
        return x @ (self.linear.kernel[...] * self.mask[...]) + self.linear.bias[...]


class Net(nnx.Module):
    def __init__(self, rngs):
        self.fc = MaskedLinear(6, 6, rngs)

    def __call__(self, x):
        return self.fc(x)


@dataclasses.dataclass
class PruneSchedule:
    target_sparsity: float = 0.5
    step: float = 0.1


class Pruner:
    def __init__(self, model, schedule):
        self.model, self.schedule = model, schedule

    def _layer(self):
        return self.model.fc

    def prune(self):
        layer = self._layer()
        w = jnp.abs(layer.linear.kernel[...])

        def cond(state):
            sparsity, _ = state
            return sparsity < self.schedule.target_sparsity

        def body(state):
            sparsity, q = state
            q = q + self.schedule.step
            threshold = jnp.quantile(w, q)
            layer.mask.value = (w > threshold).astype(jnp.float32)
            return 1.0 - layer.mask.value.mean(), q

        return jax.lax.while_loop(cond, body, (jnp.array(0.0), jnp.array(0.0)))


def main():
    model = Net(nnx.Rngs(0))
    Pruner(model, PruneSchedule()).prune()
    return None
