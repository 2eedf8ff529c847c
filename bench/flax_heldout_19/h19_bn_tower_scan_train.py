# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 a setup BatchNorm (train mode) is called in the lax.scan refine step; batch_stats applied as mutable
"""Weight-tied refinement tower whose repeated step shares one BatchNorm, unrolled with a raw scan.

Modelled on google/flax#2052 ("nn.scan + nn.BatchNorm") and google/flax#3602 (batch_stats
in scanned modules), in the training path: the tower is applied with `jax.lax.scan`,
`mutable=['batch_stats']`, and the returned statistics are fed into the next step.
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
    variables = model.init(jax.random.key(0), x, train=True)
    _, updates = model.apply(variables, x, train=True, mutable=["batch_stats"])
    variables = {"params": variables["params"], "batch_stats": updates["batch_stats"]}
    y, updates = model.apply(variables, x, train=True, mutable=["batch_stats"])
    y.block_until_ready()
    return None
