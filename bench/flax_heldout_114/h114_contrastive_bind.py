# label: same-values
# flax-error: none
# class: 4 the body calls trainer.views.view(), which calls an encoder bound with model.bind(..., rngs=) whose dropout calls make_rng
"""Contrastive pretraining (SimCSE-style): dropout is the augmentation, so two passes of the same
input through the encoder give a positive pair. Here the trainer estimates how spread the
dropout views are by drawing K views in a raw jax.lax.scan through a module bound with
model.bind(variables, rngs=...).

Modelled on "MC dropout gives zero variance" / "bound module gives the same dropout mask in
lax.scan" reports."""
import jax
import jax.numpy as jnp
from flax import linen as nn

from jax.lax import scan


class Encoder(nn.Module):
    hidden: int = 32
    embed: int = 16

    @nn.compact
    def __call__(self, x, train=False, rng=None):
        h = nn.gelu(nn.Dense(self.hidden)(x))
        h = nn.Dropout(0.1)(h, deterministic=not train, rng=rng)
        z = nn.Dense(self.embed)(h)
        return z / jnp.linalg.norm(z, axis=-1, keepdims=True)


class ViewMaker:
    def __init__(self, encoder):
        self.encoder = encoder  # a bound Linen module

    def view(self, x, rng=None):
        return self.encoder(x, train=True, rng=rng)


class Trainer:
    def __init__(self, model, variables, key):
        self.key = key
        self.views = ViewMaker(model.bind(variables, rngs={"dropout": key}))

    def dropout_views(self, x, k):
        def body(carry, _):
            return carry, self.views.view(x)

        _, views = scan(body, None, None, length=k)
        return views


def main():
    model = Encoder()
    sentences = jax.random.normal(jax.random.key(0), (4, 24))
    variables = model.init(jax.random.key(1), sentences)
    trainer = Trainer(model, variables, jax.random.key(2))
    views = trainer.dropout_views(sentences, k=5)
    spread = jnp.var(views, axis=0).sum()
    print("view spread", float(spread))
    return views  # the K dropout views, one per step
