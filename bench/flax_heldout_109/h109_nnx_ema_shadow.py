# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the EMA shadow params are an attribute of one plain-Python EMA object, reassigned by ema.update() inside the fori_loop body
"""Train an NNX MLP with hand-written SGD in a raw jax.lax.fori_loop over the split params and
keep an EMA copy of the weights in a small helper object for evaluation."""
import jax
import jax.numpy as jnp
from flax import nnx


class MLP(nnx.Module):
    def __init__(self, rngs):
        self.l1 = nnx.Linear(3, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


class EMA:
    def __init__(self, params, decay=0.95):
        self.decay = decay
        self.shadow = params

    def update(self, params):
        self.shadow = jax.tree.map(lambda e, p: self.decay * e + (1 - self.decay) * p, self.shadow, params)


def main():
    model = MLP(nnx.Rngs(0))
    x = jax.random.normal(jax.random.key(1), (32, 3))
    y = jnp.tanh(x.sum(-1, keepdims=True))
    graphdef, params = nnx.split(model)
    ema = EMA(params)

    def loss_fn(p):
        return jnp.mean((nnx.merge(graphdef, p)(x) - y) ** 2)

    def body(i, p):
        grads = jax.grad(loss_fn)(p)
        p = jax.tree.map(lambda a, g: a - 0.05 * g, p, grads)
        ema.update(p)
        return p

    params = jax.lax.fori_loop(0, 20, body, params)
    nnx.update(model, params)
    print("train", loss_fn(params), "ema", loss_fn(ema.shadow))
    return None
