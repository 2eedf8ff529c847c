# label: ok
# flax-error: none
# class: 4 factory builds a pure scan body from a graphdef; params and optax state carried, merged back after
import jax
import jax.numpy as jnp
import optax
from flax import nnx


def make_train_body(graphdef, tx):
    def body(carry, batch):
        params, opt_state = carry
        x, y = batch

        def loss_fn(p):
            m = nnx.merge(graphdef, p)
            return jnp.mean((m(x) - y) ** 2)

        loss, g = jax.value_and_grad(loss_fn)(params)
        upd, opt_state = tx.update(g, opt_state, params)
        params = optax.apply_updates(params, upd)
        return (params, opt_state), loss
    return body


def main():
    model = nnx.Linear(2, 1, rngs=nnx.Rngs(0))
    graphdef, params = nnx.split(model)
    tx = optax.sgd(0.1)
    X = jnp.ones((10, 8, 2))
    Y = jnp.zeros((10, 8, 1))
    (params, _), losses = jax.lax.scan(make_train_body(graphdef, tx), (params, tx.init(params)), (X, Y))
    nnx.update(model, params)
    print(losses[0], losses[-1])
    return None
