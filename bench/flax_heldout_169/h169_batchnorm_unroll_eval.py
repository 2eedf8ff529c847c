# label: ok
# flax-error: none
# class: 1 the refiner's own __call__ runs lax.scan and calls its BatchNorm in eval mode (use_running_average=True) in the body
"""An iterative refinement network (same block applied K times) with BatchNorm, unrolled
with a raw lax.scan inside the module.

The working twin: evaluation, so BatchNorm only reads its running statistics and the scan
body never writes to 'batch_stats'.
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
    y = model.apply(variables, x, train=False)
    loss = jnp.mean(y ** 2)
    print(loss)
    return None
