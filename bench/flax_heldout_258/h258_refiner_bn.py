# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 IterativeRefiner.__call__ runs jax.lax.fori_loop itself and calls its own RefineBlock (with BatchNorm) in the body
import jax
import jax.numpy as jnp
from flax import linen as nn


class RefineBlock(nn.Module):
    features: int

    @nn.compact
    def __call__(self, x, train):
        h = nn.Dense(self.features)(x)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.95)(h)
        return x + 0.5 * nn.gelu(h)


class IterativeRefiner(nn.Module):
    features: int = 8
    num_iters: int = 4

    def setup(self):
        self.embed = nn.Dense(self.features)
        self.block = RefineBlock(self.features)
        self.readout = nn.Dense(2)

    def __call__(self, x, train: bool = True):
        h = self.embed(x)
        h = self.block(h, train)

        def refine(i, h):
            return self.block(h, train)

        h = jax.lax.fori_loop(1, self.num_iters, refine, h)
        return self.readout(h)


def train_stats_pass(model, variables, batch):
    _, updates = model.apply(variables, batch, train=True, mutable=["batch_stats"])
    return {**variables, **updates}


def main():
    model = IterativeRefiner()
    x = jnp.sin(jnp.arange(24.0)).reshape(6, 4)
    variables = model.init(jax.random.key(1), x, train=False)
    variables = train_stats_pass(model, variables, x)
    preds = model.apply(variables, x, train=False)
    jax.block_until_ready(preds)
