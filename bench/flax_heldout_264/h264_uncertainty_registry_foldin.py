# label: ok
# flax-error: none
# class: 5 the estimator comes from a decorator registry (`ESTIMATORS["mc_dropout"]`); its fori_loop body calls the bound classifier `net` with the pass index folded into the dropout key
"""Uncertainty estimators chosen by name; MC dropout runs a fixed number of passes."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import fori_loop

ESTIMATORS = {}


def estimator(name):
    def register(fn):
        ESTIMATORS[name] = fn
        return fn

    return register


class Classifier(nn.Module):
    hidden: int = 16
    classes: int = 3
    rate: float = 0.3

    @nn.compact
    def __call__(self, x, dropout_rng=None):
        h = nn.gelu(nn.Dense(self.hidden)(x))
        h = nn.Dropout(self.rate, deterministic=dropout_rng is None)(h, rng=dropout_rng)
        return nn.softmax(nn.Dense(self.classes)(h))


@estimator("deterministic")
def single_pass(net, x, key, passes):
    return net(x)[None]


@estimator("mc_dropout")
def mc_dropout(net, x, key, passes):
    probs = jnp.zeros((passes,) + net(x).shape)

    def one_pass(i, probs):
        return probs.at[i].set(net(x, dropout_rng=jax.random.fold_in(key, i)))

    return fori_loop(0, passes, one_pass, probs)


def main():
    x = jnp.linspace(-1.0, 1.0, 10).reshape(2, 5)
    model = Classifier()
    variables = model.init(jax.random.key(0), x)
    net = model.bind(variables)
    probs = ESTIMATORS["mc_dropout"](net, x, jax.random.key(11), passes=6)
    return probs
