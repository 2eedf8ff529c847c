# label: ok
# flax-error: none
# class: 3 fast weights carried through the fori_loop via split/merge; the adapted learner is merged from the loop's final carry
"""First-order MAML with an NNX learner: the adapted learner is rebuilt from
the state that fori_loop returns."""
import jax
import jax.numpy as jnp
from flax import nnx

INNER_STEPS, INNER_LR = 3, 0.1


class Learner(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(1, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


def mse(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


def main():
    meta_model = Learner(nnx.Rngs(0))
    x_s = jnp.linspace(-1, 1, 10)[:, None]
    y_s = jnp.sin(3 * x_s)
    x_q, y_q = x_s + 0.05, jnp.sin(3 * (x_s + 0.05))
    graphdef, params = nnx.split(meta_model, nnx.Param)

    def inner(i, params):
        learner = nnx.merge(graphdef, params)
        grads = nnx.grad(mse)(learner, x_s, y_s)
        return jax.tree.map(lambda p, g: p - INNER_LR * g, params, grads)

    fast = jax.lax.fori_loop(0, INNER_STEPS, inner, params)
    query_loss = mse(nnx.merge(graphdef, fast), x_q, y_q)
    query_loss.block_until_ready()
    return None
