# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 an ABHarness holds two Variant objects whose predict() wraps model.apply with the module's default train=True; the scan body calls variant.predict
"""A/B evaluation harness comparing two checkpoints of the same architecture."""
import dataclasses
from typing import Any, Callable

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class ResBlockNet(nn.Module):
    width: int = 16

    @nn.compact
    def __call__(self, x, train: bool = True):
        h = nn.Dense(self.width)(x)
        h = nn.BatchNorm(use_running_average=not train)(h)
        h = nn.relu(h) + h
        return nn.Dense(3)(h)


@dataclasses.dataclass
class Variant:
    name: str
    apply_fn: Callable
    variables: Any

    def predict(self, x):
        return self.apply_fn(self.variables, x)


class ABHarness:
    def __init__(self, a: Variant, b: Variant):
        self.a, self.b = a, b

    def run(self, xs, labels):
        def body(wins, inputs):
            x, y = inputs
            acc_a = jnp.mean(jnp.argmax(self.a.predict(x), -1) == y)
            acc_b = jnp.mean(jnp.argmax(self.b.predict(x), -1) == y)
            return wins + (acc_b > acc_a), (acc_a, acc_b)

        wins, accs = scan(body, jnp.int32(0), (xs, labels))
        return wins, accs


def main():
    model = ResBlockNet()
    xs = jax.random.normal(jax.random.PRNGKey(0), (5, 8, 6))
    labels = jax.random.randint(jax.random.PRNGKey(1), (5, 8), 0, 3)
    va = model.init(jax.random.PRNGKey(2), xs[0])
    vb = model.init(jax.random.PRNGKey(3), xs[0])
    harness = ABHarness(Variant("A", model.apply, va), Variant("B", model.apply, vb))
    wins, _ = harness.run(xs, labels)
    print("B wins", wins)
    return None
