# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 self.norm (BatchNorm built in setup) updated in train mode inside a raw lax.scan over residual blocks
import jax
import jax.numpy as jnp
import flax.linen as nn


class ResidualTower(nn.Module):
    width: int = 16
    depth: int = 4

    def setup(self):
        self.proj = nn.Dense(self.width)
        self.norm = nn.BatchNorm(use_running_average=False, momentum=0.9)

    def __call__(self, x):
        x = self.proj(x)
        self.norm(x)  # create the statistics outside the loop

        def block(h, _):
            return h + nn.gelu(self.norm(h)), None

        h, _ = jax.lax.scan(block, x, None, length=self.depth)
        return h


def main():
    x = jax.random.normal(jax.random.PRNGKey(0), (8, 5))
    tower = ResidualTower()
    variables = tower.init(jax.random.PRNGKey(1), x)
    y, updates = tower.apply(variables, x, mutable=["batch_stats"])
    variables = {"params": variables["params"], **updates}
    y2, _ = tower.apply(variables, x, mutable=["batch_stats"])
    jnp.sum(y2).block_until_ready()
    return None
