# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 1 the refiner's own __call__ runs lax.scan and calls its BatchNorm (use_running_average=not train) in the body
"""An iterative refinement network (same block applied K times) with BatchNorm, unrolled
with a raw lax.scan inside the module.

Shape of the reports: training code calls `model.apply(variables, x, train=True)` and forgets
`mutable=['batch_stats']`; with the loop in a scan the error points into the scan body.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class Refiner(nn.Module):
    features: int = 8
    iterations: int = 4

    @nn.compact
    def __call__(self, x, train: bool):
        dense = nn.Dense(self.features)
        norm = nn.BatchNorm(use_running_average=not train, momentum=0.9)
        x = norm(nn.relu(dense(x)))

        def body(h, _):
            h = h + norm(nn.relu(dense(h)))
            return h, None

        x, _ = lax.scan(body, x, None, length=self.iterations)
        return x


def main():
    model = Refiner()
    x = jax.random.normal(jax.random.key(0), (16, 8))
    variables = model.init(jax.random.key(1), x, train=False)
    y = model.apply(variables, x, train=True)
    loss = jnp.mean(y ** 2)
    print(loss)
    return None
