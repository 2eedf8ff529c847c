# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 a compact VectorField submodule whose `__call__` runs a training-mode BatchNorm, called once before a fori_loop and again in its body; apply with mutable=["batch_stats"]
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import fori_loop

class VectorField(nn.Module):
    @nn.compact
    def __call__(self, y, train: bool):
        h = nn.Dense(6)(y)
        return nn.tanh(nn.BatchNorm(use_running_average=not train, momentum=0.9)(h))

class ODEBlock(nn.Module):
    @nn.compact
    def __call__(self, y0, train: bool = True):
        field = VectorField()
        _ = field(y0, train)
        def rk2(i, y):
            k1 = field(y, train)
            return y + 0.1 * k1
        return fori_loop(0, 5, rk2, y0)

def train_step(variables, batch):
    return ODEBlock().apply(variables, batch, train=True, mutable=["batch_stats"])


def main():
    batch = jnp.ones((3, 6))
    variables = ODEBlock().init(jax.random.key(0), batch)
    jax.tree.map(lambda a: a + 0, variables)
    out, updates = train_step(variables, batch)
    jax.tree.map(lambda a: a + 0, updates)
