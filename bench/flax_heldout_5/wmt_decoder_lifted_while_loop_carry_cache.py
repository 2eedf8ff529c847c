# label: ok
# flax-error: none
# class: 2 greedy decoding with the lifted nn.while_loop over a decode=True attention decoder, carrying the 'cache' collection and broadcasting params
"""The lifted counterpart of a raw while_loop decoder: nn.while_loop runs the body with the
module passed in, carry_variables='cache' threads the attention cache through the loop and
params are broadcast. apply is called with mutable=['cache']."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class DecoderLayer(nn.Module):
    vocab_size: int = 16
    dim: int = 16

    @nn.compact
    def __call__(self, tokens):
        x = nn.Embed(self.vocab_size, self.dim)(tokens)
        x = x + nn.MultiHeadDotProductAttention(num_heads=2, decode=True)(x)
        return nn.Dense(self.vocab_size)(x)


class GreedyDecoder(nn.Module):
    max_len: int = 6

    def setup(self):
        self.layer = DecoderLayer()

    def __call__(self, tokens):
        return self.layer(tokens)

    def decode(self, bos):
        out = jnp.zeros((bos.shape[0], self.max_len), jnp.int32)

        def cond_fn(mdl, state):
            i, _, _ = state
            return i < self.max_len

        def body_fn(mdl, state):
            i, token, out = state
            logits = mdl.layer(token[:, None])
            token = jnp.argmax(logits[:, -1], -1).astype(jnp.int32)
            return i + 1, token, out.at[:, i].set(token)

        _, _, out = nn.while_loop(cond_fn, body_fn, self, (0, bos, out), carry_variables="cache")
        return out


def main():
    model = GreedyDecoder()
    variables = model.init(jax.random.PRNGKey(0), jnp.ones((2, 6), jnp.int32))
    out, state = model.apply(variables, jnp.zeros((2,), jnp.int32), method=GreedyDecoder.decode, mutable=["cache"])
    assert out.shape == (2, 6)
    return None
