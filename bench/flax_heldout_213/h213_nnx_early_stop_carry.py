# label: ok
# flax-error: none
# class: 2 the best parameters travel in the while_loop carry next to the split model state and are written to the model in main after the loop
"""Training with early stopping in a raw jax.lax.while_loop, NNX model and optimizer split
into the carry.

Twin of h213_nnx_early_stop: the best parameters are part of the while_loop carry (selected
with jnp.where) and the model is updated from the loop's result."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx

lax = jax.lax


class MLP(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(4, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


def mse(model, x, y):
    return ((model(x) - y) ** 2).mean()


def main():
    x = jax.random.normal(jax.random.key(0), (64, 4))
    y = jnp.sin(x).sum(-1, keepdims=True)
    (x_tr, y_tr), (x_val, y_val) = (x[:48], y[:48]), (x[48:], y[48:])
    model = MLP(nnx.Rngs(1))
    opt = nnx.Optimizer(model, optax.sgd(0.05), wrt=nnx.Param)
    graphdef, state = nnx.split((model, opt))

    def cond(carry):
        step, _, _, _, bad = carry
        return (step < 50) & (bad < 3)

    def body(carry):
        step, state, best_params, best, bad = carry
        m, o = nnx.merge(graphdef, state)
        grads = nnx.grad(mse)(m, x_tr, y_tr)
        o.update(m, grads)
        val = mse(m, x_val, y_val)
        improved = val < best
        params = nnx.state(m, nnx.Param)
        best_params = jax.tree.map(lambda b, p: jnp.where(improved, p, b), best_params, params)
        return step + 1, nnx.split((m, o))[1], best_params, jnp.minimum(val, best), jnp.where(improved, 0, bad + 1)

    init = (0, state, nnx.state(model, nnx.Param), jnp.inf, 0)
    _, _, best_params, _, _ = lax.while_loop(cond, body, init)
    nnx.update(model, best_params)
    print("restored validation loss", mse(model, x_val, y_val))
