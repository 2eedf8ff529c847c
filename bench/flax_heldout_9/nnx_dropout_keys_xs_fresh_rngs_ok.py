# label: ok
# flax-error: none
# class: 4 keys split outside and fed as xs; a keyword functools.partial step builds fresh nnx.Rngs from each key
from functools import partial

import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class Classifier(nnx.Module):
    def __init__(self, rngs):
        self.fc = nnx.Linear(5, 3, rngs=rngs)
        self.drop = nnx.Dropout(0.4)

    def __call__(self, x, rngs):
        return self.fc(self.drop(x, rngs=rngs))


def mc_step(carry, key, *, model, x):
    return carry, model(x, rngs=nnx.Rngs(dropout=key))


def main():
    model = Classifier(nnx.Rngs(0))
    keys = jax.random.split(jax.random.key(3), 6)
    _, logits = scan(partial(mc_step, model=model, x=jnp.ones((5,))), None, keys)
    return logits
