# label: ok
# flax-error: none
# class: 4 split Param state is the jax.lax.scan carry and the trained state is taken from the scan result, then nnx.update
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


def main():
    model = nnx.Sequential(
        nnx.Linear(3, 16, rngs=nnx.Rngs(0)),
        nnx.relu,
        nnx.Linear(16, 1, rngs=nnx.Rngs(1)),
    )
    xs = jax.random.normal(jax.random.key(0), (8, 32, 3))
    ys = jnp.sin(xs[..., :1])
    graphdef, params = nnx.split(model, nnx.Param)

    def loss_fn(params, x, y):
        m = nnx.merge(graphdef, params)
        return jnp.mean((m(x) - y) ** 2)

    def train_step(params, batch):
        loss, grads = jax.value_and_grad(loss_fn)(params, *batch)
        params = jax.tree.map(lambda p, g: p - 0.05 * g, params, grads)
        return params, loss

    params, losses = lax.scan(train_step, params, (xs, ys))
    nnx.update(model, params)
    model(xs[0]).block_until_ready()
    return None
