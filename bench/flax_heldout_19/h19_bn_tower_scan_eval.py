# label: ok
# flax-error: none
# class: 2 a setup BatchNorm is called in the lax.scan refine step with use_running_average=True (evaluation)
"""Weight-tied refinement tower sharing one BatchNorm, unrolled with a raw scan, at evaluation.

Modelled on google/flax#2052 ("nn.scan + nn.BatchNorm") and google/flax#3602 (batch_stats
in scanned modules), in the evaluation path: the tower is applied with the stored
statistics and without mutable collections.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn


class RefineTower(nn.Module):
    width: int = 6
    repeats: int = 3

    def setup(self):
        self.proj = nn.Dense(self.width)
        self.norm = nn.BatchNorm(momentum=0.9)

    def __call__(self, x, train: bool):
        h = self.norm(self.proj(x), use_running_average=not train)

        def refine(h, _):
            h = self.norm(nn.relu(self.proj(h)), use_running_average=not train)
            return h, None

        h, _ = jax.lax.scan(refine, h, None, length=self.repeats)
        return h


def main():
    x = jax.random.normal(jax.random.key(3), (4, 6))
    model = RefineTower()
    variables = model.init(jax.random.key(0), x, train=False)
    y = model.apply(variables, x, train=False)
    y = model.apply(variables, y, train=False)
    y.block_until_ready()
    return None
