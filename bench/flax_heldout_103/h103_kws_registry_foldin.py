# label: ok
# flax-error: none
# class: 5 a factory registered under "mc_dropout" in a decorator registry closes over model, variables and a base key; its step function folds the sample index into the key inside the while_loop
"""On-device keyword spotting: estimate the posterior over wake words with Monte Carlo dropout.
Uncertainty estimators are registered by name with a decorator; each registered factory
returns a step function that draws one stochastic forward pass."""
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax

ESTIMATORS = {}


def register(name):
    def decorate(factory):
        ESTIMATORS[name] = factory
        return factory
    return decorate


class KeywordNet(nn.Module):
    n_keywords: int = 4
    hidden: int = 32

    @nn.compact
    def __call__(self, mfcc, deterministic: bool = True):
        h = nn.relu(nn.Dense(self.hidden)(mfcc.reshape(-1)))
        h = nn.Dropout(0.3)(h, deterministic=deterministic)
        return nn.Dense(self.n_keywords)(h)


@register("mc_dropout")
def make_mc_dropout(model, variables, seed: int):
    base_key = jax.random.key(seed)

    def draw(mfcc, sample_idx):
        rngs = {"dropout": jax.random.fold_in(base_key, sample_idx)}
        logits = model.apply(variables, mfcc, deterministic=False, rngs=rngs)
        return jax.nn.softmax(logits)

    return draw


def posterior_samples(draw, mfcc, n_samples: int, n_keywords: int):
    def more(c):
        return c[0] < n_samples

    def sample(c):
        i, buf = c
        return i + 1, buf.at[i].set(draw(mfcc, i))

    _, buf = lax.while_loop(more, sample, (0, jnp.zeros((n_samples, n_keywords))))
    return buf


def main():
    model = KeywordNet()
    mfcc = jax.random.normal(jax.random.key(5), (10, 13))
    variables = model.init(jax.random.key(0), mfcc)
    draw = ESTIMATORS["mc_dropout"](model, variables, seed=17)
    return posterior_samples(draw, mfcc, n_samples=8, n_keywords=4)
