# label: ok
# flax-error: none
# class: 2 seq2seq decoder: functools.partial of a method as scan body, cell and head warmed before the scan
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class Seq2SeqDecoder(nn.Module):
    hidden: int = 16
    vocab: int = 11

    def setup(self):
        self.cell = nn.GRUCell(features=self.hidden)
        self.head = nn.Dense(self.vocab)

    def _decode_step(self, context, h, x):
        h, y = self.cell(h, jnp.concatenate([x, context], -1))
        return h, self.head(y)

    def __call__(self, context, targets):
        h = context
        h, logit0 = self._decode_step(context, h, targets[0])
        h, logits = scan(functools.partial(self._decode_step, context), h, targets[1:])
        return jnp.concatenate([logit0[None], logits])


def main():
    context = jnp.zeros((2, 16))
    targets = jnp.ones((5, 2, 4))
    model = Seq2SeqDecoder()
    variables = model.init(jax.random.PRNGKey(0), context, targets)
    model.apply(variables, context, targets)
    return None
