# label: ok
# flax-error: none
# class: 3 decoder whose sample() scans a step given the module by keyword (partial(step, model=self)); init runs __call__ first
import functools

import flax.linen as nn
import jax
import jax.numpy as jnp


def decode_step(h, token, *, model):
    h, logits = model.cell(h, model.embed(token))
    return h, jnp.argmax(logits, -1)


class Decoder(nn.Module):
    vocab: int = 7
    hidden: int = 5

    def setup(self):
        self.embed = nn.Embed(self.vocab, self.hidden)
        self.cell = nn.GRUCell(self.hidden)

    def __call__(self, tokens):
        h = jnp.zeros((tokens.shape[1], self.hidden))
        h, _ = self.cell(h, self.embed(tokens[0]))
        return h

    def sample(self, tokens):
        h = jnp.zeros((tokens.shape[1], self.hidden))
        return jax.lax.scan(functools.partial(decode_step, model=self), h, tokens)


def main():
    tokens = jnp.zeros((4, 2), jnp.int32)
    model = Decoder()
    variables = model.init(jax.random.PRNGKey(0), tokens)
    model.apply(variables, tokens, method=Decoder.sample)
