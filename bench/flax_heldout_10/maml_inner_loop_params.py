# label: ok
# flax-error: none
# class: 4 pure function of params: jax.grad(partial(mse, model)) in a raw fori_loop inside a jitted method
"""MAML on sine regression: inner adaptation is a fori_loop over the params pytree."""
from functools import partial

import jax
import jax.numpy as jnp
import optax
from flax import linen as nn
from jax.lax import fori_loop


class SineNet(nn.Module):
    @nn.compact
    def __call__(self, x):
        x = nn.relu(nn.Dense(40)(x))
        x = nn.relu(nn.Dense(40)(x))
        return nn.Dense(1)(x)


def mse(model, params, x, y):
    return jnp.mean((model.apply(params, x) - y) ** 2)


def adapt(model, params, x, y, inner_lr=0.01, inner_steps=3):
    loss_grad = jax.grad(partial(mse, model))

    def inner(_, p):
        g = loss_grad(p, x, y)
        return jax.tree.map(lambda w, gw: w - inner_lr * gw, p, g)

    return fori_loop(0, inner_steps, inner, params)


class MetaLearner:
    def __init__(self, key):
        self.model = SineNet()
        self.params = self.model.init(key, jnp.zeros((1, 1)))
        self.opt = optax.adam(1e-3)
        self.opt_state = self.opt.init(self.params)

    @partial(jax.jit, static_argnums=0)
    def meta_step(self, params, opt_state, xs, ys, xq, yq):
        def meta_loss(p):
            adapted = adapt(self.model, p, xs, ys)
            return mse(self.model, adapted, xq, yq)

        loss, g = jax.value_and_grad(meta_loss)(params)
        upd, opt_state = self.opt.update(g, opt_state)
        return optax.apply_updates(params, upd), opt_state, loss


def main():
    ml = MetaLearner(jax.random.key(0))
    xs = jnp.linspace(-3, 3, 10)[:, None]
    ml.params, ml.opt_state, loss = ml.meta_step(ml.params, ml.opt_state, xs, jnp.sin(xs), xs + 0.1,
                                                 jnp.sin(xs + 0.1))
    return None
