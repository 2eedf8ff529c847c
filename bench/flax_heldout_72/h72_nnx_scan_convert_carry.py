# label: ok
# flax-error: none
# class: 4 split params carried through the raw lax.scan, merged in the body, and merged again from the final carry after the loop
"""NNX for loop converted to lax.scan, fixed: rebuild the trained model from the final carry."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


def main():
    model = nnx.Sequential(nnx.Linear(4, 8, rngs=nnx.Rngs(0)), nnx.tanh, nnx.Linear(8, 1, rngs=nnx.Rngs(1)))
    tx = optax.sgd(0.1)
    graphdef, params = nnx.split(model, nnx.Param)
    opt_state = tx.init(params)
    xs = jnp.ones((5, 3, 4))
    ys = jnp.zeros((5, 3, 1))

    def step(carry, batch):
        params, opt_state = carry
        x, y = batch
        m = nnx.merge(graphdef, params)
        loss, grads = nnx.value_and_grad(lambda m: ((m(x) - y) ** 2).mean())(m)
        updates, opt_state = tx.update(grads, opt_state, params)
        nnx.update(m, optax.apply_updates(params, updates))
        return (nnx.state(m, nnx.Param), opt_state), loss

    (params, opt_state), losses = jax.lax.scan(step, (params, opt_state), (xs, ys))
    trained = nnx.merge(graphdef, params)
    test_pred = trained(jnp.ones((2, 4)))
    return None
