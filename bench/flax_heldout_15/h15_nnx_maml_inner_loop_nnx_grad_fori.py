# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 40 (160 B)
# class: 3 fori_loop inner-adaptation body takes nnx.grad of a loss over the captured argument model and writes the SGD step back
import jax
import jax.numpy as jnp
from flax import nnx


class SineNet(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(1, 40, rngs=rngs)
        self.l2 = nnx.Linear(40, 40, rngs=rngs)
        self.l3 = nnx.Linear(40, 1, rngs=rngs)

    def __call__(self, x):
        return self.l3(nnx.relu(self.l2(nnx.relu(self.l1(x)))))


def loss_fn(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


def adapt(model, x, y, steps=5, lr=0.01):
    def inner_step(i, _):
        grads = nnx.grad(loss_fn)(model, x, y)
        params = nnx.state(model, nnx.Param)
        nnx.update(model, jax.tree.map(lambda p, g: p - lr * g, params, grads))
        return None

    jax.lax.fori_loop(0, steps, inner_step, None)
    return model


def main():
    model = SineNet(nnx.Rngs(0))
    x = jax.random.uniform(jax.random.key(1), (10, 1), minval=-5, maxval=5)
    adapted = adapt(model, x, jnp.sin(x))
    return None
