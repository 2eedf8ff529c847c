# label: ok
# flax-error: none
# class: 3 params split with nnx.split and carried through fori_loop; the body merges them inside a jax.grad loss
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


def adapt(graphdef, params, x, y, steps=5, lr=0.01):
    def loss_fn(p):
        return jnp.mean((nnx.merge(graphdef, p)(x) - y) ** 2)

    def inner_step(i, p):
        g = jax.grad(loss_fn)(p)
        return jax.tree.map(lambda a, b: a - lr * b, p, g)

    return jax.lax.fori_loop(0, steps, inner_step, params)


def meta_loss(params, graphdef, support, query):
    adapted = adapt(graphdef, params, *support)
    xq, yq = query
    return jnp.mean((nnx.merge(graphdef, adapted)(xq) - yq) ** 2)


def main():
    model = SineNet(nnx.Rngs(0))
    graphdef, params = nnx.split(model)
    xs = jax.random.uniform(jax.random.key(1), (10, 1), minval=-5, maxval=5)
    xq = jax.random.uniform(jax.random.key(2), (10, 1), minval=-5, maxval=5)
    meta_grads = jax.grad(meta_loss)(params, graphdef, (xs, jnp.sin(xs)), (xq, jnp.sin(xq)))
    params = jax.tree.map(lambda p, g: p - 1e-3 * g, params, meta_grads)
    nnx.update(model, params)
    return None
